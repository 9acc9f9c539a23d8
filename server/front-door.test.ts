import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCatalogueFixture } from "../tests/factories/catalogue-fixture.ts";
import { openTestDb, type TestDb } from "../tests/support/db.ts";
import { type App, buildApp } from "./app.ts";
import { loadConfig } from "./config.ts";
import { PRODUCT_CACHE_MS } from "./modules/catalogue/index.ts";
import { ADDRESS_COOKIE } from "./modules/geo/address-cookie.ts";

/** The saved-address cookie as the geo module writes it, for a point in Brooklyn. */
function addressCookieValue(lat: number, lng: number): string {
  return encodeURIComponent(
    JSON.stringify({
      address: "1 Main St, Brooklyn, NY 11201",
      street: "1 Main St",
      street_number: "1",
      route: "Main St",
      unit: null,
      city: "Brooklyn",
      state: "NY",
      zip: "11201",
      lat,
      lng,
      store_id: "nyc-brooklyn",
      shipping: false,
    }),
  );
}

/** Headers that differ between any two answers (or between a socket and app.inject) by nature. */
const PER_RESPONSE = new Set(["date", "connection", "keep-alive", "x-request-id", "transfer-encoding"]);

/**
 * The front door in the built app (docs/adr/0013-front-door-cache.md), listening on a real socket: a public
 * product answer the pipeline produced is replayed byte for byte; what may depend on who asks is not.
 */
describe("the app's front door", () => {
  let t: TestDb;
  let app: App;
  let base: string;
  /** Requests that reached Fastify's pipeline, and the freshness each answer was marked with. */
  const pipeline: { url: string; publicUntil: number }[] = [];

  beforeAll(async () => {
    t = await openTestDb("pglite");
    await createCatalogueFixture(t.db);
    app = await buildApp({ config: loadConfig({ NODE_ENV: "production" }), db: t.db, logger: false });
    app.addHook("onResponse", (req, reply, done) => {
      pipeline.push({ url: req.url, publicUntil: reply.publicUntil });
      done();
    });
    await app.listen({ port: 0, host: "127.0.0.1" });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await app?.close();
    await t?.close();
  });

  const request = (path: string, headers: Record<string, string> = {}) =>
    new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      http
        .get(`${base}${path}`, { headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () =>
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
          );
        })
        .on("error", reject);
    });
  const stable = (headers: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(headers).filter(([name]) => !PER_RESPONSE.has(name)));
  const reachedPipeline = async (fn: () => Promise<unknown>) => {
    const before = pipeline.length;
    await fn();
    return pipeline.length - before;
  };

  it("replays a product answer after the pipeline made it, with the pipeline's headers and bytes", async () => {
    const url = "/menu/product/IA-10157-750,IA-10158-1750,IA-10160-750,IA-17956-750";
    const first = await request(url, { "x-store-id": "nyc-brooklyn" });
    expect(first.status).toBe(200);
    for (const accept of [undefined, "gzip", "br", "gzip, deflate, br", "identity"]) {
      const headers: Record<string, string> = { "x-store-id": "nyc-brooklyn" };
      if (accept) headers["accept-encoding"] = accept;
      let replayed: Awaited<ReturnType<typeof request>> | undefined;
      expect(
        await reachedPipeline(async () => {
          replayed = await request(url, { ...headers, "x-request-id": "door-test-1" });
        }),
      ).toBe(0);
      const reference = await app.inject({ method: "GET", url, headers });
      expect(replayed?.status).toBe(200);
      expect(stable(replayed?.headers ?? {}), accept).toEqual(stable(reference.headers));
      expect(replayed?.headers["x-request-id"]).toBe("door-test-1");
      expect(replayed?.body.equals(reference.rawPayload), accept).toBe(true);
    }
    const br = await request(url, { "x-store-id": "nyc-brooklyn", "accept-encoding": "br" });
    expect(JSON.parse(zlib.brotliDecompressSync(br.body).toString())).toEqual(
      JSON.parse(first.body.toString()),
    );
  });

  it("sends requests with cookies or a session header through the pipeline", async () => {
    const url = "/menu/product/IA-10157-750";
    await request(url);
    expect(await reachedPipeline(() => request(url))).toBe(0);
    expect(await reachedPipeline(() => request(url, { "x-user": "ncs_not-a-session" }))).toBe(1);
    expect(await reachedPipeline(() => request(url, { cookie: "nc_user=ncs_not-a-session" }))).toBe(1);
    expect(
      await reachedPipeline(() => request(url, { cookie: "nc_anon=6f1c1b9e-8a44-4d0c-9a57-0c2b7e0f6d11" })),
    ).toBe(1);
  });

  it("prices by the saved address a cookie carries, not by the answer kept for no address", async () => {
    const url = "/menu/product/IA-10157-750";
    const storeOf = (res: { body: Buffer }) =>
      (JSON.parse(res.body.toString()) as { products: { seller?: { store_id: string } }[] }).products[0]
        .seller?.store_id;
    expect(storeOf(await request(url))).toBe("nyc-manhattan");
    expect(storeOf(await request(url))).toBe("nyc-manhattan"); // replayed
    const brooklyn = await request(url, { lat: "40.6782", lng: "-73.9442" });
    expect(storeOf(brooklyn)).toBe("nyc-brooklyn");
    const saved = await request(url, {
      cookie: `${ADDRESS_COOKIE}=${addressCookieValue(40.6782, -73.9442)}`,
    });
    expect(storeOf(saved)).toBe("nyc-brooklyn");
  });

  it("never keeps a refusal or a not-found", async () => {
    for (const [url, headers, status] of [
      ["/menu/product/IA-10157-750", { "accept-version": "5" }, 400],
      ["/menu/product/ZZ-0000-000", {}, 404],
    ] as const) {
      for (let i = 0; i < 2; i++) {
        let res: Awaited<ReturnType<typeof request>> | undefined;
        expect(await reachedPipeline(async () => (res = await request(url, headers)))).toBe(1);
        expect(res?.status).toBe(status);
      }
    }
  });

  it("keeps an answer only as long as the cached read it came from is fresh", async () => {
    const url = "/menu/product/IA-10157-750_ETCH";
    const before = Date.now();
    await request(url);
    const first = pipeline.at(-1);
    await new Promise((resolve) => setTimeout(resolve, 20));
    await request(url, { "x-user": "ncs_not-a-session" }); // through the pipeline, served by the cached read
    const second = pipeline.at(-1);
    expect(first?.url).toBe(url);
    expect(first?.publicUntil).toBeGreaterThanOrEqual(before + PRODUCT_CACHE_MS);
    expect(first?.publicUntil).toBeLessThanOrEqual(Date.now() + PRODUCT_CACHE_MS);
    expect(second?.publicUntil).toBe(first?.publicUntil);
  });
});
