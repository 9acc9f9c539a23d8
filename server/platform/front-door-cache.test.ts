import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createFrontDoorCache, type FrontDoorCache } from "./front-door-cache.ts";

const JSON_TYPE = "application/json; charset=utf-8";
const small = JSON.stringify({ products: [{ sku_id: "IA-1-750" }] });
const large = JSON.stringify({ products: Array.from({ length: 80 }, (_, i) => ({ sku_id: `IA-${i}-750` })) });

/**
 * A real HTTP server with the door in front of a handler that stands for the pipeline: it counts what reaches
 * it and answers `NEXT`.
 */
describe("the front-door cache", () => {
  let clock = 1_000_000;
  let passedOn = 0;
  const logged: object[] = [];
  let door: FrontDoorCache;
  let server: http.Server;
  let base: string;

  const makeDoor = (maxBytes = 1024 * 1024) =>
    createFrontDoorCache({
      passThrough: (req) => req.headers["x-user"] !== undefined,
      requestId: (req) => String(req.headers["x-request-id"] ?? "generated-id"),
      log: () => ({ info: (fields) => logged.push(fields) }),
      compression: { encodings: ["br", "gzip"], threshold: 1024, brotliQuality: 4 },
      maxBytes,
      now: () => clock,
    });

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      if (door.serve(req, res)) return;
      passedOn++;
      res.end("NEXT");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));
  beforeEach(() => {
    door = makeDoor();
    passedOn = 0;
    logged.length = 0;
  });

  const request = (path: string, headers: Record<string, string> = {}, method = "GET") =>
    new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      const req = http.request(`${base}${path}`, { method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      });
      req.on("error", reject);
      req.end();
    });
  const keep = (url: string, body = small, extra: Record<string, string> = {}, headers = {}) =>
    door.keep(
      { method: "GET", url, headers: { ...headers } },
      {
        headers: { "content-type": JSON_TYPE, "x-frame-options": "DENY", "x-request-id": "old", ...extra },
        body,
        freshUntil: clock + 5_000,
      },
    );

  it("replays a kept answer with its headers, a length and this request's id", async () => {
    keep("/menu/product/IA-1-750");
    const res = await request("/menu/product/IA-1-750", { "x-request-id": "req-7" });
    expect(passedOn).toBe(0);
    expect(res.status).toBe(200);
    expect(res.body.toString()).toBe(small);
    expect(res.headers["content-type"]).toBe(JSON_TYPE);
    expect(res.headers["x-frame-options"]).toBe("DENY");
    expect(res.headers["content-length"]).toBe(String(Buffer.byteLength(small)));
    expect(res.headers["x-request-id"]).toBe("req-7");
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(logged).toEqual([
      expect.objectContaining({
        reqId: "req-7",
        req: { method: "GET", url: "/menu/product/IA-1-750" },
        res: { statusCode: 200 },
        cache: "front-door",
      }),
    ]);
  });

  it("passes on what it has not kept: another URL, another key header value, other methods", async () => {
    keep("/menu/product/IA-1-750", small, {}, { "x-store-id": "nyc-brooklyn" });
    await request("/menu/product/IA-2-750", { "x-store-id": "nyc-brooklyn" });
    await request("/menu/product/IA-1-750");
    await request("/menu/product/IA-1-750", { "x-store-id": "nyc-manhattan" });
    await request("/menu/product/IA-1-750", { "x-store-id": "nyc-brooklyn", "accept-version": "4" });
    await request("/menu/product/IA-1-750?lat=40.7", { "x-store-id": "nyc-brooklyn" });
    await request("/menu/product/IA-1-750", { "x-store-id": "nyc-brooklyn" }, "HEAD");
    await request("/menu/product/IA-1-750", { "x-store-id": "nyc-brooklyn" }, "POST");
    expect(passedOn).toBe(7);
    expect((await request("/menu/product/IA-1-750", { "x-store-id": "nyc-brooklyn" })).body.toString()).toBe(
      small,
    );
    expect(passedOn).toBe(7);
  });

  it("leaves requests the caller says must pass through to the pipeline, and does not keep their answers", async () => {
    keep("/menu/product/IA-1-750");
    expect((await request("/menu/product/IA-1-750", { "x-user": "token" })).body.toString()).toBe("NEXT");
    keep("/menu/product/IA-2-750", small, {}, { "x-user": "token" });
    expect((await request("/menu/product/IA-2-750")).body.toString()).toBe("NEXT");
    expect(passedOn).toBe(2);
  });

  it("serves an answer until it is no longer fresh, then passes on", async () => {
    keep("/menu/product/IA-1-750");
    clock += 4_999;
    expect((await request("/menu/product/IA-1-750")).body.toString()).toBe(small);
    clock += 1;
    expect((await request("/menu/product/IA-1-750")).body.toString()).toBe("NEXT");
  });

  it("does not keep an answer already stale, one setting a cookie, or one that is not JSON", async () => {
    door.keep(
      { method: "GET", url: "/a", headers: {} },
      { headers: { "content-type": JSON_TYPE }, body: small, freshUntil: clock },
    );
    keep("/b", small, { "set-cookie": "nc_anon=1" });
    keep("/c", small, { "content-type": "text/html" });
    for (const url of ["/a", "/b", "/c"]) expect((await request(url)).body.toString()).toBe("NEXT");
  });

  it("holds at most maxBytes of answers, forgetting the oldest first", async () => {
    door = makeDoor(3 * Buffer.byteLength(small) + 10);
    for (const url of ["/1", "/2", "/3", "/4"]) keep(url);
    expect((await request("/1")).body.toString()).toBe("NEXT");
    for (const url of ["/2", "/3", "/4"]) expect((await request(url)).body.toString()).toBe(small);
    // An answer's encoded forms count too: the first br copy of a large answer pushes out the oldest small ones.
    const brLength = zlib.brotliCompressSync(large, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 },
    }).length;
    door.close();
    door = makeDoor(Buffer.byteLength(large) + brLength + 20);
    keep("/a");
    keep("/big", large);
    expect((await request("/a")).body.toString()).toBe(small);
    await request("/big", { "accept-encoding": "br" });
    expect((await request("/a")).body.toString()).toBe("NEXT");
    expect((await request("/big")).body.toString()).toBe(large);
  });

  it("encodes large answers the way @fastify/compress does: br first, gzip, with vary", async () => {
    keep("/big", large);
    const cases: [string | undefined, string | undefined][] = [
      [undefined, undefined],
      ["gzip, deflate, br", "br"],
      ["gzip", "gzip"],
      ["x-gzip", "gzip"],
      ["*", "gzip"],
      ["br;q=0.5, gzip;q=0.9", "gzip"],
      ["identity", undefined],
      ["deflate", undefined],
    ];
    for (const [accept, encoding] of cases) {
      const res = await request("/big", accept ? { "accept-encoding": accept } : {});
      expect(res.headers["content-encoding"], accept).toBe(encoding);
      expect(res.headers.vary, accept).toBe(encoding ? "accept-encoding" : undefined);
      expect(res.headers["content-length"]).toBe(String(res.body.length));
      const plain =
        encoding === "br"
          ? zlib.brotliDecompressSync(res.body)
          : encoding === "gzip"
            ? zlib.gunzipSync(res.body)
            : res.body;
      expect(plain.toString(), accept).toBe(large);
    }
    const optedOut = await request("/big", { "accept-encoding": "br", "x-no-compression": "1" });
    expect(optedOut.headers["content-encoding"]).toBeUndefined();
    expect(passedOn).toBe(0);
  });

  it("sends small answers plain whatever the client accepts", async () => {
    keep("/small");
    const res = await request("/small", { "accept-encoding": "br, gzip" });
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(res.headers.vary).toBeUndefined();
    expect(res.body.toString()).toBe(small);
  });

  it("stops serving and forgets everything once closed", async () => {
    keep("/1");
    door.close();
    keep("/2");
    for (const url of ["/1", "/2"]) expect((await request(url)).body.toString()).toBe("NEXT");
  });
});
