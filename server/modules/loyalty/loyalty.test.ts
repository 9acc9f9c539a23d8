import { createHash } from "node:crypto";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { drawWinner } from "#domain/loyalty/giveaway.ts";
import { loadConfig } from "#server/config.ts";
import { createUser, signedInBrowser } from "#tests/factories/accounts.ts";
import { staffOf } from "#tests/factories/console.ts";
import { createDeliveryFixture } from "#tests/factories/delivery-fixture.ts";
import { placedOrder } from "#tests/factories/placed-orders.ts";
import { type TestApp, useTestApp } from "#tests/support/app.ts";
import type { TestBrowser } from "#tests/support/browser.ts";
import { testDatabases } from "#tests/support/db.ts";
import { onOrderMoved } from "./ledger.ts";

const WHISKEY = "IA-9001-750"; // $29.99 at d-manhattan
const MANHATTAN = "d-manhattan";

/** Staff of the order's store move it to delivered through the console API. */
async function deliver(staff: TestBrowser, orderId: string) {
  for (const step of ["accept", "dispatch", "deliver"]) {
    const res = await staff.post(`/api/console/orders/${orderId}/${step}`, {});
    expect(res.statusCode, res.body).toBe(200);
  }
}

async function deliveredOrder(s: TestApp, qty: number) {
  const { staff } = await staffOf(s, MANHATTAN);
  const placed = await placedOrder(s, [{ sku: WHISKEY, qty }]);
  const order = placed.orders[0];
  await deliver(staff, order._id);
  return { ...placed, staff, order };
}

const ledgerOf = (s: TestApp, userId: string) =>
  s.db
    .selectFrom("loyalty_ledger")
    .select(["kind", "points", "action", "staff_id", "reason", "refund_cents"])
    .where("user_id", "=", userId)
    .orderBy("id")
    .execute();

describe.each(testDatabases)("loyalty points on %s", (kind) => {
  const s = useTestApp(kind, { fixture: createDeliveryFixture });

  it("earns nothing before delivery; a delivered order earns points by its merchandise and the first-order action, once", async () => {
    const { staff } = await staffOf(s, MANHATTAN);
    const { user, browser, orders } = await placedOrder(s, [{ sku: WHISKEY, qty: 2 }]);
    const order = orders[0];
    expect((await browser.get("/me")).json().loyalty).toMatchObject({
      currentPoints: 0,
      currentStatus: "Member",
      nextStatus: "Silver",
      completedActions: [],
    });
    await deliver(staff, order._id);
    // $59.98 of merchandise: 59 whole dollars × 5 points at Member; 100 for the first order.
    expect(await ledgerOf(s, user.id)).toEqual([
      expect.objectContaining({ kind: "earned", points: 295 }),
      expect.objectContaining({ kind: "action", points: 100, action: "first_order" }),
    ]);
    const me = (await browser.get("/me")).json();
    expect(me.user).toMatchObject({ loyaltyPoints: 395, loyaltyStatus: "Silver" });
    expect(me.loyalty).toMatchObject({
      currentPoints: 395,
      currentStatus: "Silver",
      nextStatus: "Gold",
      pointsToNextStatus: 605,
      completedActions: ["first_order"],
      uncompletedActions: ["completed_profile", "rated_order", "verified_age"],
      performableActions: ["completed_profile", "rated_order", "verified_age"],
      programTitle: "Nightcap Rewards",
    });
    expect(me.loyalty.statusTiers.map((t: { name: string; points: number }) => [t.name, t.points])).toEqual([
      ["Member", 0],
      ["Silver", 250],
      ["Gold", 1000],
      ["Platinum", 2500],
    ]);

    // The hook again for the same move (a retried job, a second writer): nothing more.
    const event = await s.db
      .selectFrom("order_events")
      .select("id")
      .where("order_id", "=", order._id)
      .where("type", "=", "deliver")
      .executeTakeFirstOrThrow();
    await s.db
      .transaction()
      .execute((tx) =>
        onOrderMoved(
          tx,
          { orderId: order._id, eventId: Number(event.id), type: "deliver", toStatus: 3, detail: {} },
          new Date(),
        ),
      );
    expect(await ledgerOf(s, user.id)).toHaveLength(2);
  });

  it("a second order earns at the tier held before it (Silver: 25% more)", async () => {
    const { staff } = await staffOf(s, MANHATTAN);
    const first = await placedOrder(s, [{ sku: WHISKEY, qty: 2 }]);
    await deliver(staff, first.orders[0]._id);
    const second = await first.browser.post("/menu/cart/v2", {
      skus: [{ sku: WHISKEY, qty: 2, store_id: MANHATTAN }],
    });
    expect(second.statusCode).toBe(200);
    // Re-use the same shopper for a second checkout.
    const again = await placedOrderFor(s, first.browser);
    await deliver(staff, again);
    const rows = await ledgerOf(s, first.user.id);
    expect(rows.filter((r) => r.kind === "earned").map((r) => r.points)).toEqual([295, 368]);
  });

  it("refunds take points back in proportion, all of them for a full refund", async () => {
    const { user, browser, staff, order } = await deliveredOrder(s, 2);
    const total = order.total;
    const half = Math.floor(total / 2);
    const part = await staff.post(`/api/console/orders/${order._id}/refund`, {
      amount: half,
      reason: "Chipped",
    });
    expect(part.statusCode, part.body).toBe(200);
    const afterPart = await ledgerOf(s, user.id);
    expect(afterPart.at(-1)).toMatchObject({
      kind: "reversed",
      points: -Math.round((295 * half) / total),
      refund_cents: half,
    });
    const rest = await staff.post(`/api/console/orders/${order._id}/refund`, { reason: "Goodwill" });
    expect(rest.statusCode, rest.body).toBe(200);
    const rows = await ledgerOf(s, user.id);
    const reversed = rows.filter((r) => r.kind === "reversed").reduce((n, r) => n + r.points, 0);
    expect(reversed).toBe(-295);
    // The first-order action stays: the order was completed.
    expect((await browser.get("/me")).json().loyalty.currentPoints).toBe(100);
  });

  it("one-off actions are awarded once: a completed profile", async () => {
    const user = await createUser(s.db);
    const browser = await signedInBrowser(s.app, user);
    const patched = await browser.request("PATCH", "/me", { mobile: "(212) 555-0101", gender: "female" });
    expect(patched.statusCode, patched.body).toBe(200);
    await browser.get("/me");
    const me = (await browser.get("/me")).json();
    expect(me.loyalty).toMatchObject({ currentPoints: 50, completedActions: ["completed_profile"] });
    expect(me.loyalty.performableActions).not.toContain("rated_order");
    expect((await ledgerOf(s, user.id)).filter((r) => r.kind === "action")).toHaveLength(1);
  });

  it("points unspent twelve months after they were earned expire once, before any spending", async () => {
    const user = await createUser(s.db);
    const clerk = await createUser(s.db);
    const browser = await signedInBrowser(s.app, user);
    const thirteenMonthsAgo = new Date();
    thirteenMonthsAgo.setUTCMonth(thirteenMonthsAgo.getUTCMonth() - 13);
    await s.db
      .insertInto("loyalty_ledger")
      .values([
        {
          user_id: user.id,
          kind: "adjusted",
          points: 600,
          staff_id: clerk.id,
          reason: "Welcome back",
          created_at: thirteenMonthsAgo,
        },
        { user_id: user.id, kind: "adjusted", points: 400, staff_id: clerk.id, reason: "Sorry for the wait" },
      ])
      .execute();
    // The 600 of thirteen months ago lapsed before this redemption: it spends from this month's 400.
    expect((await browser.post("/me/loyalty/redeem", { steps: 1 })).json()).toMatchObject({ balance: 150 });
    // Expiry never lowers the tier (lifetime points keep what was earned).
    const loyalty = (await browser.get("/me/loyalty")).json();
    expect(loyalty.loyalty).toMatchObject({ currentPoints: 150, lifetimePoints: 1000 });
    expect(loyalty.history.map((h: { kind: string; points: number }) => [h.kind, h.points])).toEqual(
      expect.arrayContaining([
        ["expired", -600],
        ["redeemed", -250],
      ]),
    );
    await browser.get("/me");
    await browser.get("/me/loyalty");
    expect((await ledgerOf(s, user.id)).filter((r) => r.kind === "expired")).toEqual([
      expect.objectContaining({ points: -600, reason: "600 points not used within 12 months" }),
    ]);
  });

  it("redeems points into store credit in steps, refuses to overdraw and bad steps", async () => {
    const { user, browser } = await deliveredOrder(s, 2); // 395 points
    const one = await browser.post("/me/loyalty/redeem", { steps: 1 });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json()).toEqual({ points: 250, cents: 250, balance: 145 });
    expect((await browser.get("/promos")).json().credit).toBe(250);
    const over = await browser.post("/me/loyalty/redeem", { steps: 1 });
    expect(over.statusCode).toBe(409);
    expect(over.json().error.code).toBe("not_enough_points");
    for (const steps of [0, -1, 1.5, 41, "2"]) {
      const bad = await browser.post("/me/loyalty/redeem", { steps });
      expect(bad.statusCode).toBe(400);
    }
    const pageRes = await browser.get("/me/loyalty");
    expect(pageRes.statusCode, pageRes.body).toBe(200);
    const page = pageRes.json();
    expect(page.loyalty).toMatchObject({ currentPoints: 145, currentStatus: "Silver", lifetimePoints: 395 });
    expect(page.history[0]).toMatchObject({ kind: "redeemed", points: -250 });
    const credit = await s.db
      .selectFrom("credit_entries")
      .select(["kind", "amount"])
      .where("user_id", "=", user.id)
      .execute();
    expect(credit).toEqual([{ kind: "granted", amount: 250 }]);
  });

  it.runIf(kind === "postgres")("parallel redemptions never spend the same points twice", async () => {
    const { user, browser } = await deliveredOrder(s, 4); // 119 × 5 + 100 = 695 points: two steps
    const results = await Promise.all(
      Array.from({ length: 6 }, () => browser.post("/me/loyalty/redeem", { steps: 1 })),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 200, 409, 409, 409, 409]);
    const rows = await ledgerOf(s, user.id);
    expect(rows.reduce((n, r) => n + r.points, 0)).toBe(195);
    expect((await browser.get("/promos")).json().credit).toBe(500);
  });

  it("a tier with free delivery waives the delivery fee in the cart and at checkout", async () => {
    const member = await placedOrder(s, [{ sku: WHISKEY, qty: 1 }]);
    expect(member.cart.fee.delivery_fee).toBeGreaterThan(0);
    const feeOf = async (orderId: string) =>
      (
        await s.db
          .selectFrom("orders")
          .select("delivery_fee")
          .where("id", "=", orderId)
          .executeTakeFirstOrThrow()
      ).delivery_fee;
    expect(await feeOf(member.orders[0]._id)).toBe(member.cart.fee.delivery_fee);
    const { staffId } = await staffOf(s, MANHATTAN);
    const platinum = await placedOrder(s, [{ sku: WHISKEY, qty: 1 }], {
      before: async (browser) => {
        const me = (await browser.get("/me")).json();
        await s.db
          .insertInto("loyalty_ledger")
          .values({
            user_id: me.user.id,
            kind: "adjusted",
            points: 2500,
            staff_id: staffId,
            reason: "Platinum",
          })
          .execute();
      },
    });
    expect(platinum.cart.fee.delivery_fee).toBe(0);
    expect(await feeOf(platinum.orders[0]._id)).toBe(0);
    expect(platinum.orders[0].total).toBe(member.orders[0].total - member.cart.fee.delivery_fee);
  });

  it("staff see and adjust a customer's points with a reason; shoppers cannot", async () => {
    const { user, browser } = await deliveredOrder(s, 2);
    const email = encodeURIComponent(user.email);
    const shopperLook = await browser.get(`/api/console/loyalty/customer?email=${email}`);
    expect(shopperLook.statusCode, shopperLook.body).toBe(403);
    expect(
      (
        await browser.post(`/api/console/loyalty/customer/${user.id}/adjust`, {
          points: 10,
          reason: "For myself",
        })
      ).statusCode,
    ).toBe(403);
    const { staff, staffId } = await staffOf(s, MANHATTAN);
    const seen = await staff.get(`/api/console/loyalty/customer?email=${email}`);
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json()).toMatchObject({ customer: { id: user.id }, loyalty: { currentPoints: 395 } });
    const added = await staff.post(`/api/console/loyalty/customer/${user.id}/adjust`, {
      points: 40,
      reason: "Late delivery",
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json()).toEqual({ balance: 435 });
    const tooMuch = await staff.post(`/api/console/loyalty/customer/${user.id}/adjust`, {
      points: -1000,
      reason: "Typo",
    });
    expect(tooMuch.statusCode).toBe(409);
    expect(
      (await staff.post(`/api/console/loyalty/customer/${user.id}/adjust`, { points: 5, reason: "" }))
        .statusCode,
    ).toBe(400);
    expect((await ledgerOf(s, user.id)).at(-1)).toMatchObject({
      kind: "adjusted",
      points: 40,
      staff_id: staffId,
      reason: "Late delivery",
    });
    expect((await staff.get("/api/console/loyalty/customer?email=nobody%40example.com")).statusCode).toBe(
      404,
    );
  });
});

/** Backends of this database waiting for a row lock (`select … for update`), PostgreSQL only. */
async function waitingOnRowLocks(s: TestApp): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from pg_stat_activity
    where datname = current_database() and wait_event_type = 'Lock' and query ilike '%from users where id%for update%'`.execute(
    s.db,
  );
  return rows[0].n;
}

/** Staff adjustments are bounded (docs/adr/0051-console-safeguards.md): small bounds here, read back from config. */
const BOUNDS_ENV = { LOYALTY_STAFF_MAX_POINTS: "100", LOYALTY_STAFF_DAILY_POINTS: "300" };
const bounds = loadConfig({ NODE_ENV: "test", ...BOUNDS_ENV }).loyalty.staffAdjustments;

describe.each(testDatabases)("staff adjustments' bounds on %s", (kind) => {
  const s = useTestApp(kind, { fixture: createDeliveryFixture, env: BOUNDS_ENV });
  const adjust = (who: TestBrowser, customerId: string, points: number) =>
    who.post(`/api/console/loyalty/customer/${customerId}/adjust`, { points, reason: "Goodwill" });
  const adjustedRows = (userId: string) =>
    s.db
      .selectFrom("loyalty_ledger")
      .select(["points", "staff_id"])
      .where("user_id", "=", userId)
      .where("kind", "=", "adjusted")
      .execute();
  const auditOf = (actorId: string) =>
    s.db
      .selectFrom("console_audit")
      .select(["action", "store_id", "detail", "before", "after"])
      .where("actor_id", "=", actorId)
      .orderBy("id")
      .execute();

  it("nobody adjusts their own points, staff or administrator, and nothing is written", async () => {
    const { staff, staffId } = await staffOf(s, MANHATTAN);
    const ownStaff = await adjust(staff, staffId, 10);
    expect(ownStaff.statusCode, ownStaff.body).toBe(403);
    expect(ownStaff.json().error.code).toBe("own_account");
    const adminUser = await createUser(s.db, { role: "admin" });
    const admin = await signedInBrowser(s.app, adminUser);
    const ownAdmin = await adjust(admin, adminUser.id, 10);
    expect(ownAdmin.statusCode, ownAdmin.body).toBe(403);
    expect(ownAdmin.json().error.code).toBe("own_account");
    expect(await adjustedRows(staffId)).toEqual([]);
    expect(await adjustedRows(adminUser.id)).toEqual([]);
    expect(await auditOf(staffId)).toEqual([]);
    // …and another member of staff may (within the bounds).
    const { staff: colleague } = await staffOf(s, MANHATTAN);
    expect((await adjust(colleague, staffId, 10)).statusCode).toBe(200);
  });

  it("staff adjust within one adjustment's bound; larger ones need an administrator", async () => {
    const customer = await createUser(s.db);
    const { staff } = await staffOf(s, MANHATTAN);
    for (const points of [bounds.perAdjustment + 1, -(bounds.perAdjustment + 1)]) {
      const refused = await adjust(staff, customer.id, points);
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.json().error).toMatchObject({ code: "adjustment_needs_admin" });
      expect(refused.json().error.message).toContain("Ask an administrator");
    }
    expect(await adjustedRows(customer.id)).toEqual([]);
    expect((await adjust(staff, customer.id, bounds.perAdjustment)).statusCode).toBe(200);
    const admin = await signedInBrowser(s.app, await createUser(s.db, { role: "admin" }));
    const large = await adjust(admin, customer.id, bounds.perDay * 10);
    expect(large.statusCode, large.body).toBe(200);
    expect(large.json()).toEqual({ balance: bounds.perAdjustment + bounds.perDay * 10 });
  });

  it("one staff member's additions across customers stop at the daily bound; each is audited with before and after", async () => {
    const { staff, staffId } = await staffOf(s, MANHATTAN);
    const steps = Math.floor(bounds.perDay / bounds.perAdjustment);
    const customers = await Promise.all(Array.from({ length: steps + 1 }, () => createUser(s.db)));
    for (const c of customers.slice(0, steps))
      expect((await adjust(staff, c.id, bounds.perAdjustment)).statusCode).toBe(200);
    const last = customers[steps];
    const over = await adjust(staff, last.id, 1);
    expect(over.statusCode, over.body).toBe(403);
    expect(over.json().error.code).toBe("daily_adjustment_limit");
    expect(await adjustedRows(last.id)).toEqual([]);
    // Taking points mints nothing: a deduction is still allowed; the bound is this staff member's, not the store's.
    expect((await adjust(staff, customers[0].id, -5)).statusCode).toBe(200);
    const { staff: colleague } = await staffOf(s, MANHATTAN);
    expect((await adjust(colleague, last.id, 1)).statusCode).toBe(200);
    const look = await staff.get(`/api/console/loyalty/customer?email=${encodeURIComponent(last.email)}`);
    expect(look.json().adjustAllowance).toEqual({
      ...bounds,
      leftToday: bounds.perDay - steps * bounds.perAdjustment,
    });

    const audit = await auditOf(staffId);
    expect(audit).toHaveLength(steps + 1);
    expect(audit[0]).toMatchObject({
      action: "loyalty.adjust",
      store_id: MANHATTAN,
      detail: { customer_id: customers[0].id, points: bounds.perAdjustment, reason: "Goodwill" },
      before: { points: 0 },
      after: { points: bounds.perAdjustment },
    });
    expect(audit.at(-1)).toMatchObject({
      detail: { customer_id: customers[0].id, points: -5 },
      before: { points: bounds.perAdjustment },
      after: { points: bounds.perAdjustment - 5 },
    });
    // The store's audit trail (GET /api/console/audit) shows them to the store's staff.
    const trail = (await staff.get("/api/console/audit")).json().entries;
    expect(
      trail.filter((e: { action: string }) => e.action === "loyalty.adjust").length,
    ).toBeGreaterThanOrEqual(steps + 1);
  });

  it.runIf(kind === "postgres")(
    "parallel adjustments by one staff member never pass the daily bound together",
    async () => {
      const { staff, staffId } = await staffOf(s, MANHATTAN);
      const fit = Math.floor(bounds.perDay / bounds.perAdjustment);
      const customers = await Promise.all(Array.from({ length: fit * 2 }, () => createUser(s.db)));
      // The first customer's row is held (as a redemption of theirs would hold it), so the first adjustment stops
      // there after reading what this staff member added today, while the others run: they must not pass the
      // bound behind its back, nor it behind theirs.
      let release = () => {};
      const gate = new Promise<void>((r) => {
        release = r;
      });
      let held = () => {};
      const holding = new Promise<void>((r) => {
        held = r;
      });
      const blocker = s.db.transaction().execute(async (tx) => {
        await sql`select id from users where id = ${customers[0].id} for update`.execute(tx);
        held();
        await gate;
      });
      await holding;
      const first = adjust(staff, customers[0].id, bounds.perAdjustment);
      await expect.poll(async () => (await waitingOnRowLocks(s)) > 0, { timeout: 10_000 }).toBe(true);
      let othersDone = false;
      const others = Promise.all(
        customers.slice(1).map((c) => adjust(staff, c.id, bounds.perAdjustment)),
      ).finally(() => {
        othersDone = true;
      });
      // Either they finish (nothing makes them wait for the first) or they queue behind it.
      await expect
        .poll(() => othersDone, { timeout: 1_500 })
        .toBe(true)
        .catch(() => {});
      release();
      await blocker;
      const codes = [await first, ...(await others)].map((r) => r.statusCode);
      expect(codes.filter((c) => c === 200)).toHaveLength(fit);
      expect(codes.filter((c) => c === 403)).toHaveLength(codes.length - fit);
      const added = await s.db
        .selectFrom("loyalty_ledger")
        .select(({ fn }) => fn.sum<number>("points").as("n"))
        .where("staff_id", "=", staffId)
        .executeTakeFirstOrThrow();
      expect(Number(added.n)).toBeLessThanOrEqual(bounds.perDay);
      expect(await auditOf(staffId)).toHaveLength(fit);
    },
  );
});

/** Places the shopper's current cart as a new order (asap, a fresh card token) and answers its id. */
async function placedOrderFor(s: TestApp, browser: TestBrowser): Promise<string> {
  const { cardToken } = await import("#tests/factories/placed-orders.ts");
  const { checkoutIdFor } = await import("#domain/checkout/request.ts");
  const me = (await browser.get("/me")).json();
  const res = await browser.post("/order/v3", {
    id: checkoutIdFor(me.user.id, new Date(Date.now() + 5000)),
    paymentMethod: { type: "token", token: await cardToken(s) },
    deliveryTime: "asap",
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().orders[0]._id;
}

describe.each(testDatabases)("the giveaway on %s", (kind) => {
  const s = useTestApp(kind, { fixture: createDeliveryFixture });

  it("answers inactive with multiplier 50 when there is none", async () => {
    const res = await s.app.inject({ method: "GET", url: "/giveaway/config" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ isActive: false, entriesMultiplier: 50, giveaway: null });
  });

  it("only administrators configure it; a multiplier that is not a finite number above 0 makes it inactive with 50", async () => {
    const admin = await signedInBrowser(s.app, await createUser(s.db, { role: "admin" }));
    const { staff } = await staffOf(s, MANHATTAN);
    const body = {
      title: "Summer giveaway",
      rules: "One winner. No purchase necessary.",
      active: true,
      entriesMultiplier: 3,
    };
    expect((await staff.post("/api/console/giveaways", body)).statusCode).toBe(403);
    const made = await admin.post("/api/console/giveaways", body);
    expect(made.statusCode, made.body).toBe(200);
    const id = made.json().giveaway.id;
    const config = async () => (await s.app.inject({ method: "GET", url: "/giveaway/config" })).json();
    expect(await config()).toMatchObject({
      isActive: true,
      entriesMultiplier: 3,
      giveaway: { title: "Summer giveaway" },
    });
    for (const bad of ["NaN", "Infinity", "-Infinity", "0", -2, 0, "lots", ""]) {
      const res = await admin.request("PATCH", `/api/console/giveaways/${id}`, { entriesMultiplier: bad });
      expect(res.statusCode, res.body).toBe(200);
      expect(await config()).toMatchObject({ isActive: false, entriesMultiplier: 50 });
    }
    expect(
      (await admin.request("PATCH", `/api/console/giveaways/${id}`, { entriesMultiplier: "2.5" })).statusCode,
    ).toBe(200);
    expect(await config()).toMatchObject({ isActive: true, entriesMultiplier: 2.5 });
    expect(
      (
        await admin.request("PATCH", `/api/console/giveaways/${id}`, {
          startsAt: "2030-01-02T00:00:00Z",
          endsAt: "2030-01-01T00:00:00Z",
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (await admin.request("PATCH", `/api/console/giveaways/${id}`, { startsAt: "2030-01-01T00:00:00Z" }))
        .statusCode,
    ).toBe(200);
    expect(await config()).toMatchObject({ isActive: false, entriesMultiplier: 2.5 });
    expect(
      (await admin.request("PATCH", `/api/console/giveaways/${id}`, { active: false, startsAt: null }))
        .statusCode,
    ).toBe(200);
    expect(await config()).toMatchObject({ isActive: false, giveaway: null });
  });

  it("records entries per completed order × multiplier, reverses them on refund, and draws a reproducible winner once", async () => {
    const admin = await signedInBrowser(s.app, await createUser(s.db, { role: "admin" }));
    const made = await admin.post("/api/console/giveaways", {
      title: "Autumn giveaway",
      rules: "Autumn rules.",
      active: true,
      entriesMultiplier: "4",
    });
    const id = made.json().giveaway.id;
    const a = await deliveredOrder(s, 1);
    const b = await deliveredOrder(s, 1);
    const c = await deliveredOrder(s, 1);
    const seen = (await a.browser.get("/me/loyalty")).json().giveaway;
    expect(seen).toMatchObject({
      isActive: true,
      entriesMultiplier: 4,
      entries: [{ giveawayId: id, entries: 4, orders: 1 }],
    });
    const refund = await c.staff.post(`/api/console/orders/${c.order._id}/refund`, { reason: "Broken" });
    expect(refund.statusCode, refund.body).toBe(200);
    expect((await c.browser.get("/me/loyalty")).json().giveaway.entries).toEqual([
      { giveawayId: id, title: "Autumn giveaway", entries: 0, orders: 1 },
    ]);

    const running = await admin.post(`/api/console/giveaways/${id}/draw`, {
      publishedValue: "Powerball 2026-11-25: 1 2 3",
    });
    expect(running.statusCode).toBe(409);
    expect(running.json().error.code).toBe("giveaway_running");
    expect((await admin.request("PATCH", `/api/console/giveaways/${id}`, { active: false })).statusCode).toBe(
      200,
    );
    const { staff } = await staffOf(s, MANHATTAN);
    expect(
      (await staff.post(`/api/console/giveaways/${id}/draw`, { publishedValue: "x y z" })).statusCode,
    ).toBe(403);
    const drawn = await admin.post(`/api/console/giveaways/${id}/draw`, {
      publishedValue: "Powerball 2026-11-25: 1 2 3",
    });
    expect(drawn.statusCode, drawn.body).toBe(200);
    const draw = drawn.json().giveaway.draw;
    const seed = createHash("sha256").update(`${id}:Powerball 2026-11-25: 1 2 3`).digest("hex");
    expect(draw).toMatchObject({ seed, totalEntries: 8, publishedValue: "Powerball 2026-11-25: 1 2 3" });
    // Anyone with the entries and the published value draws the same winner.
    const again = drawWinner(
      [
        { userId: a.user.id, entries: 4 },
        { userId: b.user.id, entries: 4 },
        { userId: c.user.id, entries: 0 },
      ],
      seed,
    );
    expect(again).toEqual({ winner: draw.winnerId, ticket: draw.ticket, totalEntries: 8 });
    expect([a.user.id, b.user.id]).toContain(draw.winnerId);
    expect(
      (await admin.post(`/api/console/giveaways/${id}/draw`, { publishedValue: "again" })).json().error.code,
    ).toBe("giveaway_drawn");
    expect(
      (await admin.request("PATCH", `/api/console/giveaways/${id}`, { title: "Changed" })).statusCode,
    ).toBe(409);
    const list = (await admin.get("/api/console/giveaways")).json().giveaways;
    expect(list[0]).toMatchObject({ id, draw: { winnerId: draw.winnerId } });
  });
});
