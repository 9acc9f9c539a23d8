import { describe, expect, it } from "vitest";
import {
  NEGATIVE_TAGS,
  POSITIVE_TAGS,
  TIP_AFTER_DELIVERY,
  TIP_NOT_DELIVERED,
  TIP_SHIPPED,
} from "../../../domain/orders/after-order.ts";
import type { Order } from "../../../domain/orders/types.ts";
import { createUser, signedInBrowser } from "../../../tests/factories/accounts.ts";
import { createDeliveryFixture } from "../../../tests/factories/delivery-fixture.ts";
import { moveOrderAsStaff } from "../../../tests/factories/orders.ts";
import { CHICAGO, cardToken, placedOrder } from "../../../tests/factories/placed-orders.ts";
import { type TestApp, useTestApp } from "../../../tests/support/app.ts";
import { testDatabases } from "../../../tests/support/db.ts";
import type { CheckoutContext } from "../checkout/context.ts";
import { NO_CARD } from "../checkout/index.ts";
import { settleNotice } from "../checkout/settle.ts";

const WHISKEY = "IA-9001-750"; // $29.99 at Manhattan

/** Moves an order through the store's steps to delivered. */
async function deliver(s: TestApp, orderId: string) {
  for (const type of ["accept", "dispatch", "deliver"] as const)
    await moveOrderAsStaff(s.db, orderId, { type });
}

/** A shopper with a delivered order, paid with a card saved at checkout (or with a one-off token). */
async function deliveredOrder(s: TestApp, opts: { save?: boolean; qty?: number } = {}) {
  const placed = await placedOrder(s, [{ sku: WHISKEY, qty: opts.qty ?? 1 }], {
    body: { paymentMethod: { type: "token", token: await cardToken(s), save: opts.save ?? true } },
  });
  const order = placed.orders[0];
  await deliver(s, order._id);
  return { ...placed, order };
}

const tipPayments = (s: TestApp, orderId: string) =>
  s.db
    .selectFrom("payments")
    .selectAll()
    .where("order_id", "=", orderId)
    .where("purpose", "=", "tip")
    .execute();

const opsOf = (s: TestApp, paymentId: string) =>
  s.db
    .selectFrom("payment_operations")
    .select(["kind", "amount", "status", "idempotency_key"])
    .where("payment_id", "=", paymentId)
    .orderBy("id")
    .execute();

const eventsOf = (s: TestApp, orderId: string, type: string) =>
  s.db
    .selectFrom("order_events")
    .select(["type", "data", "actor"])
    .where("order_id", "=", orderId)
    .where("type", "=", type)
    .execute();

describe.each(testDatabases)("tips after delivery on %s", (kind) => {
  const s = useTestApp(kind, { fixture: createDeliveryFixture });

  it("charges the tip at once on the card the order was paid with, records it on the order and tells tracking", async () => {
    const { user, browser, order } = await deliveredOrder(s);
    const res = await browser.post("/order/tip/", { id: order._id, amount: 540, rating: 5 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      id: order._id,
      amount: 540,
      rating: 5,
      charge: { brand: "visa", last4: "4242" },
    });

    const [payment] = await tipPayments(s, order._id);
    expect(payment).toMatchObject({ user_id: user.id, amount: 540, checkout_id: null, method: "card" });
    const card = await s.db
      .selectFrom("payments")
      .select("card_id")
      .where("checkout_id", "=", order.checkout_id)
      .executeTakeFirstOrThrow();
    expect(payment.card_id).toBe(card.card_id);
    expect(await opsOf(s, payment.id)).toEqual([
      {
        kind: "authorisation",
        amount: 540,
        status: "succeeded",
        idempotency_key: `tip:${order._id}:1:authorise`,
      },
      { kind: "capture", amount: 540, status: "succeeded", idempotency_key: `tip:${order._id}:1:capture` },
    ]);
    const intent = await s.db
      .selectFrom("sandbox_intents")
      .selectAll()
      .where("id", "=", payment.provider_intent_id!)
      .executeTakeFirstOrThrow();
    expect(intent).toMatchObject({ status: "succeeded", amount: 540, amount_received: 540 });

    expect(await eventsOf(s, order._id, "tipped")).toEqual([
      { type: "tipped", data: { amount: 540, rating: 5 }, actor: `user:${user.id}` },
    ]);
    const detail = (await browser.get(`/order/detail?id=${order._id}`)).json<Order>();
    expect(detail.tip).toEqual({ id: order._id, amount: 540, rating: 5 });
    expect(detail.tip_total).toBe(order.tip_total + 540);
    const history = (await browser.get("/order/history")).json<{ orders: Order[] }>();
    expect(history.orders.find((o) => o._id === order._id)?.tip_total).toBe(order.tip_total + 540);
  });

  it("charges a double click and a retry once: one payment, one provider charge, the same answer", async () => {
    const { browser, order } = await deliveredOrder(s);
    const tip = { id: order._id, amount: 700, rating: 4 };
    const [a, b] = await Promise.all([browser.post("/order/tip/", tip), browser.post("/order/tip/", tip)]);
    const codes = [a, b].map((r) => (r.statusCode === 200 ? "ok" : r.json().error.code)).sort();
    // The second click either finds the tip charged, or finds it going through.
    expect(["ok,ok", "charge_in_progress,ok"]).toContain(codes.join(","));
    const again = await browser.post("/order/tip/", tip);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ amount: 700, rating: 4 });

    const payments = await tipPayments(s, order._id);
    expect(payments).toHaveLength(1);
    const intents = await s.db
      .selectFrom("sandbox_intents")
      .select(["amount", "amount_received"])
      .where("metadata", "@>", JSON.stringify({ order_id: order._id, purpose: "tip" }) as never)
      .execute();
    expect(intents).toEqual([{ amount: 700, amount_received: 700 }]);
    expect(await eventsOf(s, order._id, "tipped")).toHaveLength(1);

    const other = await browser.post("/order/tip/", { ...tip, amount: 900 });
    expect(other.statusCode).toBe(409);
    expect(other.json().error).toEqual({
      code: "tip_already_given",
      message: "You've already tipped $7.00 on this order. Thank you!",
    });
  });

  it("answers 404 for another user's order and for one that does not exist", async () => {
    const { order } = await deliveredOrder(s);
    const stranger = await signedInBrowser(s.app, await createUser(s.db));
    for (const id of [order._id, "no-such-order"]) {
      const res = await stranger.post("/order/tip/", { id, amount: 500, rating: 5 });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe("order_not_found");
    }
    expect(await tipPayments(s, order._id)).toEqual([]);
  });

  it("refuses a tip before delivery (placed, en route: 409) and on an order that was not delivered", async () => {
    const { browser, orders } = await placedOrder(s, [{ sku: WHISKEY, qty: 1 }]);
    const id = orders[0]._id;
    const tipNow = () => browser.post("/order/tip/", { id, amount: 500, rating: 5 });
    let res = await tipNow();
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({ code: "tip_not_allowed", message: TIP_AFTER_DELIVERY });
    await moveOrderAsStaff(s.db, id, { type: "accept" });
    await moveOrderAsStaff(s.db, id, { type: "dispatch" });
    res = await tipNow();
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(TIP_AFTER_DELIVERY);

    const cancelled = await placedOrder(s, [{ sku: WHISKEY, qty: 1 }]);
    await moveOrderAsStaff(s.db, cancelled.orders[0]._id, { type: "cancel" });
    res = await cancelled.browser.post("/order/tip/", { id: cancelled.orders[0]._id, amount: 500 });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(TIP_NOT_DELIVERED);
    expect(await tipPayments(s, id)).toEqual([]);
  });

  it("refuses a tip on a shipped order (no driver), but takes its rating", async () => {
    const { browser, orders } = await placedOrder(
      s,
      [{ sku: "BC-9003-750", qty: 1, store_id: "d-shipping" }],
      {
        address: CHICAGO,
        shippingOption: "2-Day",
      },
    );
    const id = orders[0]._id;
    await moveOrderAsStaff(s.db, id, { type: "dispatch" });
    await moveOrderAsStaff(s.db, id, { type: "deliver" });
    const tip = await browser.post("/order/tip/", { id, amount: 500, rating: 5 });
    expect(tip.statusCode).toBe(409);
    expect(tip.json().error.message).toBe(TIP_SHIPPED);
    const rated = await browser.post("/order/tip/", { id, amount: 0, rating: 4 });
    expect(rated.statusCode, rated.body).toBe(200);
    expect(rated.json()).toEqual({ id, amount: 0, rating: 4, charge: null });
  });

  it("validates the amount and rating (400) and charges nothing", async () => {
    const { browser, order } = await deliveredOrder(s);
    const cases: [Record<string, unknown>, string | null][] = [
      [{ amount: 100_01, rating: 5 }, "A tip on this order can be at most $100.00."],
      [{ amount: 0 }, "Choose a tip or a star rating."],
      [{ amount: -100, rating: 5 }, null],
      [{ amount: 2.5, rating: 5 }, null],
      [{ amount: 500, rating: 6 }, null],
      [{ amount: "5", rating: 5 }, null],
    ];
    for (const [body, message] of cases) {
      const res = await browser.post("/order/tip/", { id: order._id, ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      if (message) expect(res.json().error).toEqual({ code: "invalid_tip", message });
    }
    expect(await tipPayments(s, order._id)).toEqual([]);
  });

  it("takes a rating alone (amount 0) without charging, and a tip after it", async () => {
    const { user, browser, order } = await deliveredOrder(s);
    const rated = await browser.post("/order/tip/", { id: order._id, amount: 0, rating: 3 });
    expect(rated.statusCode, rated.body).toBe(200);
    expect(rated.json()).toEqual({ id: order._id, amount: 0, rating: 3, charge: null });
    expect(await tipPayments(s, order._id)).toEqual([]);
    expect(await eventsOf(s, order._id, "rated")).toEqual([
      { type: "rated", data: { rating: 3 }, actor: `user:${user.id}` },
    ]);
    const tipped = await browser.post("/order/tip/", { id: order._id, amount: 300, rating: 4 });
    expect(tipped.statusCode, tipped.body).toBe(200);
    expect(tipped.json()).toMatchObject({ amount: 300, rating: 4 });
    expect(await tipPayments(s, order._id)).toHaveLength(1);
  });

  it("with no saved card to charge, says so; once the shopper adds one, the tip goes on their primary card", async () => {
    const { browser, order } = await deliveredOrder(s, { save: false });
    const res = await browser.post("/order/tip/", { id: order._id, amount: 500, rating: 5 });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({ code: "no_card", message: NO_CARD });
    expect(await tipPayments(s, order._id)).toEqual([]);

    const added = await browser.post("/order/card", { token: await cardToken(s, "5555555555554444") });
    expect(added.statusCode, added.body).toBe(200);
    const retry = await browser.post("/order/tip/", { id: order._id, amount: 500, rating: 5 });
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json().charge).toEqual({ brand: "mastercard", last4: "4444" });
  });

  it("shows the provider's own words when the card declines the tip, and lets the shopper try again", async () => {
    const { browser, order } = await deliveredOrder(s);
    const payment = await s.db
      .selectFrom("payments as p")
      .innerJoin("cards as c", "c.id", "p.card_id")
      .select("c.provider_card_id")
      .where("p.checkout_id", "=", order.checkout_id)
      .executeTakeFirstOrThrow();
    // The saved card has since run dry.
    const setBehaviour = (behaviour: object) =>
      s.db
        .updateTable("sandbox_cards")
        .set({ behaviour: JSON.stringify(behaviour) })
        .where("id", "=", payment.provider_card_id)
        .execute();
    await setBehaviour({ kind: "declines", code: "insufficient_funds" });
    const res = await browser.post("/order/tip/", { id: order._id, amount: 500, rating: 5 });
    expect(res.statusCode).toBe(402);
    expect(res.json().error.message).toBe("Your card has insufficient funds.");
    const [failed] = await tipPayments(s, order._id);
    expect(failed.failure_message).toBe("Your card has insufficient funds.");
    expect((await opsOf(s, failed.id)).map((o) => o.status)).toEqual(["failed", "failed"]);
    expect(await eventsOf(s, order._id, "tipped")).toEqual([]);

    await setBehaviour({ kind: "succeeds" });
    const retry = await browser.post("/order/tip/", { id: order._id, amount: 500, rating: 5 });
    expect(retry.statusCode, retry.body).toBe(200);
    const payments = await tipPayments(s, order._id);
    expect(payments.map((p) => p.idempotency_key).sort()).toEqual([
      `tip:${order._id}:1`,
      `tip:${order._id}:2`,
    ]);
  });

  it("leaves a tip's intent to its request: a provider notice about it settles no checkout", async () => {
    const { browser, order } = await deliveredOrder(s);
    expect((await browser.post("/order/tip/", { id: order._id, amount: 200 })).statusCode).toBe(200);
    const [payment] = await tipPayments(s, order._id);
    const ctx = { db: s.db, provider: null } as unknown as CheckoutContext;
    expect(await settleNotice(ctx, payment.provider_intent_id!)).toBeNull();
  });
});

describe.each(testDatabases)("feedback on an order on %s", (kind) => {
  const s = useTestApp(kind, { fixture: createDeliveryFixture });

  it("takes chips, a thumb and notes once the order has ended; posting again replaces them", async () => {
    const { user, browser, orders } = await placedOrder(s, [{ sku: WHISKEY, qty: 1 }]);
    const id = orders[0]._id;
    await deliver(s, id);
    const first = await browser.post(`/order/feedback/${id}`, {
      positive: [POSITIVE_TAGS[0], POSITIVE_TAGS[1]],
      negative: [],
      thumb: "up",
      notes: "  Lovely, thanks!  ",
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({
      id,
      positive: [POSITIVE_TAGS[0], POSITIVE_TAGS[1]],
      negative: [],
      thumb: "up",
      notes: "Lovely, thanks!",
    });
    const second = await browser.post(`/order/feedback/${id}`, {
      positive: [],
      negative: [NEGATIVE_TAGS[0]],
      thumb: "down",
    });
    expect(second.statusCode, second.body).toBe(200);
    const detail = (await browser.get(`/order/detail?id=${id}`)).json<Order>();
    expect(detail.feedback).toEqual({
      positive: [],
      negative: [NEGATIVE_TAGS[0]],
      thumb: "down",
      notes: null,
    });
    const events = await eventsOf(s, id, "feedback");
    expect(events).toEqual([
      { type: "feedback", data: { thumb: "up" }, actor: `user:${user.id}` },
      { type: "feedback", data: { thumb: "down" }, actor: `user:${user.id}` },
    ]);
  });

  it("refuses chips outside the lists, long notes and empty feedback (400), an open order (409), another's (404)", async () => {
    const { browser, orders } = await placedOrder(s, [{ sku: WHISKEY, qty: 1 }]);
    const id = orders[0]._id;
    const early = await browser.post(`/order/feedback/${id}`, { thumb: "up" });
    expect(early.statusCode).toBe(409);
    expect(early.json().error.code).toBe("feedback_not_allowed");
    await deliver(s, id);
    const bad: [Record<string, unknown>, string][] = [
      [{ positive: ["Speedy"] }, `"Speedy" isn't one of the things we ask about.`],
      [{ notes: "x".repeat(501) }, "Notes can be at most 500 characters."],
      [{}, "Tell us something about your order: a thumb, a chip or a note."],
    ];
    for (const [body, message] of bad) {
      const res = await browser.post(`/order/feedback/${id}`, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toEqual({ code: "invalid_feedback", message });
    }
    expect((await browser.post(`/order/feedback/${id}`, { thumb: "sideways" })).statusCode).toBe(400);
    const stranger = await signedInBrowser(s.app, await createUser(s.db));
    const theirs = await stranger.post(`/order/feedback/${id}`, { thumb: "down" });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().error.code).toBe("order_not_found");
    expect(await eventsOf(s, id, "feedback")).toEqual([]);
  });

  it("asks for a session", async () => {
    const res = await s.app.inject({ method: "POST", url: "/order/tip/", payload: { id: "x", amount: 1 } });
    expect([401, 403]).toContain(res.statusCode);
  });
});
