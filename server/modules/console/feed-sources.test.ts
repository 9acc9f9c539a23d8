import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gtinCheckDigit } from "#domain/feeds/layouts.ts";
import { loadConfig } from "#server/config.ts";
import { createUser, signedInBrowser } from "#tests/factories/accounts.ts";
import { createProduct, stock } from "#tests/factories/catalogue.ts";
import { staffOf } from "#tests/factories/console.ts";
import { createDeliveryFixture } from "#tests/factories/delivery-fixture.ts";
import { type TestApp, useTestApp } from "#tests/support/app.ts";
import { testDatabases } from "#tests/support/db.ts";
import type { FeedSourceView } from "./feed-sources.ts";
import { type FeedSourceContext, fetchDueFeedSources } from "./feed-sources.ts";

/**
 * Scheduled shelf feeds over HTTP (issue 34 §1, docs/adr/0073-scheduled-shelf-feeds.md), against a real local HTTP
 * server: a due source fetched by the job (its dry run kept for review, or applied when the store said so), its
 * credentials sealed and never answered, failing fetches told in plain words with the shelf unchanged, addresses on
 * this machine or a private network refused, other stores' staff refused, two runs at once fetching a source once.
 */
const STORE = "d-manhattan";
const upc = (body11: string) => `${body11}${gtinCheckDigit(body11)}`;
const GIN = { sku: "FS-9001-750", upc: upc("08200000001"), title: "Source Dry Gin" };
const RUM = { sku: "FS-9002-750", upc: upc("08200000002"), title: "Source Dark Rum" };
const USER = "pos-export";
const PASSWORD = "s3cret-Pa55word-feed";
const MAPPING = { upc: "Barcode", name: "Description", price: "Retail", quantity: "On Hand" };
const CSV = [
  "Barcode,Description,Retail,On Hand",
  `${GIN.upc},Dry Gin,31.99,10`,
  `${RUM.upc},Dark Rum,19.99,2`,
].join("\n");

async function fixture(db: TestApp["db"]) {
  await createDeliveryFixture(db);
  for (const p of [GIN, RUM])
    await createProduct(db, { sku_id: p.sku, upc: p.upc, title: p.title, regular_price_cents: 2999 });
}

/** The shop's file server: the file, the file behind Basic auth, an error, a file too large, a slow one. */
const hits: Record<string, number> = {};
const seenAuth: string[] = [];
let server: http.Server;
let base = "";
beforeAll(async () => {
  server = http.createServer((req, res) => {
    const path = req.url ?? "/";
    hits[path] = (hits[path] ?? 0) + 1;
    if (req.headers.authorization) seenAuth.push(req.headers.authorization);
    if (path === "/feed.csv") return res.end(CSV);
    if (path === "/counted.csv" || path === "/pause.csv") return void setTimeout(() => res.end(CSV), 300);
    if (path === "/basic.csv") {
      const want = `Basic ${Buffer.from(`${USER}:${PASSWORD}`).toString("base64")}`;
      if (req.headers.authorization !== want) {
        res.writeHead(401, { "www-authenticate": 'Basic realm="pos"' });
        return res.end("no");
      }
      return res.end(CSV);
    }
    if (path === "/broken.csv") {
      res.writeHead(500);
      return res.end("oops");
    }
    if (path === "/huge.csv") {
      // No length given: the limit is kept while reading.
      res.writeHead(200, { "content-type": "text/csv" });
      const row = `${"x".repeat(1023)}\n`;
      let sent = 0;
      const more = () => {
        while (sent < 11 * 1024) {
          sent++;
          if (!res.write(row)) return void res.once("drain", more);
        }
        res.end();
      };
      return more();
    }
    if (path === "/slow.csv") return void setTimeout(() => res.end(CSV), 5000).unref();
    if (path === "/bad.csv")
      return res.end(["Barcode,Description,Retail,On Hand", `${GIN.upc},Dry Gin,thirty,10`].join("\n"));
    res.writeHead(404);
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const LOCAL = { FEED_FETCH_ALLOW_LOCAL: "true" };

describe.each(testDatabases)("scheduled shelf feeds on %s", (kind) => {
  const s = useTestApp(kind, { fixture, env: LOCAL });
  /** The job's run, as the worker makes it (a short time limit for the slow server). */
  const job = (): FeedSourceContext => ({
    db: s.db,
    config: loadConfig({ NODE_ENV: "test", ...LOCAL }),
    now: () => new Date(),
    timeoutMs: 1500,
  });
  const shelf = async () =>
    Object.fromEntries(
      (
        await s.db
          .selectFrom("inventory")
          .select(["sku_id", "price_cents", "stock"])
          .where("store_id", "=", STORE)
          .where("sku_id", "in", [GIN.sku, RUM.sku])
          .execute()
      ).map((r) => [r.sku_id, { price: r.price_cents, stock: r.stock }]),
    );
  const reset = async () => {
    await s.db.deleteFrom("feed_sources").execute();
    await s.db
      .deleteFrom("inventory")
      .where("store_id", "=", STORE)
      .where("sku_id", "in", [GIN.sku, RUM.sku])
      .execute();
    await stock(s.db, STORE, GIN.sku, 2999, { stock: 10 });
    await stock(s.db, STORE, RUM.sku, 1999, { stock: 5 });
  };
  const UNCHANGED = { [GIN.sku]: { price: 2999, stock: 10 }, [RUM.sku]: { price: 1999, stock: 5 } };
  const source = (over: Record<string, unknown> = {}) => ({
    url: `${base}/feed.csv`,
    layout: "generic",
    mapping: MAPPING,
    missing: "keep",
    every_hours: 6,
    auto_apply: false,
    ...over,
  });

  it("a due source is fetched by the job with its credentials: the dry run waits for review; the credentials are sealed and never answered", async () => {
    await reset();
    const { staff, staffId } = await staffOf(s, STORE);
    const put = await staff.request(
      "PUT",
      "/api/console/feeds/source",
      source({ url: `${base}/basic.csv`, credentials: { kind: "basic", user: USER, password: PASSWORD } }),
    );
    expect(put.statusCode, put.body).toBe(200);
    expect(put.body).not.toContain(PASSWORD);
    expect(put.body).not.toContain(USER);
    const saved = put.json<FeedSourceView>();
    expect(saved).toMatchObject({
      store_id: STORE,
      credentials: { set: true, kind: "basic" },
      auto_apply: false,
      every_hours: 6,
      last_fetch: null,
      last_feed: null,
    });
    // New: due at once.
    expect(Date.parse(saved.next_fetch_at)).toBeLessThanOrEqual(Date.now());
    const row = await s.db
      .selectFrom("feed_sources")
      .selectAll()
      .where("store_id", "=", STORE)
      .executeTakeFirstOrThrow();
    expect(row.credentials_sealed).toMatch(/^v1\.[0-9a-f]{8}\./);
    expect(JSON.stringify(row)).not.toContain(PASSWORD);
    expect(JSON.stringify(row)).not.toContain(USER);
    const audit = await s.db
      .selectFrom("console_audit")
      .select("detail")
      .where("action", "=", "stock.feed_source")
      .execute();
    expect(JSON.stringify(audit)).not.toContain(PASSWORD);

    const before = Date.now();
    expect(await fetchDueFeedSources(job())).toEqual([STORE]);
    expect(seenAuth).toContain(`Basic ${Buffer.from(`${USER}:${PASSWORD}`).toString("base64")}`);
    const got = await staff.get("/api/console/feeds/source");
    expect(got.statusCode, got.body).toBe(200);
    expect(got.body).not.toContain(PASSWORD);
    const after = got.json<FeedSourceView>();
    expect(after).toMatchObject({
      last_fetch: { result: "previewed", error: null },
      last_feed: { status: "previewed", lines: 2, counts: { priceUp: 1, stockChanged: 1 } },
      fetching: false,
    });
    // Next in 6 hours; not due again now.
    expect(Date.parse(after.next_fetch_at) - before).toBeGreaterThanOrEqual(6 * 3_600_000 - 1000);
    expect(await fetchDueFeedSources(job())).toEqual([]);
    // The dry run is an upload's: made in the name of who set the source up, nothing changed until applied.
    const feed = await s.db
      .selectFrom("shelf_feeds")
      .select(["created_by", "status"])
      .where("id", "=", after.last_feed?.id ?? "")
      .executeTakeFirstOrThrow();
    expect(feed).toEqual({ created_by: staffId, status: "previewed" });
    expect(await shelf()).toEqual(UNCHANGED);
    const applied = await staff.post(`/api/console/feeds/${after.last_feed?.id}/apply`, {});
    expect(applied.statusCode, applied.body).toBe(200);
    expect(await shelf()).toEqual({
      [GIN.sku]: { price: 3199, stock: 10 },
      [RUM.sku]: { price: 1999, stock: 2 },
    });
  });

  it("with auto-apply, the fetched file changes the shelf at once, audited as a feed", async () => {
    await reset();
    const { staff } = await staffOf(s, STORE);
    expect(
      (await staff.request("PUT", "/api/console/feeds/source", source({ auto_apply: true }))).statusCode,
    ).toBe(200);
    expect(await fetchDueFeedSources(job())).toEqual([STORE]);
    expect(await shelf()).toEqual({
      [GIN.sku]: { price: 3199, stock: 10 },
      [RUM.sku]: { price: 1999, stock: 2 },
    });
    const view = (await staff.get("/api/console/feeds/source")).json<FeedSourceView>();
    expect(view).toMatchObject({ last_fetch: { result: "applied" }, last_feed: { status: "applied" } });
    const audit = await s.db
      .selectFrom("console_audit")
      .select("detail")
      .where("action", "=", "stock.feed")
      .where("store_id", "=", STORE)
      .execute();
    expect(audit.some((a) => (a.detail as { feed_id: string }).feed_id === view.last_feed?.id)).toBe(true);
  });

  it.each([
    [
      "/broken.csv",
      {},
      /^The address answered HTTP 500: the shop's server had an error\. Nothing was changed\.$/,
    ],
    [
      "/basic.csv",
      { credentials: { kind: "basic", user: USER, password: "wrong" } },
      /HTTP 401: the user name and password/,
    ],
    ["/huge.csv", {}, /larger than 10 MB/],
    ["/slow.csv", {}, /did not send the whole file within 2 seconds/],
    ["/bad.csv", {}, /^The file has 1 problem \(first: line 2, Retail: .+\)\. Nothing was changed\.$/],
    ["/missing.csv", {}, /HTTP 404: there is no file at that address/],
  ])(
    "a failing fetch (%s) is told in plain words, tried again within the hour, and leaves the shelf unchanged",
    async (path, over, error) => {
      await reset();
      const { staff } = await staffOf(s, STORE);
      const put = await staff.request(
        "PUT",
        "/api/console/feeds/source",
        source({ url: `${base}${path}`, auto_apply: true, ...over }),
      );
      expect(put.statusCode, put.body).toBe(200);
      const feeds = async () => (await s.db.selectFrom("shelf_feeds").select("id").execute()).length;
      const before = await feeds();
      const at = Date.now();
      expect(await fetchDueFeedSources(job())).toEqual([STORE]);
      const view = (await staff.get("/api/console/feeds/source")).json<FeedSourceView>();
      expect(view.last_fetch?.result).toBe("failed");
      expect(view.last_fetch?.error).toMatch(error);
      expect(Date.parse(view.next_fetch_at) - at).toBeLessThan(3_600_000 + 5000);
      expect(Date.parse(view.next_fetch_at) - at).toBeGreaterThan(3_600_000 - 5000);
      expect(await feeds()).toBe(before);
      expect(await shelf()).toEqual(UNCHANGED);
    },
  );

  it("fetch now: the store's file fetched in the request, whatever its schedule", async () => {
    await reset();
    const { staff } = await staffOf(s, STORE);
    await staff.request("PUT", "/api/console/feeds/source", source());
    await fetchDueFeedSources(job());
    const first = (await staff.get("/api/console/feeds/source")).json<FeedSourceView>();
    const now = await staff.post("/api/console/feeds/source/fetch", {});
    expect(now.statusCode, now.body).toBe(200);
    const view = now.json<FeedSourceView>();
    expect(view.last_fetch?.result).toBe("previewed");
    expect(view.last_feed?.id).not.toBe(first.last_feed?.id);
  });

  it("credentials: kept when saved again at the same origin, dropped when the origin changes, removed on asking", async () => {
    await reset();
    const { staff } = await staffOf(s, STORE);
    const put = (over: Record<string, unknown>) =>
      staff.request("PUT", "/api/console/feeds/source", source(over)).then((r) => r.json<FeedSourceView>());
    expect((await put({ credentials: { kind: "bearer", token: "tok-123456" } })).credentials).toEqual({
      set: true,
      kind: "bearer",
    });
    expect((await put({ every_hours: 12 })).credentials).toEqual({ set: true, kind: "bearer" });
    expect((await put({ url: `${base.replace("127.0.0.1", "localhost")}/feed.csv` })).credentials).toEqual({
      set: false,
      kind: null,
    });
    await put({ credentials: { kind: "bearer", token: "tok-123456" } });
    expect((await put({ credentials: { kind: "none" } })).credentials).toEqual({ set: false, kind: null });
    expect((await staff.request("DELETE", "/api/console/feeds/source")).json()).toEqual({ deleted: true });
    expect((await staff.get("/api/console/feeds/source")).statusCode).toBe(404);
  });

  it("a private or link-local address is refused even where local addresses are allowed", async () => {
    const { staff } = await staffOf(s, STORE);
    for (const url of [
      "https://10.0.0.1/feed.csv",
      "https://169.254.169.254/latest/meta-data/",
      "ftp://shop.example/x",
    ]) {
      const res = await staff.request("PUT", "/api/console/feeds/source", source({ url }));
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error.code).toBe("feed_url_refused");
    }
  });

  it("staff of another store get nothing of this store's source; shoppers are refused", async () => {
    await reset();
    const { staff } = await staffOf(s, STORE);
    await staff.request("PUT", "/api/console/feeds/source", source());
    const { staff: other } = await staffOf(s, "d-brooklyn");
    expect((await other.get("/api/console/feeds/source")).statusCode).toBe(404);
    expect((await other.get(`/api/console/feeds/source?store_id=${STORE}`)).statusCode).toBe(403);
    expect((await other.post(`/api/console/feeds/source/fetch?store_id=${STORE}`, {})).statusCode).toBe(403);
    expect(
      (await other.request("PUT", "/api/console/feeds/source", source({ store_id: STORE }))).statusCode,
    ).toBe(403);
    expect((await other.request("DELETE", `/api/console/feeds/source?store_id=${STORE}`)).statusCode).toBe(
      403,
    );
    const shopper = await signedInBrowser(s.app, await createUser(s.db));
    expect((await shopper.get("/api/console/feeds/source")).statusCode).toBe(403);
    expect((await staff.get("/api/console/feeds/source")).statusCode).toBe(200);
  });

  it("a source set up by someone no longer staff of the store is not fetched, and says why", async () => {
    await reset();
    const { staff, staffId } = await staffOf(s, STORE);
    await staff.request("PUT", "/api/console/feeds/source", source({ auto_apply: true }));
    await s.db
      .updateTable("users")
      .set({ role: "customer", store_id: null })
      .where("id", "=", staffId)
      .execute();
    const fetchedBefore = hits["/feed.csv"] ?? 0;
    expect(await fetchDueFeedSources(job())).toEqual([STORE]);
    expect(hits["/feed.csv"] ?? 0).toBe(fetchedBefore);
    const row = await s.db
      .selectFrom("feed_sources")
      .select(["last_result", "last_error"])
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ last_result: "failed", last_error: expect.stringMatching(/no longer staff/) });
    expect(await shelf()).toEqual(UNCHANGED);
  });

  it("an address saved while a fetch of the old one runs is fetched right after it, not at the old one's schedule", async () => {
    await reset();
    const { staff } = await staffOf(s, STORE);
    await staff.request("PUT", "/api/console/feeds/source", source({ url: `${base}/pause.csv` }));
    const fetchedBefore = hits["/feed.csv"] ?? 0;
    const running = fetchDueFeedSources(job());
    await new Promise((r) => setTimeout(r, 100));
    const saved = await staff.request("PUT", "/api/console/feeds/source", source());
    expect(saved.json<FeedSourceView>().fetching).toBe(true);
    // The old address's fetch ends; the new one is due at once and the same run takes it.
    expect(await running).toEqual([STORE, STORE]);
    expect(hits["/feed.csv"]).toBe(fetchedBefore + 1);
    const view = (await staff.get("/api/console/feeds/source")).json<FeedSourceView>();
    expect(view).toMatchObject({
      url: `${base}/feed.csv`,
      fetching: false,
      last_fetch: { result: "previewed" },
    });
    expect(Date.parse(view.next_fetch_at)).toBeGreaterThan(Date.now() + 5 * 3_600_000);
  });

  it.skipIf(kind !== "postgres")("two runs of the job at once fetch a due source once", async () => {
    await reset();
    const { staff } = await staffOf(s, STORE);
    await staff.request("PUT", "/api/console/feeds/source", source({ url: `${base}/counted.csv` }));
    const [a, b] = await Promise.all([fetchDueFeedSources(job()), fetchDueFeedSources(job())]);
    expect([...a, ...b]).toEqual([STORE]);
    expect(hits["/counted.csv"]).toBe(1);
  });
});

describe.each(testDatabases)("feed addresses on this machine, on %s (local fetches not allowed)", (kind) => {
  const s = useTestApp(kind, { fixture });

  it.each([
    ["http://shop.example/feed.csv", /must start with https/],
    ["https://127.0.0.1:8443/feed.csv", /loopback/],
    ["https://localhost/feed.csv", /loopback/],
    ["https://[::ffff:127.0.0.1]/feed.csv", /loopback/],
    ["https://192.168.1.20/feed.csv", /private/],
    ["https://169.254.169.254/latest/meta-data/", /metadata/],
    ["https://pos:secret@shop.example/feed.csv", /credentials/],
  ])("refuses %s", async (url, why) => {
    const { staff } = await staffOf(s, STORE);
    const res = await staff.request("PUT", "/api/console/feeds/source", {
      url,
      layout: "square",
      missing: "keep",
      every_hours: 6,
      auto_apply: false,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error).toMatchObject({ code: "feed_url_refused", message: expect.stringMatching(why) });
  });

  it("a source saved with a local address anyway is refused when fetched, and nothing is asked of it", async () => {
    const { staff, staffId } = await staffOf(s, STORE);
    expect(staff).toBeDefined();
    await s.db
      .insertInto("feed_sources")
      .values({
        store_id: STORE,
        url: `${base}/feed.csv`,
        layout: "generic",
        mapping: JSON.stringify(MAPPING),
        missing_policy: "keep",
        every_hours: 6,
        set_by: staffId,
        next_fetch_at: new Date(Date.now() - 1000),
      })
      .execute();
    const fetchedBefore = hits["/feed.csv"] ?? 0;
    expect(
      await fetchDueFeedSources({
        db: s.db,
        config: loadConfig({ NODE_ENV: "test" }),
        now: () => new Date(),
      }),
    ).toEqual([STORE]);
    expect(hits["/feed.csv"] ?? 0).toBe(fetchedBefore);
    const row = await s.db
      .selectFrom("feed_sources")
      .select(["last_result", "last_error"])
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      last_result: "failed",
      last_error: expect.stringMatching(/https:\/\/.*Nothing was changed/),
    });
  });
});

describe.each(testDatabases)("the fetch job on the workers, on %s", (kind) => {
  const s = useTestApp(kind, { fixture, env: LOCAL, workers: true });

  it("a store saving a new address has its file fetched by the job, without anyone pressing a button", async () => {
    const { staff } = await staffOf(s, STORE);
    const put = await staff.request("PUT", "/api/console/feeds/source", {
      url: `${base}/feed.csv`,
      layout: "generic",
      mapping: MAPPING,
      missing: "keep",
      every_hours: 24,
      auto_apply: false,
    });
    expect(put.statusCode, put.body).toBe(200);
    let view = put.json<FeedSourceView>();
    for (let i = 0; i < 100 && !view.last_fetch; i++) {
      await new Promise((r) => setTimeout(r, 100));
      view = (await staff.get("/api/console/feeds/source")).json<FeedSourceView>();
    }
    expect(view).toMatchObject({ last_fetch: { result: "previewed" }, last_feed: { lines: 2 } });
  });
});
