import { beforeEach, describe, expect, it } from "vitest";
import { createUser, signedInBrowser } from "#tests/factories/accounts.ts";
import { createProduct, stock } from "#tests/factories/catalogue.ts";
import { paymentOpsOf, splitOrders, staffOf, stockOf } from "#tests/factories/console.ts";
import { createSplitDeliveryFixture } from "#tests/factories/delivery-fixture.ts";
import { cardToken, placedOrder } from "#tests/factories/placed-orders.ts";
import { type TestApp, useTestApp } from "#tests/support/app.ts";
import { readOutbox, type TestBrowser } from "#tests/support/browser.ts";
import { testDatabases } from "#tests/support/db.ts";
import type { ConsoleOrder } from "../console/order-view.ts";
import { NO_CARD } from "../payments/index.ts";
import type { SubstitutionReview } from "./review.ts";

const WHISKEY = "IA-9001-750"; // $29.99 at Manhattan, 50 on the shelf
const BEER = "BC-9002-6X355"; // Brooklyn only
const GIN = "SB-9101-750"; // made here: $19.99 at Manhattan
const RYE = "IA-9004-750"; // $110 at Manhattan
const CIGAR = "TB-9005-1"; // tobacco, $15 at Manhattan
const MANHATTAN = "d-manhattan";

async function fixture(db: TestApp["db"]) {
  await createSplitDeliveryFixture(db);
  await createProduct(db, { sku_id: GIN, title: "Fixture London Gin", regular_price_cents: 2199 });
  await stock(db, MANHATTAN, GIN, 1999, { stock: 40 });
}

describe.each(testDatabases)("substitutions on %s", (kind) => {
  const s = useTestApp(kind, { fixture });
  const t = helpers(s);
  // Proposing empties a short product's shelf: each test starts from the fixture's stock.
  beforeEach(async () => {
    for (const [sku, n] of [
      [WHISKEY, 50],
      [GIN, 40],
      [RYE, 2],
    ] as const)
      await s.db
        .updateTable("inventory")
        .set({ stock: n })
        .where("store_id", "=", MANHATTAN)
        .where("sku_id", "=", sku)
        .execute();
  });

  it("staff propose, the shopper views and answers: lines and total follow, the difference is refunded, both told", async () => {
    const staff = await t.staffOf(MANHATTAN);
    const { user, browser, orders } = await placedOrder(s, [{ sku: WHISKEY, qty: 3 }]);
    const order = orders[0];
    expect((await staff.post(`/api/console/orders/${order._id}/accept`, {})).statusCode).toBe(200);
    const ginBefore = await t.stockOf(GIN);

    const proposed = await staff.post(`/api/console/orders/${order._id}/substitutions`, {
      lines: [{ sku_id: WHISKEY, stock_level: 1, suggestions: [GIN, RYE] }],
    });
    expect(proposed.statusCode, proposed.body).toBe(200);
    expect(proposed.json<ConsoleOrder>()).toMatchObject({
      substitution_status: "Proposed",
      substitutions: [
        { sku_id: WHISKEY, quantity: 3, stock_level: 1, suggestions: [GIN, RYE], answer: null },
      ],
    });
    expect(proposed.json<ConsoleOrder>().events.at(-1)).toMatchObject({ type: "substitutions_proposed" });
    // The shelf is empty once the order takes the one bottle left.
    expect(await t.stockOf(WHISKEY)).toBe(0);
    const asked = (await readOutbox(s.app, user.email)).find((m) => m.template === "substitutions-proposed");
    expect(asked?.body).toContain(`/substitution/${order._id}`);

    const review = await browser.get(`/order/substitution/${order._id}`);
    expect(review.statusCode, review.body).toBe(200);
    expect(review.json<SubstitutionReview>()).toMatchObject({
      status: "Proposed",
      open: true,
      products: [
        {
          sku_id: WHISKEY,
          title: "Fixture Bourbon",
          quantity: 3,
          stock_level: 1,
          suggestions: [
            { sku_id: GIN, price: 1999 },
            { sku_id: RYE, price: 11000 },
          ],
        },
      ],
    });

    const viewing = await t.answer(browser, order._id, { user: { objectId: user.id }, status: "Viewing" });
    expect(viewing.statusCode, viewing.body).toBe(200);
    expect(viewing.json().status).toBe("Viewing");
    expect((await browser.get(`/order/detail?id=${order._id}`)).json().substitution_status).toBe("Viewing");

    const done = await t.answer(browser, order._id, {
      user: { objectId: user.id },
      status: "Done",
      save: true,
      products: [{ sku_id: WHISKEY, removed: false, kept: 1, added: [{ sku_id: GIN, qty: 2 }] }],
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json<SubstitutionReview>()).toMatchObject({ status: "Done", open: false });
    const after = (await browser.get(`/order/detail?id=${order._id}`)).json();
    expect(after.products.map((p: { sku_id: string; qty: number }) => [p.sku_id, p.qty])).toEqual([
      [WHISKEY, 1],
      [GIN, 2],
    ]);
    const difference = 2999 + 2 * 1999 - 3 * 2999;
    expect(after.subtotal).toBe(order.subtotal + difference);
    expect(after.total).toBe(order.total + difference);
    expect(after.line_items.at(-1)).toMatchObject({ title: "Total", value: order.total + difference });
    expect(await t.stockOf(GIN)).toBe(ginBefore - 2);
    expect(await t.ops(order._id)).toEqual([
      { kind: "authorisation", amount: order.total, status: "succeeded" },
      { kind: "capture", amount: order.total, status: "succeeded" },
      { kind: "refund", amount: -difference, status: "succeeded" },
    ]);
    const settled = (await staff.get(`/api/console/orders/${order._id}`)).json<ConsoleOrder>();
    expect(settled.substitutions[0].answer).toEqual({
      sku_id: WHISKEY,
      removed: false,
      kept: 1,
      added: [{ sku_id: GIN, qty: 2 }],
    });
    expect(settled.events.at(-1)).toMatchObject({
      type: "substitutions_done",
      data: { statuses: ["Replaced Fixture Bourbon"], difference, refund: -difference },
    });
    expect(settled.money).toMatchObject({ captured: order.total, refunded: -difference });
    const told = (await readOutbox(s.app, user.email)).find((m) => m.template === "substitutions-done");
    expect(told?.body).toContain("Replaced Fixture Bourbon");
    expect(told?.body).toContain("We've refunded $20.00");

    const again = await t.answer(browser, order._id, { user: { objectId: user.id }, status: "Done" });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({
      code: "substitutions_answered",
      message: "These substitutions are already settled.",
    });
  });

  it("refuses answers it cannot apply, each message against its SKU, and changes nothing", async () => {
    const staff = await t.staffOf(MANHATTAN);
    const { user, browser, orders } = await placedOrder(s, [
      { sku: WHISKEY, qty: 2 },
      { sku: RYE, qty: 1 },
    ]);
    const id = orders[0]._id;
    await staff.post(`/api/console/orders/${id}/accept`, {});
    const proposed = await staff.post(`/api/console/orders/${id}/substitutions`, {
      lines: [
        { sku_id: WHISKEY, stock_level: 1, suggestions: [GIN] },
        { sku_id: RYE, stock_level: 0, suggestions: [] },
      ],
    });
    expect(proposed.statusCode, proposed.body).toBe(200);
    const me = { objectId: user.id };
    const cases: [unknown, Record<string, string>][] = [
      [
        [{ sku_id: WHISKEY, removed: false, kept: 2, added: [] }],
        { [WHISKEY]: "Only 1 of Fixture Bourbon is in stock." },
      ],
      [
        [
          { sku_id: WHISKEY, removed: true, kept: 0, added: [{ sku_id: BEER, qty: 1 }] },
          { sku_id: RYE, removed: false, kept: 1, added: [] },
        ],
        {
          [WHISKEY]: "That replacement is not available at this store.",
          [RYE]: "Fixture Rare Rye is out of stock: remove it or choose a replacement.",
        },
      ],
      [
        [{ sku_id: WHISKEY, removed: true, kept: 0, added: [{ sku_id: CIGAR, qty: 1 }] }],
        { [WHISKEY]: "Fixture Cigar needs an ID check at checkout: choose another replacement." },
      ],
      [
        // Twelve bottles of gin in place of one rye cost more than the order did, and no card is saved to charge.
        [{ sku_id: RYE, removed: true, kept: 0, added: [{ sku_id: GIN, qty: 12 }] }],
        { [RYE]: NO_CARD },
      ],
    ];
    for (const [products, details] of cases) {
      const res = await t.answer(browser, id, { user: me, status: "Done", products });
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().error).toEqual({
        code: "substitution_refused",
        message: Object.values(details)[0],
        details,
      });
    }
    const untouched = (await browser.get(`/order/detail?id=${id}`)).json();
    expect(untouched).toMatchObject({ substitution_status: "Proposed", total: orders[0].total });
    expect(untouched.products.map((p: { qty: number }) => p.qty)).toEqual([2, 1]);
    expect(await t.stockOf(GIN)).toBe(40);

    // Someone else's order, or a body naming another user, is not found.
    const stranger = await signedInBrowser(s.app, await createUser(s.db));
    expect((await stranger.get(`/order/substitution/${id}`)).statusCode).toBe(404);
    const theirs = await t.answer(stranger, id, { user: { objectId: "someone" }, status: "Viewing" });
    expect(theirs.statusCode).toBe(404);
    const forged = await t.answer(browser, id, { user: { objectId: "someone-else" }, status: "Done" });
    expect(forged.statusCode).toBe(404);
  });

  it("staff may propose only while picking, only short lines on the order, once at a time", async () => {
    const staff = await t.staffOf(MANHATTAN);
    const { browser, orders } = await placedOrder(s, [{ sku: WHISKEY, qty: 2 }]);
    const id = orders[0]._id;
    const propose = (lines: unknown) => staff.post(`/api/console/orders/${id}/substitutions`, { lines });
    const early = await propose([{ sku_id: WHISKEY, stock_level: 1 }]);
    expect(early.statusCode).toBe(409);
    expect(early.json().error.code).toBe("order_moved");
    await staff.post(`/api/console/orders/${id}/accept`, {});
    for (const [lines, code] of [
      [[{ sku_id: RYE, stock_level: 0 }], "not_on_order"],
      [[{ sku_id: WHISKEY, stock_level: 2 }], "not_short"],
      [[{ sku_id: WHISKEY, stock_level: 1, suggestions: [BEER] }], "bad_suggestion"],
      [[{ sku_id: WHISKEY, stock_level: 1, suggestions: [WHISKEY] }], "bad_suggestion"],
    ] as const) {
      const res = await propose(lines);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.code).toBe(code);
    }
    expect((await propose([{ sku_id: WHISKEY, stock_level: 1 }])).statusCode).toBe(200);
    const twice = await propose([{ sku_id: WHISKEY, stock_level: 0 }]);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.code).toBe("substitutions_pending");
    // Nothing to review on an order with no substitutions.
    const other = await placedOrder(s, [{ sku: GIN, qty: 2 }]);
    const none = await t.answer(other.browser, other.orders[0]._id, {
      user: { objectId: other.user.id },
      status: "Done",
    });
    expect(none.statusCode).toBe(409);
    expect(none.json().error.code).toBe("no_substitutions");
    expect((await browser.get(`/order/substitution/${id}`)).json().status).toBe("Proposed");
  });

  it("sending the order out unanswered settles the store's default: keep what it has, refund the rest", async () => {
    const { staff, user, browser, order } = await t.shortOrder(1, [GIN]);
    const sent = await staff.post(`/api/console/orders/${order._id}/dispatch`, {});
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json<ConsoleOrder>()).toMatchObject({
      order_status: 2,
      substitution_status: "Done",
      total: order.total - 2999,
      money: { refunded: 2999 },
      substitutions: [{ answer: { sku_id: WHISKEY, removed: false, kept: 1, added: [] } }],
    });
    const review = (await browser.get(`/order/substitution/${order._id}`)).json<SubstitutionReview>();
    expect(review).toMatchObject({ status: "Done", open: false });
    const late = await t.answer(browser, order._id, { user: { objectId: user.id }, status: "Done" });
    expect(late.statusCode).toBe(409);
    const told = (await readOutbox(s.app, user.email)).find((m) => m.template === "substitutions-done");
    expect(told?.body).toContain("We didn't hear back in time");
    expect(told?.body).toContain("Reset Fixture Bourbon");
  });

  it("before the capture (a split cart's other store still deciding) the smaller total is what the capture takes", async () => {
    const staff = await t.staffOf(MANHATTAN);
    const brooklyn = await t.staffOf("d-brooklyn");
    const { browser, user, mine, theirs: other } = await splitOrders(s, 2);
    await staff.post(`/api/console/orders/${mine._id}/accept`, {});
    await staff.post(`/api/console/orders/${mine._id}/substitutions`, {
      lines: [{ sku_id: WHISKEY, stock_level: 0, suggestions: [GIN] }],
    });
    const done = await t.answer(browser, mine._id, {
      user: { objectId: user.id },
      status: "Done",
      products: [{ sku_id: WHISKEY, removed: true, kept: 0, added: [{ sku_id: GIN, qty: 1 }] }],
    });
    expect(done.statusCode, done.body).toBe(200);
    const newTotal = mine.total - 2 * 2999 + 1999;
    expect((await brooklyn.post(`/api/console/orders/${other._id}/accept`, {})).statusCode).toBe(200);
    expect(await t.ops(mine._id)).toEqual([
      { kind: "authorisation", amount: mine.total + other.total, status: "succeeded" },
      { kind: "capture", amount: newTotal + other.total, status: "succeeded" },
    ]);
  });

  it("choices costing more: the difference is charged on the shopper's card, the checkout keeps its own share, and a cancel gives both back", async () => {
    const { staff, browser, user, order } = await t.shortOrder(0, [RYE]);
    expect(
      (await browser.post("/order/card", { token: await cardToken(s, "5555555555554444") })).statusCode,
    ).toBe(200);
    const done = await t.answer(browser, order._id, {
      user: { objectId: user.id },
      status: "Done",
      products: [{ sku_id: WHISKEY, removed: true, kept: 0, added: [{ sku_id: RYE, qty: 1 }] }],
    });
    expect(done.statusCode, done.body).toBe(200);
    const difference = 11000 - 2 * 2999;
    const row = await s.db
      .selectFrom("orders")
      .select(["total", "extra_charged", "captured"])
      .where("id", "=", order._id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      total: order.total + difference,
      extra_charged: difference,
      captured: order.total,
    });
    const extra = await s.db
      .selectFrom("payments")
      .select(["id", "amount", "card_last4"])
      .where("order_id", "=", order._id)
      .where("purpose", "=", "substitution")
      .execute();
    expect(extra).toEqual([{ id: expect.any(String), amount: difference, card_last4: "4444" }]);
    const extraOps = () =>
      s.db
        .selectFrom("payment_operations")
        .select(["kind", "amount", "status"])
        .where("payment_id", "=", extra[0].id)
        .orderBy("id")
        .execute();
    expect(await extraOps()).toEqual([
      { kind: "authorisation", amount: difference, status: "succeeded" },
      { kind: "capture", amount: difference, status: "succeeded" },
    ]);
    const settled = (await staff.get(`/api/console/orders/${order._id}`)).json<ConsoleOrder>();
    expect(settled.events.at(-1)).toMatchObject({
      type: "substitutions_done",
      data: { charged: difference },
    });

    const cancelled = await staff.post(`/api/console/orders/${order._id}/cancel`, {
      reason: "The store closed",
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await t.ops(order._id)).toEqual([
      { kind: "authorisation", amount: order.total, status: "succeeded" },
      { kind: "capture", amount: order.total, status: "succeeded" },
      { kind: "refund", amount: order.total, status: "succeeded" },
    ]);
    expect((await extraOps()).at(-1)).toEqual({ kind: "refund", amount: difference, status: "succeeded" });
  });

  it("a card that declines the difference is told against the replaced item, and nothing changes", async () => {
    const { browser, user, order } = await t.shortOrder(0, [RYE]);
    await browser.post("/order/card", { token: await cardToken(s, "5555555555554444") });
    const card = await s.db
      .selectFrom("cards")
      .select("provider_card_id")
      .where("user_id", "=", user.id)
      .executeTakeFirstOrThrow();
    await s.db
      .updateTable("sandbox_cards")
      .set({ behaviour: JSON.stringify({ kind: "declines", code: "insufficient_funds" }) })
      .where("id", "=", card.provider_card_id)
      .execute();
    const res = await t.answer(browser, order._id, {
      user: { objectId: user.id },
      status: "Done",
      products: [{ sku_id: WHISKEY, removed: true, kept: 0, added: [{ sku_id: RYE, qty: 1 }] }],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.details).toEqual({ [WHISKEY]: "Your card has insufficient funds." });
    expect(await t.stockOf(RYE)).toBe(2);
    expect((await browser.get(`/order/detail?id=${order._id}`)).json()).toMatchObject({
      substitution_status: "Proposed",
      total: order.total,
    });
  });

  it.runIf(kind === "postgres")(
    "two shoppers racing for the last bottle of one replacement: one gets it, the other is told, the shelf never goes below nothing",
    async () => {
      await s.db.updateTable("inventory").set({ stock: 1 }).where("sku_id", "=", GIN).execute();
      const staff = await t.staffOf(MANHATTAN);
      const shoppers = await Promise.all([0, 1].map(() => placedOrder(s, [{ sku: WHISKEY, qty: 1 }])));
      for (const { orders } of shoppers) {
        await staff.post(`/api/console/orders/${orders[0]._id}/accept`, {});
        await staff.post(`/api/console/orders/${orders[0]._id}/substitutions`, {
          lines: [{ sku_id: WHISKEY, stock_level: 0, suggestions: [GIN] }],
        });
      }
      const answers = await Promise.all(
        shoppers.map(({ browser, user, orders }) =>
          t.answer(browser, orders[0]._id, {
            user: { objectId: user.id },
            status: "Done",
            products: [{ sku_id: WHISKEY, removed: true, kept: 0, added: [{ sku_id: GIN, qty: 1 }] }],
          }),
        ),
      );
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 422]);
      const refused = answers.find((a) => a.statusCode === 422)!;
      expect(refused.json().error.details[WHISKEY]).toMatch(
        /Fixture London Gin (just sold out|is no longer in stock)\./,
      );
      expect(await t.stockOf(GIN)).toBe(0);
    },
  );

  it.runIf(kind === "postgres")("a double submit settles once and refunds once", async () => {
    const { browser, user, order } = await t.shortOrder(1, []);
    const id = order._id;
    const body = {
      user: { objectId: user.id },
      status: "Done",
      products: [{ sku_id: WHISKEY, removed: true, kept: 0, added: [] }],
    };
    const both = await Promise.all([t.answer(browser, id, body), t.answer(browser, id, body)]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const refunds = (await t.ops(id)).filter((o) => o.kind === "refund");
    expect(refunds).toEqual([{ kind: "refund", amount: 2 * 2999, status: "succeeded" }]);
  });
});

function helpers(s: TestApp) {
  return {
    /** A shopper's accepted order of two bourbons, which staff report short (`shelf` left) with suggestions. */
    async shortOrder(shelf: number, suggestions: string[]) {
      const { staff } = await staffOf(s, MANHATTAN);
      const { user, browser, orders } = await placedOrder(s, [{ sku: WHISKEY, qty: 2 }]);
      const order = orders[0];
      await staff.post(`/api/console/orders/${order._id}/accept`, {});
      const proposed = await staff.post(`/api/console/orders/${order._id}/substitutions`, {
        lines: [{ sku_id: WHISKEY, stock_level: shelf, suggestions }],
      });
      expect(proposed.statusCode, proposed.body).toBe(200);
      return { staff, user, browser, order };
    },
    staffOf: async (storeId: string) => (await staffOf(s, storeId)).staff,
    answer: (browser: TestBrowser, orderId: string, body: unknown) =>
      browser.request("PUT", `/order/substitution/${orderId}`, body),
    ops: (orderId: string) => paymentOpsOf(s, orderId),
    stockOf: (sku: string, store = MANHATTAN) => stockOf(s, sku, store),
  };
}
