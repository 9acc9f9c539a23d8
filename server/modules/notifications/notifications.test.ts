import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import webpush from "web-push";
import { type App, buildApp } from "#server/app.ts";
import { loadConfig } from "#server/config.ts";
import { JobQueue } from "#server/platform/jobs.ts";
import { createUser, signedInBrowser } from "#tests/factories/accounts.ts";
import { createDeliveryFixture } from "#tests/factories/delivery-fixture.ts";
import { moveOrderAsStaff } from "#tests/factories/orders.ts";
import { placedOrder } from "#tests/factories/placed-orders.ts";
import { readOutbox, type TestBrowser } from "#tests/support/browser.ts";
import { openTestDb, type TestDb, testDatabases } from "#tests/support/db.ts";
import { LocalPushService, type TestSubscription } from "#tests/support/push-service.ts";
import { Outbox } from "../messages/index.ts";
import type { NotificationsContext } from "./context.ts";
import { notifyOrderEvent } from "./order-notices.ts";
import { webPushTransport } from "./push.ts";
import { vapidKeys } from "./vapid.ts";

const WHISKEY = "IA-9001-750"; // at d-manhattan in the delivery fixture
const wait = { timeout: 15_000, interval: 200 };

describe.each(testDatabases)("order notifications on %s", (kind) => {
  let t: TestDb;
  let app: App;
  let jobs: JobQueue;
  let push: LocalPushService;
  let n = 0;
  const s = {
    get app() {
      return app;
    },
    get db() {
      return t.db;
    },
  };

  beforeAll(async () => {
    t = await openTestDb(kind);
    await createDeliveryFixture(t.db);
    push = await LocalPushService.start();
    // Retries after a second, so a push service that is down is tried again within the test.
    jobs = await JobQueue.open(t.db, { retry: { delaySeconds: 1, backoff: false } });
    app = await buildApp({
      config: loadConfig({ NODE_ENV: "test" }),
      db: t.db,
      logger: false,
      workers: true,
      jobs,
      push: webPushTransport({ subject: "mailto:push-test@nightcap.test", agent: push.agent }),
    });
  });
  afterAll(async () => {
    await jobs?.stop();
    await app?.close();
    await push?.close();
    await t?.close();
  });

  const staffOf = async (storeId: string) => {
    const user = await createUser(t.db, {
      role: "store_staff",
      store_id: storeId,
      email: `staff-${kind}-${n++}-${Date.now().toString(36)}@example.com`,
    });
    return signedInBrowser(app, user);
  };
  const register = (
    browser: TestBrowser,
    userId: string,
    token: unknown,
    headers: Record<string, string> = {},
  ) => browser.request("POST", `/customer/${userId}/fcm-token`, { fcm_token: token }, headers);
  const tokensOf = (userId: string) =>
    t.db
      .selectFrom("push_tokens")
      .select(["platform", "kind", "token", "p256dh", "auth"])
      .where("user_id", "=", userId)
      .orderBy("token")
      .execute();
  const latestEvent = async (orderId: string) =>
    (
      await t.db
        .selectFrom("order_events")
        .select("id")
        .where("order_id", "=", orderId)
        .orderBy("id", "desc")
        .limit(1)
        .executeTakeFirstOrThrow()
    ).id;
  /** Waits for the event's notification job to have run (its event marked notified). */
  const notified = (eventId: number) =>
    vi.waitFor(async () => {
      const row = await t.db
        .selectFrom("order_event_notices")
        .select("event_id")
        .where("event_id", "=", eventId)
        .executeTakeFirst();
      if (!row) throw new Error(`event ${eventId} not notified yet`);
    }, wait);
  const messagesTo = async (recipient: string, template: string) =>
    (await readOutbox(app, recipient)).filter((m) => m.template === template);

  describe("POST /customer/{id}/fcm-token", () => {
    it("registers the signed-in shopper's Web Push subscription, once however often it is sent", async () => {
      const user = await createUser(t.db);
      const browser = await signedInBrowser(app, user);
      const sub = push.subscribe(`/reg/${user.id}`);
      const first = await register(browser, user.id, sub);
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json()).toEqual({ status: "ok" });
      // Again, and as JSON text (what a page holding subscription.toJSON() as a string sends): still one row.
      expect((await register(browser, user.id, JSON.stringify(sub))).json()).toEqual({ status: "ok" });
      expect(await tokensOf(user.id)).toEqual([
        {
          platform: "web",
          kind: "webpush",
          token: sub.endpoint,
          p256dh: sub.keys.p256dh,
          auth: sub.keys.auth,
        },
      ]);
    });

    it("keeps a mobile app's FCM token with its platform", async () => {
      const user = await createUser(t.db);
      const browser = await signedInBrowser(app, user);
      const fcm = `dGhpcyBpcyBhbiBGQ00gdG9rZW4:APA91b${"x".repeat(120)}`;
      const res = await register(browser, user.id, fcm, { "x-platform": "android" });
      expect(res.statusCode, res.body).toBe(200);
      expect(await tokensOf(user.id)).toEqual([
        { platform: "android", kind: "fcm", token: fcm, p256dh: null, auth: null },
      ]);
    });

    it("answers 404 for another user's id and 401 for a visitor; nothing is stored", async () => {
      const [me, other] = [await createUser(t.db), await createUser(t.db)];
      const browser = await signedInBrowser(app, me);
      const res = await register(browser, other.id, push.subscribe(`/other/${other.id}`));
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe("user_not_found");
      const visitor = await app.inject({
        method: "POST",
        url: `/customer/${me.id}/fcm-token`,
        payload: { fcm_token: push.subscribe(`/anon/${me.id}`) },
      });
      expect(visitor.statusCode).toBe(401);
      expect(await tokensOf(me.id)).toEqual([]);
      expect(await tokensOf(other.id)).toEqual([]);
    });

    it("a token it cannot use is a failed registration: 400 with the code 'failed'", async () => {
      const user = await createUser(t.db);
      const browser = await signedInBrowser(app, user);
      const good = push.subscribe(`/bad/${user.id}`);
      const bad: Record<string, unknown> = {
        "plain http endpoint": { ...good, endpoint: good.endpoint.replace("https:", "http:") },
        "not a push service": { ...good, endpoint: "https://internal.example/hook" },
        "p256dh not a P-256 key": { ...good, keys: { ...good.keys, p256dh: "AAAA" } },
        "auth not 16 bytes": { ...good, keys: { ...good.keys, auth: "c2hvcnQ" } },
        "broken JSON text": "{ endpoint:",
        "a word, not a token": "failed",
      };
      for (const [why, token] of Object.entries(bad)) {
        const res = await register(browser, user.id, token);
        expect(res.statusCode, why).toBe(400);
        expect(res.json().error.code, why).toBe("failed");
      }
      expect(await tokensOf(user.id)).toEqual([]);
    });

    it("serves the VAPID public key from the environment when it is set", async () => {
      const keys = webpush.generateVAPIDKeys();
      const configured = await buildApp({
        config: loadConfig({
          NODE_ENV: "test",
          VAPID_PUBLIC_KEY: keys.publicKey,
          VAPID_PRIVATE_KEY: keys.privateKey,
        }),
        db: t.db,
        logger: false,
        jobs,
      });
      try {
        expect(
          (await configured.inject({ method: "GET", url: "/api/push/vapid-public-key" })).json(),
        ).toEqual({
          publicKey: keys.publicKey,
        });
      } finally {
        await configured.close();
      }
    });

    it("serves the VAPID public key, generated once and kept: a restarted app signs with the same", async () => {
      const res = await app.inject({ method: "GET", url: "/api/push/vapid-public-key" });
      expect(res.statusCode).toBe(200);
      const { publicKey } = res.json();
      expect(publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
      const again = await buildApp({
        config: loadConfig({ NODE_ENV: "test" }),
        db: t.db,
        logger: false,
        jobs,
      });
      try {
        expect((await again.inject({ method: "GET", url: "/api/push/vapid-public-key" })).json()).toEqual({
          publicKey,
        });
      } finally {
        await again.close();
      }
    });
  });

  /** A shopper with a placed order, a mobile number and the contact choices given, and their subscriptions. */
  async function shopper(prefs: { email: boolean; sms: boolean; push: boolean }, subscriptions: string[]) {
    const mobile = `212555${String(1000 + n++).slice(-4)}`;
    // The number and choices are the shopper's before the order: its placement is told at once.
    const { user, browser, orders } = await placedOrder(s, [{ sku: WHISKEY, qty: 1 }], {
      before: (_browser, who) =>
        t.db
          .updateTable("users")
          .set({
            mobile,
            country_code: "+1",
            contact_email: prefs.email,
            contact_sms: prefs.sms,
            contact_push: prefs.push,
          })
          .where("id", "=", who.id)
          .execute(),
    });
    // The placement's notification (texted; its email is the checkout's confirmation) goes before any subscription.
    await notified(await latestEvent(orders[0]._id));
    const subs: TestSubscription[] = [];
    for (const name of subscriptions) {
      const sub = push.subscribe(`${name}/${user.id}`);
      expect((await register(browser, user.id, sub)).statusCode).toBe(200);
      subs.push(sub);
    }
    return { user, browser, order: orders[0], subs, mobile: `+1${mobile}` };
  }

  it("a status change sends one email, one text with the tracking link and one push to each subscription, decrypted there", async () => {
    const { user, order, subs, mobile } = await shopper({ email: true, sms: true, push: true }, ["/a", "/b"]);
    const paths = subs.map((sub) => new URL(sub.endpoint).pathname);
    const staff = await staffOf("d-manhattan");
    expect((await staff.post(`/api/console/orders/${order._id}/accept`, {})).statusCode).toBe(200);
    const eventId = await latestEvent(order._id);
    await notified(eventId);
    await vi.waitFor(() => {
      for (const p of paths) if (push.to(p).length === 0) throw new Error(`no push at ${p} yet`);
    }, wait);
    // Give a duplicate every chance to show up (a second worker poll, a retried job).
    await new Promise((r) => setTimeout(r, 1500));
    for (const p of paths) {
      const got = push.to(p);
      expect(got).toHaveLength(1);
      expect(got[0].payload).toEqual({
        title: `Order #${order.order_number} is being prepared`,
        body: expect.stringContaining("getting it ready"),
        url: `/tracking/${order._id}`,
        tag: `order-${order._id}`,
      });
      expect(got[0].headers["content-encoding"]).toBe("aes128gcm");
      expect(String(got[0].headers.authorization)).toMatch(/^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=[\w-]{87}$/);
    }
    const emails = await messagesTo(user.email, "order-accepted");
    expect(emails).toHaveLength(1);
    const texts = await messagesTo(mobile, "order-accepted");
    expect(texts).toHaveLength(1);
    expect(texts[0].channel).toBe("sms");
    expect(texts[0].body).toContain(`/tracking/${order._id}`);
    expect(texts[0].body).toContain(`Order #${order.order_number} is being prepared`);
    // The placement was texted once before (its email is the checkout's confirmation, not sent again).
    expect(await messagesTo(mobile, "order-placed")).toHaveLength(1);
    expect((await readOutbox(app, user.email)).map((m) => m.template).sort()).toEqual([
      "order-accepted",
      "order-confirmation",
    ]);
  });

  it("sends nothing the shopper's preferences refuse; an email about their money still goes", async () => {
    const { user, order, subs, mobile } = await shopper({ email: false, sms: false, push: false }, [
      "/quiet",
    ]);
    const path = new URL(subs[0].endpoint).pathname;
    const staff = await staffOf("d-manhattan");
    expect((await staff.post(`/api/console/orders/${order._id}/accept`, {})).statusCode).toBe(200);
    await notified(await latestEvent(order._id));
    expect(await messagesTo(user.email, "order-accepted")).toEqual([]);
    expect(await readOutbox(app, mobile)).toEqual([]);
    const cancel = await staff.post(`/api/console/orders/${order._id}/cancel`, { reason: "Out of stock" });
    expect(cancel.statusCode, cancel.body).toBe(200);
    await notified(await latestEvent(order._id));
    const cancelled = await messagesTo(user.email, "order-cancelled");
    expect(cancelled).toHaveLength(1);
    expect(cancelled[0].body).toContain("Out of stock");
    expect(cancelled[0].body).toContain("refunded");
    expect(await readOutbox(app, mobile)).toEqual([]);
    await new Promise((r) => setTimeout(r, 1000));
    expect(push.to(path)).toEqual([]);
  });

  it("a shopper without a mobile number gets no text", async () => {
    const { user, order, mobile } = await shopper({ email: true, sms: true, push: true }, []);
    await t.db.updateTable("users").set({ mobile: null }).where("id", "=", user.id).execute();
    const staff = await staffOf("d-manhattan");
    expect((await staff.post(`/api/console/orders/${order._id}/accept`, {})).statusCode).toBe(200);
    await notified(await latestEvent(order._id));
    expect(await messagesTo(user.email, "order-accepted")).toHaveLength(1);
    // Texted at placement, while the number was there; not for the accept.
    expect((await readOutbox(app, mobile)).map((m) => m.template)).toEqual(["order-placed"]);
  });

  it("a subscription its push service calls gone (410) is removed; one that is down is tried again, the order moved regardless", async () => {
    const { user, order, subs } = await shopper({ email: true, sms: false, push: true }, [
      "/gone",
      "/down",
      "/ok",
    ]);
    const [gone, down, ok] = subs.map((sub) => new URL(sub.endpoint).pathname);
    const staff = await staffOf("d-manhattan");
    const accepted = await staff.post(`/api/console/orders/${order._id}/accept`, {});
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().order_status).toBe(1);
    await vi.waitFor(async () => {
      expect(push.to(ok)).toHaveLength(1);
      expect(push.to(gone)).toHaveLength(1);
      expect(push.to(down).length).toBeGreaterThanOrEqual(2);
      expect((await tokensOf(user.id)).map((r) => new URL(r.token).pathname).sort()).toEqual(
        [down, ok].sort(),
      );
    }, wait);
  });

  it("a device signed out of the account gets none of its pushes; another still signed in does", async () => {
    const { user, browser, order, subs } = await shopper({ email: true, sms: false, push: true }, ["/left"]);
    const phone = await signedInBrowser(app, { ...user, password: null });
    const kept = push.subscribe(`/kept/${user.id}`);
    expect((await register(phone, user.id, kept)).statusCode).toBe(200);
    expect((await browser.post("/auth/logout", {})).statusCode).toBe(200);
    const staff = await staffOf("d-manhattan");
    expect((await staff.post(`/api/console/orders/${order._id}/accept`, {})).statusCode).toBe(200);
    await notified(await latestEvent(order._id));
    await vi.waitFor(() => {
      if (push.to(`/kept/${user.id}`).length === 0) throw new Error("no push yet");
    }, wait);
    await new Promise((r) => setTimeout(r, 1000));
    expect(push.to(new URL(subs[0].endpoint).pathname)).toEqual([]);
    expect(await messagesTo(user.email, "order-accepted")).toHaveLength(1);
  });

  it("one event is told once: two of its jobs at once, or one run again, send one email and one text", async () => {
    const { user, order, mobile } = await shopper({ email: true, sms: true, push: true }, []);
    const config = loadConfig({ NODE_ENV: "test" });
    const ctx: NotificationsContext = {
      db: t.db,
      config,
      jobs,
      outbox: new Outbox(jobs),
      transport: webPushTransport({ subject: "mailto:push-test@nightcap.test", agent: push.agent }),
      vapid: await vapidKeys(t.db, config.push),
      pushHostAllowed: () => true,
    };
    // Moved without its job (the factory's moves send none): the two runs below are the only ones.
    await moveOrderAsStaff(t.db, order._id, { type: "accept" });
    const eventId = await latestEvent(order._id);
    const runs = await Promise.all([notifyOrderEvent(ctx, eventId), notifyOrderEvent(ctx, eventId)]);
    expect(runs.map((r) => r.email).sort()).toEqual([0, 1]);
    expect(runs.map((r) => r.sms).sort()).toEqual([0, 1]);
    expect(await notifyOrderEvent(ctx, eventId)).toEqual({ update: null, email: 0, sms: 0, push: 0 });
    expect(await messagesTo(user.email, "order-accepted")).toHaveLength(1);
    expect(await messagesTo(mobile, "order-accepted")).toHaveLength(1);
  });
});
