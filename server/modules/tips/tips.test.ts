import { describe, expect, it, vi } from "vitest";
import { checkoutIdFor } from "#domain/checkout/request.ts";
import {
  CHECKOUT_TIP_CAPTURED,
  NEGATIVE_TAGS,
  POSITIVE_TAGS,
  TIP_AFTER_DELIVERY,
  TIP_NOT_DELIVERED,
  TIP_SHIPPED,
} from "#domain/orders/after-order.ts";
import type { Order } from "#domain/orders/types.ts";
import { ProviderError } from "#server/platform/payments/provider.ts";
import { SandboxProvider } from "#server/platform/payments/sandbox/sandbox-provider.ts";
import { createUser, signedInBrowser } from "#tests/factories/accounts.ts";
import { staffOf } from "#tests/factories/console.ts";
import { createDeliveryFixture } from "#tests/factories/delivery-fixture.ts";
import { moveOrderAsStaff } from "#tests/factories/orders.ts";
import { CHELSEA, cardToken, placedOrder, SHIPPED_TO } from "#tests/factories/placed-orders.ts";
import { type TestApp, useTestApp } from "#tests/support/app.ts";
import type { TestBrowser } from "#tests/support/browser.ts";
import { testDatabases } from "#tests/support/db.ts";
import type { CheckoutContext } from "../checkout/context.ts";
import { settleNotice } from "../checkout/settle.ts";
import { NO_CARD } from "../payments/index.ts";

const WHISKEY = "IA-9001-750"; // $29.99 at Manhattan

/** Moves an order through the store's steps to delivered. */
async function deliver(s: TestApp, orderId: string) {
  for (const type of ["accept", "dispatch", "deliver"] as const)
    await moveOrderAsStaff(s.db, orderId, { type });
}

/** A shopper with a delivered order, paid with a card saved at checkout (or with a one-off token). */
async function deliveredOrder(
  s: TestApp,
  opts: { save?: boolean; qty?: number; tip?: { percent: number } } = {},
) {
  const placed = await placedOrder(s, [{ sku: WHISKEY, qty: opts.qty ?? 1 }], {
    body: {
      paymentMethod: { type: "token", token: await cardToken(s), save: opts.save ?? true },
      ...(opts.tip ? { tip: opts.tip } : {}),
    },
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
      status: "succeeded",
      amount: 540,
      rating: 5,
      charge: { brand: "visa", last4: "4242" },
      redirect_url: null,
      checkout_tip: 0,
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
        address: SHIPPED_TO,
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
    expect(rated.json()).toMatchObject({ id, status: "succeeded", amount: 0, rating: 4, charge: null });
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
    expect(rated.json()).toMatchObject({ id: order._id, amount: 0, rating: 3, charge: null });
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

describe.each(testDatabases)("tips: the shopper's card, 3-D Secure and the checkout's tip on %s", (kind) => {
  const s = useTestApp(kind, { fixture: createDeliveryFixture });

  type TipReply = {
    id: string;
    status: "succeeded" | "requires_action";
    amount: number;
    rating: number | null;
    charge: { brand: string; last4: string } | null;
    redirect_url: string | null;
  };

  /** Saves a card the way the card page does (POST /order/card with the provider's token); answers its id. */
  async function saveCard(browser: TestBrowser, number: string) {
    const res = await browser.post("/order/card", { token: await cardToken(s, number) });
    expect(res.statusCode, res.body).toBe(200);
    const cards = (await browser.get("/cards")).json<{ id: string; last4: string }[]>();
    return cards.find((c) => c.last4 === number.slice(-4))!.id;
  }

  /** The shopper passes (or fails) the bank's challenge on the provider's page; answers where it sends them back. */
  async function answerChallenge(redirectUrl: string, outcome: "pass" | "fail" = "pass") {
    const res = await s.app.inject({
      method: "POST",
      url: new URL(redirectUrl, "http://localhost").pathname,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: `outcome=${outcome}`,
    });
    expect(res.statusCode).toBe(303);
    return new URL(String(res.headers.location));
  }

  /** A delivered order paid at checkout with a card that asks for 3-D Secure (4000 0027 6000 3184), saved. */
  async function deliveredOrderPaidWith3ds(body: Record<string, unknown> = {}) {
    const user = await createUser(s.db);
    const browser = await signedInBrowser(s.app, user);
    expect((await browser.post("/order/address", { address: CHELSEA })).statusCode).toBe(200);
    expect(
      (await browser.post("/menu/cart/v2", { skus: [{ sku: WHISKEY, qty: 1, store_id: "d-manhattan" }] }))
        .statusCode,
    ).toBe(200);
    const placed = await browser.post("/order/v3", {
      id: checkoutIdFor(user.id, new Date()),
      deliveryTime: "asap",
      paymentMethod: { type: "token", token: await cardToken(s, "4000002760003184"), save: true },
      ...body,
    });
    expect(placed.json().status).toBe("requires_action");
    const back = await answerChallenge(placed.json().redirect_url);
    const verified = await browser.get(
      `/order/verify3DS?payment_intent_id=${back.searchParams.get("payment_intent")}`,
    );
    expect(verified.statusCode, verified.body).toBe(200);
    const order = verified.json<{ orders: Order[] }>().orders[0];
    await deliver(s, order._id);
    return { user, browser, order };
  }

  const sandboxIntent = (id: string) =>
    s.db.selectFrom("sandbox_intents").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

  it("charges the tip on another saved card the shopper chooses; a card not theirs is not found", async () => {
    const { browser, order } = await deliveredOrder(s);
    const other = await saveCard(browser, "5555555555554444");
    const res = await browser.post("/order/tip/", {
      id: order._id,
      amount: 400,
      rating: 5,
      paymentMethod: { type: "card", cardId: other },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<TipReply>()).toMatchObject({
      status: "succeeded",
      amount: 400,
      charge: { brand: "mastercard", last4: "4444" },
    });
    const [payment] = await tipPayments(s, order._id);
    expect(payment).toMatchObject({ card_id: other, amount: 400, card_last4: "4444" });

    const stranger = await signedInBrowser(s.app, await createUser(s.db));
    const theirCard = await (async () => {
      const res = await stranger.post("/order/card", { token: await cardToken(s, "4000056655665556") });
      expect(res.statusCode).toBe(200);
      return (await stranger.get("/cards")).json<{ id: string }[]>()[0].id;
    })();
    const { browser: b2, order: o2 } = await deliveredOrder(s);
    const refused = await b2.post("/order/tip/", {
      id: o2._id,
      amount: 400,
      paymentMethod: { type: "card", cardId: theirCard },
    });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error.code).toBe("card_not_found");
    expect(await tipPayments(s, o2._id)).toEqual([]);
  });

  it("charges the tip on a new card's token (the number went only to the provider), saved only if asked", async () => {
    const { browser, order } = await deliveredOrder(s);
    const res = await browser.post("/order/tip/", {
      id: order._id,
      amount: 350,
      paymentMethod: { type: "token", token: await cardToken(s, "5555555555554444"), save: false },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<TipReply>()).toMatchObject({ status: "succeeded", charge: { last4: "4444" } });
    const [payment] = await tipPayments(s, order._id);
    expect(payment.card_id).toBeNull();
    const intent = await sandboxIntent(payment.provider_intent_id!);
    expect(intent).toMatchObject({ status: "succeeded", amount_received: 350 });
    expect((await browser.get("/cards")).json<{ last4: string }[]>().map((c) => c.last4)).toEqual(["4242"]);

    const saved = await deliveredOrder(s);
    const again = await saved.browser.post("/order/tip/", {
      id: saved.order._id,
      amount: 350,
      paymentMethod: { type: "token", token: await cardToken(s, "5555555555554444"), save: true },
    });
    expect(again.statusCode, again.body).toBe(200);
    const cards = (await saved.browser.get("/cards")).json<{ id: string; last4: string }[]>();
    expect(cards.map((c) => c.last4).sort()).toEqual(["4242", "4444"]);
    expect((await tipPayments(s, saved.order._id))[0].card_id).toBe(
      cards.find((c) => c.last4 === "4444")?.id,
    );
  });

  it("an order paid with a 3-D Secure card: the tip answers the bank's challenge, and completes once it is passed", async () => {
    const { user, browser, order } = await deliveredOrderPaidWith3ds();
    const tip = { id: order._id, amount: 500, rating: 5 };
    const res = await browser.post("/order/tip/", tip);
    expect(res.statusCode, res.body).toBe(200);
    const pending = res.json<TipReply>();
    expect(pending).toMatchObject({ status: "requires_action", amount: 0, charge: null });
    expect(pending.redirect_url).toMatch(/\/sandbox-pay\/3ds\//);
    const [payment] = await tipPayments(s, order._id);
    expect((await opsOf(s, payment.id)).map((o) => [o.kind, o.status])).toEqual([
      ["authorisation", "pending"],
      ["capture", "pending"],
    ]);
    expect((await browser.get(`/order/detail?id=${order._id}`)).json<Order>().tip).toMatchObject({
      amount: 0,
    });

    // Sent again before the challenge is passed: the same challenge, never a second payment.
    const again = await browser.post("/order/tip/", tip);
    expect(again.json<TipReply>().redirect_url).toBe(pending.redirect_url);
    expect(await tipPayments(s, order._id)).toHaveLength(1);

    const back = await answerChallenge(pending.redirect_url!);
    expect(back.pathname).toBe("/3dscb");
    expect(back.searchParams.get("tip")).toBe(order._id);
    const intentId = back.searchParams.get("payment_intent")!;
    const verified = await browser.get(`/order/tip/verify3DS?payment_intent_id=${intentId}`);
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json<TipReply>()).toMatchObject({
      status: "succeeded",
      amount: 500,
      rating: 5,
      charge: { brand: "visa", last4: "3184" },
    });
    expect((await opsOf(s, payment.id)).map((o) => o.status)).toEqual(["succeeded", "succeeded"]);
    expect(await sandboxIntent(intentId)).toMatchObject({ status: "succeeded", amount_received: 500 });
    expect(await eventsOf(s, order._id, "tipped")).toEqual([
      { type: "tipped", data: { amount: 500, rating: 5 }, actor: `user:${user.id}` },
    ]);

    // The return page asked twice, the form sent again: answered as it stands, charged once.
    expect((await browser.get(`/order/tip/verify3DS?payment_intent_id=${intentId}`)).json()).toMatchObject({
      status: "succeeded",
      amount: 500,
    });
    expect((await browser.post("/order/tip/", tip)).json()).toMatchObject({
      status: "succeeded",
      amount: 500,
    });
    expect(await tipPayments(s, order._id)).toHaveLength(1);
    expect(await eventsOf(s, order._id, "tipped")).toHaveLength(1);
    const captures = await s.db
      .selectFrom("sandbox_idempotency")
      .select("key")
      .where("key", "like", `tip:${order._id}:%:capture`)
      .execute();
    expect(captures).toHaveLength(1);

    const stranger = await signedInBrowser(s.app, await createUser(s.db));
    const theirs = await stranger.get(`/order/tip/verify3DS?payment_intent_id=${intentId}`);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().error.code).toBe("payment_not_found");
  });

  it("a failed challenge shows the provider's words; the shopper then tips on another card, charged once in all", async () => {
    const { browser, order } = await deliveredOrderPaidWith3ds();
    const first = (await browser.post("/order/tip/", { id: order._id, amount: 300 })).json<TipReply>();
    const back = await answerChallenge(first.redirect_url!, "fail");
    const failed = await browser.get(
      `/order/tip/verify3DS?payment_intent_id=${back.searchParams.get("payment_intent")}`,
    );
    expect(failed.statusCode).toBe(402);
    expect(failed.json().error.message).toMatch(/authenticate/i);

    // A challenge left open is given up when the shopper picks another card: its intent cancelled, nothing held.
    const second = (await browser.post("/order/tip/", { id: order._id, amount: 300 })).json<TipReply>();
    expect(second.status).toBe("requires_action");
    const other = await saveCard(browser, "4242424242424242");
    const paid = await browser.post("/order/tip/", {
      id: order._id,
      amount: 300,
      paymentMethod: { type: "card", cardId: other },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json<TipReply>()).toMatchObject({
      status: "succeeded",
      amount: 300,
      charge: { last4: "4242" },
    });
    const payments = await tipPayments(s, order._id);
    expect(payments).toHaveLength(3);
    const intents = await Promise.all(payments.map((p) => sandboxIntent(p.provider_intent_id!)));
    expect(intents.map((i) => i.status).sort()).toEqual(["canceled", "failed", "succeeded"]);
    expect(intents.reduce((sum, i) => sum + i.amount_received + i.amount_capturable, 0)).toBe(300);
  });

  it("a tip whose provider answer was lost is carried on by the retry, even one naming a new card: charged once", async () => {
    const { browser, order } = await deliveredOrder(s);
    const authorise = SandboxProvider.prototype.authorise;
    let lose = true;
    const spy = vi.spyOn(SandboxProvider.prototype, "authorise").mockImplementation(async function (
      this: SandboxProvider,
      input,
    ) {
      const answer = await authorise.call(this, input);
      if (lose && input.idempotencyKey.startsWith(`tip:${order._id}`)) {
        lose = false;
        throw new ProviderError("connection reset", "api_connection_error", true);
      }
      return answer;
    });
    try {
      const first = await browser.post("/order/tip/", {
        id: order._id,
        amount: 600,
        paymentMethod: { type: "token", token: await cardToken(s, "5555555555554444"), save: false },
      });
      expect(first.statusCode).toBe(502);
      expect(first.json().error.code).toBe("payment_provider_unavailable");
      // The page sends the form again with a freshly typed card: the first charge may be at the provider, so it
      // is carried on as it was asked (at once: it may still be going through).
      const retry = async () =>
        browser.post("/order/tip/", {
          id: order._id,
          amount: 600,
          paymentMethod: { type: "token", token: await cardToken(s, "4242424242424242"), save: false },
        });
      const soon = await retry();
      expect(soon.statusCode).toBe(409);
      expect(soon.json().error.code).toBe("charge_in_progress");
      await s.db
        .updateTable("payments")
        .set({ updated_at: new Date(Date.now() - 60_000) })
        .where("order_id", "=", order._id)
        .where("purpose", "=", "tip")
        .execute();
      const later = await retry();
      expect(later.statusCode, later.body).toBe(200);
      expect(later.json<TipReply>()).toMatchObject({
        status: "succeeded",
        amount: 600,
        charge: { last4: "4444" },
      });
    } finally {
      spy.mockRestore();
    }
    const payments = await tipPayments(s, order._id);
    expect(payments).toHaveLength(1);
    const intents = await s.db
      .selectFrom("sandbox_intents")
      .select(["amount", "amount_received"])
      .where("metadata", "@>", JSON.stringify({ order_id: order._id, purpose: "tip" }) as never)
      .execute();
    expect(intents).toEqual([{ amount: 600, amount_received: 600 }]);
    expect(await eventsOf(s, order._id, "tipped")).toHaveLength(1);
  });

  it("shows the checkout's tip and takes a tip on top of it, capped on the tips in all", async () => {
    const { browser, order } = await deliveredOrder(s, { tip: { percent: 15 } });
    const detail = (await browser.get(`/order/detail?id=${order._id}`)).json<Order>();
    expect(detail.checkout_tip.amount).toBeGreaterThan(0);
    expect(detail.checkout_tip.amount).toBe(detail.tip_total);

    const over = await browser.post("/order/tip/", { id: order._id, amount: 100_00 });
    expect(over.statusCode).toBe(400);
    expect(over.json().error.message).toBe(
      `You can add at most $${((100_00 - detail.checkout_tip.amount) / 100).toFixed(2)} to your tip on this order.`,
    );
    const added = await browser.post("/order/tip/", { id: order._id, amount: 200, rating: 5 });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json<TipReply>()).toMatchObject({ status: "succeeded", amount: 200 });
    const after = (await browser.get(`/order/detail?id=${order._id}`)).json<Order>();
    expect(after.tip).toEqual({ id: order._id, amount: 200, rating: 5 });
    expect(after.tip_total).toBe(detail.checkout_tip.amount + 200);
    expect(after.checkout_tip.amount).toBe(detail.checkout_tip.amount);
  });

  it("changes the checkout's tip until the payment is captured: the capture then takes the new total", async () => {
    const { user, browser, orders } = await placedOrder(s, [{ sku: WHISKEY, qty: 1 }], {
      body: { tip: { percent: 20 } },
    });
    const order = orders[0];
    const before = (await browser.get(`/order/detail?id=${order._id}`)).json<Order>();
    expect(before.checkout_tip).toEqual({ amount: order.tip_total, changeable: true });
    const tipped = before.checkout_tip.amount;
    const change = (amount: number) => browser.request("PUT", `/order/checkout-tip/${order._id}`, { amount });

    const lowered = await change(100);
    expect(lowered.statusCode, lowered.body).toBe(200);
    const now = lowered.json<Order>();
    expect(now.checkout_tip).toEqual({ amount: 100, changeable: true });
    expect(now.total).toBe(order.total - tipped + 100);
    expect(now.line_items.find((l) => l.format === "TIP")?.value).toBe(100);
    expect(now.line_items.at(-1)).toMatchObject({ format: "TOTAL", value: now.total });
    expect(await eventsOf(s, order._id, "tip_changed")).toEqual([
      { type: "tip_changed", data: { from: tipped, to: 100 }, actor: `user:${user.id}` },
    ]);

    // Raised back as far as the hold goes, not beyond it.
    const beyond = await change(tipped + 1);
    expect(beyond.statusCode).toBe(409);
    expect(beyond.json().error.code).toBe("tip_not_changeable");
    expect((await change(tipped)).statusCode).toBe(200);
    expect((await change(0)).json<Order>().total).toBe(order.total - tipped);

    // The store accepts: the one capture takes the new total; the tip can no longer change.
    const { staff } = await staffOf(s, order.store.id);
    expect((await staff.post(`/api/console/orders/${order._id}/accept`, {})).statusCode).toBe(200);
    const capture = await s.db
      .selectFrom("payment_operations as o")
      .innerJoin("payments as p", "p.id", "o.payment_id")
      .select(["o.amount"])
      .where("p.checkout_id", "=", order.checkout_id)
      .where("o.kind", "=", "capture")
      .executeTakeFirstOrThrow();
    expect(capture.amount).toBe(order.total - tipped);
    const late = await change(100);
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe(CHECKOUT_TIP_CAPTURED);
    expect((await browser.get(`/order/detail?id=${order._id}`)).json<Order>().checkout_tip.changeable).toBe(
      false,
    );

    const stranger = await signedInBrowser(s.app, await createUser(s.db));
    expect(
      (await stranger.request("PUT", `/order/checkout-tip/${order._id}`, { amount: 0 })).statusCode,
    ).toBe(404);
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
