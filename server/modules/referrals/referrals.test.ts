import { randomUUID } from "node:crypto";
import { describe, expect, it, vi } from "vitest";
import { checkoutIdFor } from "#domain/checkout/request.ts";
import type { Order } from "#domain/orders/types.ts";
import { REFERRAL_CAP } from "#domain/referrals/rules.ts";
import type { JobQueue } from "#server/platform/jobs.ts";
import { createUser, signedInBrowser } from "#tests/factories/accounts.ts";
import { staffOf } from "#tests/factories/console.ts";
import { createDeliveryFixture } from "#tests/factories/delivery-fixture.ts";
import { moveOrderAsStaff } from "#tests/factories/orders.ts";
import { cardToken } from "#tests/factories/placed-orders.ts";
import { CHELSEA } from "#tests/factories/shopper.ts";
import { type TestApp, useTestApp } from "#tests/support/app.ts";
import { codeFromOutbox, readOutbox, TestBrowser } from "#tests/support/browser.ts";
import { testDatabases } from "#tests/support/db.ts";
import { Outbox } from "../messages/index.ts";
import { settleReferral } from "./referrals.ts";

const WHISKEY = "IA-9001-750";
const ELSEWHERE_IN_CHELSEA = "10 W 33rd St, New York, NY 10001";
let clock = Date.now();

interface ReferralsBody {
  code: string;
  path: string;
  cap: number;
  rewarded: number;
  earned: number;
  referrals: { name: string; state: string; label: string; reason: string | null }[];
}

/** A shopper with an account and their share link. */
async function referrerOf(s: TestApp, over: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(s.db, { firstname: "Alex", lastname: "Referrer", ...over });
  const browser = await signedInBrowser(s.app, user);
  const res = await browser.get("/api/referrals");
  expect(res.statusCode, res.body).toBe(200);
  return { user, browser, code: res.json<ReferralsBody>().code };
}

/** A friend signs up through `/signup?ref=code` (the emailed code's two steps) on `browser`. */
async function friendSignsUp(
  s: TestApp,
  code: string,
  opts: { browser?: TestBrowser; mobile?: string; email?: string } = {},
) {
  const browser = opts.browser ?? new TestBrowser(s.app);
  const email = opts.email ?? `friend-${randomUUID().slice(0, 8)}@example.com`;
  const started = await browser.post("/auth/signup", {
    firstname: "Casey",
    lastname: "Friend",
    email,
    birthday: "1990-05-17",
    ref: code,
    ...(opts.mobile ? { mobile: opts.mobile } : {}),
  });
  expect(started.statusCode, started.body).toBe(200);
  const done = await browser.post("/auth/loginV2Step2", {
    oid: started.json().oid,
    code: await codeFromOutbox(s.app, email),
  });
  expect(done.statusCode, done.body).toBe(200);
  return { browser, email, id: done.json().user.id as string };
}

/** The signed-in browser's shopper places an ASAP order of one whiskey at Manhattan, paid with a test card. */
async function orders(s: TestApp, browser: TestBrowser, userId: string, address = ELSEWHERE_IN_CHELSEA) {
  expect((await browser.post("/order/address", { address })).statusCode).toBe(200);
  const added = await browser.post(
    "/menu/cart/v2",
    { skus: [{ sku: WHISKEY, qty: 1, store_id: "d-manhattan" }] },
    { "x-multi-store": "true" },
  );
  expect(added.statusCode, added.body).toBe(200);
  const res = await browser.post("/order/v3", {
    id: checkoutIdFor(userId, new Date(clock++)),
    paymentMethod: { type: "token", token: await cardToken(s) },
    deliveryTime: "asap",
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ orders: Order[] }>().orders[0];
}

const credit = async (browser: TestBrowser) =>
  (await browser.get("/promos")).json<{ credit: number }>().credit;
const view = async (browser: TestBrowser) => (await browser.get("/api/referrals")).json<ReferralsBody>();

/** Staff deliver the order through the console API (accept, send out, mark delivered). */
async function staffDeliver(staff: TestBrowser, orderId: string) {
  for (const step of ["accept", "dispatch", "deliver"]) {
    const res = await staff.post(`/api/console/orders/${orderId}/${step}`, {});
    expect(res.statusCode, `${step}: ${res.body}`).toBe(200);
  }
}

/** Delivers without the job (the tests that run the decision themselves). */
async function deliverQuietly(s: TestApp, orderId: string) {
  for (const type of ["accept", "dispatch", "deliver"] as const)
    await moveOrderAsStaff(s.db, orderId, { type });
}

const noJobs = { send: async () => null } as unknown as JobQueue;
const deps = (s: TestApp) => ({ db: s.db, outbox: new Outbox(noJobs), now: () => new Date(), origin: null });

describe.each(testDatabases)("referrals on %s", (kind) => {
  const s = useTestApp(kind, { fixture: createDeliveryFixture, workers: true });

  it("gives a shopper a stable share code; the link names them; strangers and bad codes get nothing", async () => {
    const { browser, code } = await referrerOf(s);
    const again = await view(browser);
    expect(again).toMatchObject({ code, path: `/signup?ref=${code}`, cap: REFERRAL_CAP, rewarded: 0 });
    expect(code).toMatch(/^[2-9A-Z]{8}$/);
    const owner = await new TestBrowser(s.app).get(`/api/referrals/code/${code.toLowerCase()}`);
    expect(owner.json()).toEqual({ code, name: "Alex R." });
    expect((await new TestBrowser(s.app).get("/api/referrals/code/NOPE2345")).statusCode).toBe(404);
    expect((await new TestBrowser(s.app).get("/api/referrals")).statusCode).toBe(401);
  });

  it("a friend through the link who completes a first order earns both sides credit once", async () => {
    const referrer = await referrerOf(s);
    const friend = await friendSignsUp(s, referrer.code);
    expect((await view(referrer.browser)).referrals).toEqual([
      {
        name: "Casey F.",
        state: "signed_up",
        label: "Signed up",
        reason: null,
        signedUpAt: expect.any(String),
        decidedAt: null,
      },
    ]);
    const order = await orders(s, friend.browser, friend.id);
    expect((await view(referrer.browser)).referrals[0]).toMatchObject({ state: "ordered", label: "Ordered" });
    expect(await credit(referrer.browser)).toBe(0);

    const { staff } = await staffOf(s, "d-manhattan");
    await staffDeliver(staff, order._id);
    await vi.waitFor(async () => expect(await credit(referrer.browser)).toBe(1000), { timeout: 10_000 });
    expect(await credit(friend.browser)).toBe(1000);
    expect(await view(referrer.browser)).toMatchObject({
      rewarded: 1,
      earned: 1000,
      referrals: [{ state: "rewarded", label: "Rewarded" }],
    });
    expect((await readOutbox(s.app, referrer.user.email)).map((m) => m.template)).toContain(
      "referral-reward",
    );
    expect((await readOutbox(s.app, friend.email)).map((m) => m.template)).toContain("referral-reward");

    // A second completed order earns nothing more.
    const second = await orders(s, friend.browser, friend.id);
    await staffDeliver(staff, second._id);
    await new Promise((r) => setTimeout(r, 1500));
    expect(await credit(referrer.browser)).toBe(1000);
    expect(await credit(friend.browser)).toBe(1000);
  });

  it("ignores an unknown code: the signup goes on, no referral", async () => {
    const friend = await friendSignsUp(s, "ZZZZ2345");
    const rows = await s.db.selectFrom("referrals").select("id").where("friend_id", "=", friend.id).execute();
    expect(rows).toEqual([]);
  });

  describe("refuses self-referral", () => {
    it.each([
      ["same device", "same_device"],
      ["same mobile (same person)", "same_person"],
      ["same saved card", "same_card"],
      ["same delivery address", "same_address"],
    ])("%s", async (name, reason) => {
      const referrer = await referrerOf(s, { mobile: "2125550177" });
      const friend = await friendSignsUp(s, referrer.code, {
        browser:
          name === "same device"
            ? new TestBrowser(s.app, { anonymousId: referrer.browser.anonymousId })
            : undefined,
        mobile: name.startsWith("same mobile") ? "(212) 555-0177" : undefined,
      });
      if (name === "same saved card") {
        for (const userId of [referrer.user.id, friend.id])
          await s.db
            .insertInto("cards")
            .values({
              id: randomUUID(),
              user_id: userId,
              provider: "sandbox",
              provider_card_id: `pm_${randomUUID()}`,
              brand: userId === friend.id ? "Visa" : "visa",
              last4: "4444",
              exp_month: 3,
              exp_year: 2030,
            })
            .execute();
      }
      if (name === "same delivery address") {
        // The referrer once ordered to the address the friend orders to.
        const ordered = await orders(s, referrer.browser, referrer.user.id, CHELSEA);
        await moveOrderAsStaff(s.db, ordered._id, { type: "cancel" });
      }
      const order = await orders(
        s,
        friend.browser,
        friend.id,
        name === "same delivery address" ? CHELSEA : undefined,
      );
      await deliverQuietly(s, order._id);
      expect(await settleReferral(deps(s), order._id)).toBe(reason);
      const shown = await view(referrer.browser);
      expect(shown.referrals[0]).toMatchObject({
        state: "refused",
        label: "Not eligible",
        reason: expect.any(String),
      });
      expect(await credit(referrer.browser)).toBe(0);
      expect(await credit(friend.browser)).toBe(0);
    });
  });

  it("stops at the cap: the eleventh friend earns nothing and the referrer is told why", async () => {
    const referrer = await referrerOf(s);
    for (let i = 0; i < REFERRAL_CAP; i++) {
      const past = await createUser(s.db);
      await s.db
        .insertInto("referrals")
        .values({
          referrer_id: referrer.user.id,
          friend_id: past.id,
          code: referrer.code,
          state: "rewarded",
          decided_at: new Date(),
        })
        .execute();
    }
    const friend = await friendSignsUp(s, referrer.code);
    const order = await orders(s, friend.browser, friend.id);
    await deliverQuietly(s, order._id);
    expect(await settleReferral(deps(s), order._id)).toBe("cap_reached");
    expect((await view(referrer.browser)).referrals[0]).toMatchObject({
      state: "refused",
      reason: `You have already earned credit for ${REFERRAL_CAP} friends, the most we give.`,
    });
    expect(await credit(friend.browser)).toBe(0);
  });

  it("decides once when the friend's orders complete together and the job runs twice for each", async () => {
    const referrer = await referrerOf(s);
    const friend = await friendSignsUp(s, referrer.code);
    const first = await orders(s, friend.browser, friend.id);
    const second = await orders(s, friend.browser, friend.id);
    await Promise.all([deliverQuietly(s, first._id), deliverQuietly(s, second._id)]);
    const outcomes = await Promise.all(
      [first, second, first, second].map((o) => settleReferral(deps(s), o._id)),
    );
    expect(outcomes.filter((o) => o === "rewarded")).toHaveLength(1);
    expect(outcomes.filter((o) => o !== "rewarded")).toEqual([
      "already_decided",
      "already_decided",
      "already_decided",
    ]);
    expect(await credit(referrer.browser)).toBe(1000);
    expect(await credit(friend.browser)).toBe(1000);
    const grants = await s.db
      .selectFrom("credit_entries")
      .select("user_id")
      .where("user_id", "in", [referrer.user.id, friend.id])
      .where("kind", "=", "granted")
      .execute();
    expect(grants).toHaveLength(2);
  });

  it("a referral not yet completed waits: a placed order decides nothing", async () => {
    const referrer = await referrerOf(s);
    const friend = await friendSignsUp(s, referrer.code);
    const order = await orders(s, friend.browser, friend.id);
    expect(await settleReferral(deps(s), order._id)).toBe("not_completed");
    expect((await view(referrer.browser)).referrals[0].state).toBe("ordered");
  });
});
