import { execFileSync } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Availability } from "#domain/availability/types.ts";
import { type Fleet, startFleet } from "#scripts/fleet.ts";
import {
  type DeliveryWhen,
  HttpShopper,
  placeOrderBody,
  sandboxToken,
  signIn,
} from "#scripts/fleet-shopper.ts";
import { type Db, openDb } from "#server/platform/db.ts";
import { createUser, TEST_PASSWORD } from "../factories/accounts.ts";
import { startSmtpServer } from "../support/smtp-server.ts";
import { SseReader } from "../support/sse.ts";

/**
 * Two instances of the built server (server/main.ts, production) on one PostgreSQL database and one Redis, behind
 * nginx with no sticky sessions (scripts/fleet.ts): whichever instance a request lands on, the shopper's session,
 * the rate limits, the cart, live order events, chat and the job queue are the same. Each test talks to the
 * instances directly (A and B, by port) as well as through nginx. Needs `npm run build`, TEST_DATABASE_URL and
 * TEST_REDIS_URL; run with `npm run test:fleet`.
 */

const base = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const ADDRESS = "1425 N Damen Ave, Chicago, IL 60622";

describe.skipIf(!base || !redisUrl)("a fleet of two instances behind nginx", () => {
  let fleet: Fleet;
  let db: Db;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let A = "";
  let B = "";
  let storeId = "";
  let sku = "";
  let when: DeliveryWhen = { deliveryTime: "asap" };
  const dbName = `${new URL(base ?? "postgres://x/nightcap").pathname.slice(1)}_fleet`;
  const server = new URL(base ?? "postgres://x/nightcap");
  const admin = () => {
    const u = new URL(server);
    u.pathname = "/postgres";
    u.search = "";
    return u.toString();
  };
  const open: Array<() => void> = [];

  beforeAll(async () => {
    execFileSync("psql", [admin(), "-qAtc", `drop database if exists ${dbName} with (force)`]);
    execFileSync("psql", [admin(), "-qAtc", `create database ${dbName}`]);
    const url = new URL(server);
    url.pathname = `/${dbName}`;
    url.search = "";
    smtp = await startSmtpServer();
    fleet = await startFleet({
      databaseUrl: url.toString(),
      redisUrl: redisUrl!,
      instances: 2,
      port: Number(process.env.FLEET_TEST_PORT ?? 3350),
      env: { SMTP_URL: smtp.url },
    });
    [A, B] = fleet.instances.map((x) => x.origin);
    db = (await openDb({ kind: "postgres", url: url.toString() })).db;

    const probe = new HttpShopper(fleet.origin);
    expect((await probe.post("/order/address", { address: ADDRESS })).status).toBe(200);
    storeId = (await probe.get("/menu/vendor")).json<{ store_id: string }>().store_id;
    const availability = (await probe.get("/menu/availability")).json<Availability>();
    const first = availability.dates.flatMap((d) =>
      d.slots.map((s) => ({ date: d.date, start: s.start })),
    )[0];
    when = availability.immediate_delivery
      ? { deliveryTime: "asap" }
      : { deliveryTime: first.start, deliveryDate: first.date };
    const row = await db
      .selectFrom("inventory")
      .select("sku_id")
      .where("store_id", "=", storeId)
      .where("sku_id", "not like", "%\\_ETCH")
      .where("price_cents", ">=", 3000)
      .orderBy("sku_id")
      .executeTakeFirstOrThrow();
    sku = row.sku_id;
    await db
      .updateTable("inventory")
      .set({ stock: 1000 })
      .where("store_id", "=", storeId)
      .where("sku_id", "=", sku)
      .execute();
  });

  afterAll(async () => {
    for (const abort of open) abort();
    await fleet?.stop();
    await db?.destroy();
    await smtp?.close();
    execFileSync("psql", [admin(), "-qAtc", `drop database if exists ${dbName} with (force)`]);
  });

  const shopper = async () => {
    const user = await createUser(db);
    const s = new HttpShopper(A);
    await signIn(s, user.email, TEST_PASSWORD);
    return { user, s };
  };
  const staff = async () => {
    const user = await createUser(db, { role: "store_staff", store_id: storeId } as never);
    const s = new HttpShopper(B);
    await signIn(s, user.email, TEST_PASSWORD);
    return s;
  };
  const stream = async (url: string, s: HttpShopper, headers: Record<string, string> = {}) => {
    const opened = await SseReader.open(url, { cookie: s.cookie, "x-forwarded-for": s.ip, ...headers });
    open.push(opened.abort);
    expect(opened.status, opened.body ?? "").toBe(200);
    return opened.reader;
  };
  const placeOrder = async (s: HttpShopper, userId: string) => {
    expect((await s.post("/order/address", { address: ADDRESS }, {}, fleet.origin)).status).toBe(200);
    const added = await s.post(
      "/menu/cart/v2",
      { skus: [{ sku, qty: 1, store_id: storeId }] },
      {},
      fleet.origin,
    );
    expect(added.status, added.body).toBe(200);
    const { token } = await sandboxToken(s);
    const res = await s.post("/order/v3", placeOrderBody(userId, token!, when), {}, fleet.origin);
    expect(res.status, res.body).toBe(200);
    return res.json<{ orders: { _id: string }[] }>().orders[0]._id;
  };

  it("renders pages before an instance takes traffic: each one's first home page was made before it listened", async () => {
    for (const origin of [A, B]) {
      const res = await fetch(`${origin}/`, { headers: { accept: "text/html" } });
      expect(res.status).toBe(200);
      // Made by the instance's warm-up (server/warm-up.ts): fresh, or within its stale window (then served as it is).
      expect(["hit", "stale"]).toContain(res.headers.get("x-page-cache"));
    }
  });

  it("keeps a session started on one instance on the other and through nginx; signing out on one ends it on all", async () => {
    const { user, s } = await shopper();
    for (const origin of [A, B, fleet.origin, fleet.origin, fleet.origin]) {
      const res = await s.get("/auth/session", {}, origin);
      expect(res.json<{ user: { id: string } | null }>().user?.id, origin).toBe(user.id);
    }
    const out = await s.post("/auth/logout", {}, {}, B);
    expect(out.status, out.body).toBeLessThan(300);
    const after = await new HttpShopper(A).get("/auth/session", { cookie: s.cookie });
    expect(after.json<{ user: unknown }>().user).toBeNull();
  });

  it("counts a rate limit across instances: five wrong passwords split over A, B and nginx, then 429 on any", async () => {
    const user = await createUser(db);
    const s = new HttpShopper(A);
    const origins = [A, B, fleet.origin, A, B];
    for (const origin of origins) {
      const res = await s.post(
        "/auth/login",
        { username: user.email, password: "not the password" },
        {},
        origin,
      );
      expect(res.status, origin).toBe(401);
    }
    for (const origin of [A, B, fleet.origin]) {
      const res = await s.post("/auth/login", { username: user.email, password: TEST_PASSWORD }, {}, origin);
      expect(res.status, origin).toBe(429);
      expect(res.headers?.get("retry-after")).toMatch(/^\d+$/);
    }
  });

  it("keeps one cart whichever instance adds to it or reads it", async () => {
    const { s } = await shopper();
    expect((await s.post("/order/address", { address: ADDRESS }, {}, B)).status).toBe(200);
    for (const origin of [A, B, fleet.origin]) {
      const res = await s.post("/menu/cart/v2", { skus: [{ sku, qty: 1, store_id: storeId }] }, {}, origin);
      expect(res.status, res.body).toBe(200);
    }
    for (const origin of [A, B, fleet.origin]) {
      const cart = (await s.get("/menu/cart/v2", {}, origin)).json<{
        products: { sku_id: string; qty: number }[];
      }>();
      expect(cart.products.find((p) => p.sku_id === sku)?.qty, origin).toBe(3);
    }
  });

  it("streams an order's change made on instance B to its tracking stream on instance A and through nginx", async () => {
    const { user, s } = await shopper();
    const orderId = await placeOrder(s, user.id);
    const onA = await stream(`${A}/order/status/${orderId}/events`, s);
    const viaNginx = await stream(`${fleet.origin}/order/status/${orderId}/events`, s);
    // Placed (0) while the store delivers now. An order for a slot waits, scheduled (7), until its release an hour
    // before the slot sends it to the store (0): within that hour (a store opening soon) it is released at once.
    const waiting = when.deliveryTime === "asap" ? [0] : [0, 7];
    for (const reader of [onA, viaNginx]) {
      const first = JSON.parse((await reader.next()).data);
      expect(first._id).toBe(orderId);
      expect(waiting).toContain(first.order_status);
    }

    const accepted = await (await staff()).post(`/api/console/orders/${orderId}/accept`, {});
    expect(accepted.status, accepted.body).toBe(200);
    for (const reader of [onA, viaNginx]) {
      // A release that came between is told first.
      let next = JSON.parse((await reader.next()).data);
      if (next.event?.type === "release") next = JSON.parse((await reader.next()).data);
      expect(next).toMatchObject({ order_status: 1, event: { type: "accept", to_status: 1 } });
    }
  });

  it("delivers a staff reply written on B live to the shopper's chat stream on A and through nginx", async () => {
    const { s } = await shopper();
    const store = { "x-store-id": storeId };
    const wrote = await s.post("/api/chat/thread/messages", { body: "Do you have ice?" }, store, B);
    expect(wrote.status, wrote.body).toBe(200);
    const { threadId } = wrote.json<{ threadId: string }>();
    const onA = await stream(`${A}/api/chat/thread/events`, s, store);
    const viaNginx = await stream(`${fleet.origin}/api/chat/thread/events`, s, store);

    const reply = await (await staff()).post(`/api/console/chats/${threadId}/messages`, {
      body: "Cubed, yes.",
    });
    expect(reply.status, reply.body).toBe(200);
    for (const reader of [onA, viaNginx])
      expect(JSON.parse((await reader.next()).data)).toMatchObject({ author: "staff", body: "Cubed, yes." });
  });

  it("delivers an email queued by one instance once, whichever instance's worker takes the job", async () => {
    const email = `fleet-${Date.now().toString(36)}@example.com`;
    const s = new HttpShopper(B);
    const res = await s.post("/auth/signup", {
      firstname: "Fay",
      lastname: "Fleet",
      email,
      birthday: "1990-05-17",
      password: "a long enough password",
    });
    expect(res.status, res.body).toBe(200);
    const mine = () => smtp.received.filter((m) => m.to.includes(email));
    await vi.waitFor(() => expect(mine().length).toBeGreaterThan(0), { timeout: 15_000, interval: 200 });
    // Both workers poll every second: long enough for a second delivery to show if the job ran twice.
    await new Promise((r) => setTimeout(r, 3000));
    expect(mine()).toHaveLength(1);
    expect(mine()[0].raw).toMatch(/\b\d{6}\b/);
  });
});
