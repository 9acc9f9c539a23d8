import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, buildApp } from "#server/app.ts";
import { loadConfig } from "#server/config.ts";
import { openDb } from "#server/platform/db.ts";
import { createUser, signedInBrowser } from "#tests/factories/accounts.ts";
import { createDeliveryFixture } from "#tests/factories/delivery-fixture.ts";
import { moveOrderAsStaff, shopperWithOrder } from "#tests/factories/orders.ts";
import { useTestApp } from "#tests/support/app.ts";
import { openTestDb, type TestDb, testDatabases } from "#tests/support/db.ts";
import { dropSockets, listenForStreams, SseReader } from "#tests/support/sse.ts";
import type { TrackingMessage } from "./index.ts";

const parse = (m: { data: string }) => JSON.parse(m.data) as TrackingMessage;

describe.each(testDatabases)("live order tracking on %s", (kind) => {
  const s = useTestApp(kind, { fixture: createDeliveryFixture });
  let base = "";
  const open: Array<() => void> = [];
  beforeAll(async () => {
    base = await listenForStreams(s.app);
  });
  afterAll(() => {
    for (const abort of open) abort();
    dropSockets(s.app);
  });
  const stream = async (orderId: string, headers: Record<string, string>) => {
    const opened = await SseReader.open(`${base}/order/status/${orderId}/events`, headers);
    open.push(opened.abort);
    return opened;
  };

  it("sends the order as it is first, then each change made after connecting, with its event id", async () => {
    const { browser, order } = await shopperWithOrder(s.app, s.db);
    const opened = await stream(order._id, { cookie: browser.cookie });
    expect(opened.status).toBe(200);
    expect(opened.contentType).toMatch(/^text\/event-stream/);
    const first = await opened.reader.next();
    expect(parse(first)).toMatchObject({ _id: order._id, order_status: 0, event: null, active: true });
    const placedEvent = await s.db
      .selectFrom("order_events")
      .select("id")
      .where("order_id", "=", order._id)
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(first.id).toBe(String(placedEvent.id));
    // The same fields GET /order/status/{id} answers.
    const { event: _e, ...current } = parse(first);
    expect(current).toEqual((await browser.get(`/order/status/${order._id}`)).json());

    await moveOrderAsStaff(s.db, order._id, { type: "accept" });
    const accepted = await opened.reader.next();
    expect(Number(accepted.id)).toBeGreaterThan(Number(first.id));
    expect(parse(accepted)).toMatchObject({
      order_status: 1,
      event: { type: "accept", from_status: 0, to_status: 1 },
    });

    await moveOrderAsStaff(s.db, order._id, { type: "fail", state: "hard", reason: "No one at the door" });
    expect(parse(await opened.reader.next())).toMatchObject({
      order_status: 4,
      failed_status: { state: "hard", reason: "No one at the door" },
      event: { type: "fail", to_status: 4 },
      active: false,
    });
  });

  it("resumes after Last-Event-ID: the events missed while away come first, in order, then live ones", async () => {
    const { browser, order } = await shopperWithOrder(s.app, s.db);
    const first = await stream(order._id, { cookie: browser.cookie });
    const lastSeen = (await first.reader.next()).id!;
    first.abort();

    await moveOrderAsStaff(s.db, order._id, { type: "accept" });
    await moveOrderAsStaff(s.db, order._id, { type: "dispatch" });

    const again = await stream(order._id, { cookie: browser.cookie, "last-event-id": lastSeen });
    const missed = [await again.reader.next(), await again.reader.next()];
    expect(missed.map((m) => parse(m).event?.type)).toEqual(["accept", "dispatch"]);
    expect(missed.map((m) => parse(m).event?.to_status)).toEqual([1, 2]);
    expect(Number(missed[0].id)).toBeGreaterThan(Number(lastSeen));
    expect(Number(missed[1].id)).toBeGreaterThan(Number(missed[0].id));
    expect(parse(missed[1]).order_status).toBe(2);

    await moveOrderAsStaff(s.db, order._id, { type: "deliver" });
    const live = await again.reader.next();
    expect(parse(live)).toMatchObject({ order_status: 3, event: { type: "deliver" }, active: false });
    // Nothing sent twice.
    await new Promise((r) => setTimeout(r, 200));
    expect(again.reader.pending).toBe(0);
  });

  it("answers 404 for another user's order and 401 when signed out, before any stream opens", async () => {
    const { order } = await shopperWithOrder(s.app, s.db);
    const other = await signedInBrowser(s.app, await createUser(s.db));
    const foreign = await stream(order._id, { cookie: other.cookie });
    expect(foreign.status).toBe(404);
    expect(JSON.parse(foreign.body!).error.code).toBe("order_not_found");
    const missing = await stream("no-such-order", { cookie: other.cookie });
    expect(missing.status).toBe(404);
    const anonymous = await stream(order._id, {});
    expect(anonymous.status).toBe(401);
  });

  it.runIf(kind === "postgres")(
    "loses nothing when the instance's LISTEN connection drops: it reconnects and streams re-read what they missed",
    async () => {
      const { browser, order } = await shopperWithOrder(s.app, s.db);
      const opened = await stream(order._id, { cookie: browser.cookie });
      await opened.reader.next();
      const { rows } = await sql<{ n: number }>`
        select count(pg_terminate_backend(pid))::int as n from pg_stat_activity
        where datname = current_database() and query ilike 'listen order_events_' || current_schema()`.execute(
        s.db,
      );
      expect(rows[0].n).toBe(1);
      // Written while no one listens: its notice is lost; the re-read after reconnecting finds the row.
      await moveOrderAsStaff(s.db, order._id, { type: "accept" });
      expect(parse(await opened.reader.next(8000))).toMatchObject({
        order_status: 1,
        event: { type: "accept" },
      });
      await moveOrderAsStaff(s.db, order._id, { type: "dispatch" });
      expect(parse(await opened.reader.next())).toMatchObject({
        order_status: 2,
        event: { type: "dispatch" },
      });
    },
  );

  it("forgets a stream when the shopper goes away", async () => {
    const { browser, order } = await shopperWithOrder(s.app, s.db);
    const opened = await stream(order._id, { cookie: browser.cookie });
    await opened.reader.next();
    opened.abort();
    // The server sees the socket close; a later change must not fail on a closed response.
    await new Promise((r) => setTimeout(r, 100));
    await moveOrderAsStaff(s.db, order._id, { type: "accept" });
    expect((await browser.get(`/order/status/${order._id}`)).json().order_status).toBe(1);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL)(
  "live order tracking across two app instances (one PostgreSQL, Redis)",
  () => {
    let t: TestDb;
    let a: App;
    let b: App;
    let closeB: () => Promise<void>;
    beforeAll(async () => {
      t = await openTestDb("postgres");
      await createDeliveryFixture(t.db);
      const config = loadConfig({ NODE_ENV: "test", REDIS_URL: process.env.TEST_REDIS_URL! });
      a = await buildApp({ config, db: t.db, logger: false });
      const second = await openDb({ kind: "postgres", url: t.url! });
      b = await buildApp({ config, db: second.db, logger: false });
      closeB = () => second.db.destroy();
    });
    afterAll(async () => {
      if (b) dropSockets(b);
      await b?.close();
      await closeB?.();
      await a?.close();
      await t?.close();
    });

    it("a change written through instance A reaches a shopper connected to instance B", async () => {
      const { browser, order } = await shopperWithOrder(a, t.db);
      const opened = await SseReader.open(`${await listenForStreams(b)}/order/status/${order._id}/events`, {
        cookie: browser.cookie,
      });
      expect(opened.status).toBe(200);
      expect(parse(await opened.reader.next()).order_status).toBe(0);
      await moveOrderAsStaff(t.db, order._id, { type: "accept" });
      expect(parse(await opened.reader.next())).toMatchObject({ order_status: 1, event: { type: "accept" } });
      opened.abort();
    });
  },
);

describe("a quiet tracking stream's heartbeat", () => {
  let t: TestDb;
  let app: App;
  beforeAll(async () => {
    t = await openTestDb("pglite");
    await createDeliveryFixture(t.db);
    app = await buildApp({
      config: loadConfig({ NODE_ENV: "test" }),
      db: t.db,
      logger: false,
      heartbeatMs: 150,
    });
  });
  afterAll(async () => {
    if (app) dropSockets(app);
    await app?.close();
    await t?.close();
  });

  it("sends a comment line every period while nothing changes, and no message", async () => {
    const { browser, order } = await shopperWithOrder(app, t.db);
    const opened = await SseReader.open(`${await listenForStreams(app)}/order/status/${order._id}/events`, {
      cookie: browser.cookie,
    });
    await opened.reader.next();
    await expect
      .poll(() => opened.reader.comments.length, { timeout: 3000, interval: 50 })
      .toBeGreaterThanOrEqual(3);
    expect(new Set(opened.reader.comments)).toEqual(new Set(["heartbeat"]));
    await expect(opened.reader.next(100)).rejects.toThrow("no message within 100 ms");
    opened.abort();
  });
});
