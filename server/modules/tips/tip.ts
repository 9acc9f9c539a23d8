import type { FastifyRequest } from "fastify";
import { storeLineItems } from "#domain/checkout/bill.ts";
import { formatCents } from "#domain/money.ts";
import { checkCheckoutTip, checkTip, mayTip, type OrderFacts } from "#domain/orders/after-order.ts";
import type { OrderStatus, ShippingStatus } from "#domain/orders/status.ts";
import { recharge } from "#domain/orders/substitution.ts";
import type { Order, TipAnswer } from "#domain/orders/types.ts";
import { AppError, badRequest, notFound } from "#server/errors.ts";
import { publicOrigin } from "../accounts/index.ts";
import { lockOrder, ORDER_NOT_FOUND, ordersWhere, recordOrderEvent, setOrderTip } from "../orders/index.ts";
import {
  abandonExtraCharge,
  chargeExtra,
  type ExtraChargeOutcome,
  type ExtraChargeSource,
  extraChargeByIntent,
  extraChargeCard,
  lockPayment,
  paymentState,
} from "../payments/index.ts";
import { refundCredit } from "../promos/index.ts";
import { requireUser } from "../sessions/index.ts";
import type { TipsContext } from "./context.ts";
import type { TipBody } from "./schemas.ts";

export type { TipAnswer };

export const PAYMENT_NOT_FOUND = "We couldn't find that payment.";
export const TIP_IN_PROGRESS = "Your tip is going through. One moment, please.";

/** The shopper's own order, or not found (another user's order answers the same). */
export async function ownOrder(ctx: Pick<TipsContext, "db">, userId: string, id: string) {
  const order = await ctx.db
    .selectFrom("orders")
    .select(["id", "order_number", "order_status", "shipping", "shipping_status", "subtotal", "tip"])
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  if (!order) throw notFound(ORDER_NOT_FOUND, "order_not_found");
  const facts: OrderFacts = {
    order_status: order.order_status as OrderStatus,
    shipping: order.shipping,
    shipping_status: order.shipping_status as ShippingStatus | null,
  };
  return { ...order, facts };
}

type OwnOrder = Awaited<ReturnType<typeof ownOrder>>;

type Step =
  | { kind: "done" }
  /** Charge this new attempt of this amount. */
  | { kind: "charge"; attempt: number; amount: number }
  /** An attempt is already charging (going through, or waiting for the bank's check): carry it on, or replace it. */
  | { kind: "pending"; attempt: number; amount: number; sameAmount: boolean };

const tipKey = (orderId: string, attempt: number) => `tip:${orderId}:${attempt}`;

/** How the API names the card the shopper chose, as chargeExtra takes it. */
function sourceOf(method: TipBody["paymentMethod"]): ExtraChargeSource | undefined {
  if (!method) return undefined;
  return method.type === "card"
    ? { kind: "card", cardId: method.cardId }
    : { kind: "token", token: method.token, save: method.save ?? false };
}

/**
 * POST /order/tip/ (spec §7): a tip after delivery, added to the one chosen at checkout, and a star rating. One such
 * tip per order: its row is claimed under a lock, so a double click or a retry finds it; each charge attempt has its
 * own idempotency key (`tip:{order}:{attempt}`), so the same attempt carried on never charges twice, and a declined
 * one may be tried again. The money is a new charge (chargeExtra) on the card the shopper chose; when the bank asks
 * for 3-D Secure the answer is its challenge, and the charge completes through GET /order/tip/verify3DS. An attempt
 * waiting for a challenge is given up (its intent cancelled) when the shopper asks again with another card or amount.
 * The tip and its order_events row are written once it succeeds (docs/adr/0052-tips-on-the-shoppers-card.md).
 */
export async function tipOrder(ctx: TipsContext, req: FastifyRequest, body: TipBody): Promise<TipAnswer> {
  const { userId } = requireUser(req);
  const order = await ownOrder(ctx, userId, body.id);
  const allowed = mayTip(order.facts, body.amount);
  if (!allowed.ok) throw new AppError(409, "tip_not_allowed", allowed.message);
  const checked = checkTip({
    amount: body.amount,
    rating: body.rating ?? null,
    subtotal: order.subtotal,
    alreadyTipped: order.tip,
  });
  if (!checked.ok) throw badRequest(checked.message, "invalid_tip");
  const { amount, rating } = checked.value;

  const step = await ctx.db.transaction().execute(async (tx): Promise<Step> => {
    await tx
      .insertInto("order_tips")
      .values({ order_id: order.id, user_id: userId, amount: 0, rating: null, status: "rated" })
      .onConflict((oc) => oc.column("order_id").doNothing())
      .execute();
    const tip = await tx
      .selectFrom("order_tips")
      .selectAll()
      .where("order_id", "=", order.id)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const rate = async () => {
      if (rating === null) return;
      await tx
        .updateTable("order_tips")
        .set({ rating, updated_at: ctx.now() })
        .where("order_id", "=", order.id)
        .execute();
      await recordOrderEvent(tx, {
        order_id: order.id,
        type: "rated",
        from_status: null,
        to_status: null,
        data: JSON.stringify({ rating }),
        actor: `user:${userId}`,
      });
    };
    if (tip.status === "charged") {
      // The same tip again is a retry: answered as it stands. Another amount is a second tip, refused.
      if (amount !== 0 && amount !== tip.amount)
        throw new AppError(
          409,
          "tip_already_given",
          `You've already tipped ${formatCents(tip.amount, true)} on this order. Thank you!`,
        );
      if (rating !== null && rating !== tip.rating) await rate();
      return { kind: "done" };
    }
    if (tip.status === "charging")
      return { kind: "pending", attempt: tip.attempt, amount: tip.amount, sameAmount: amount === tip.amount };
    if (amount === 0) {
      await rate();
      return { kind: "done" };
    }
    const attempt = tip.attempt + 1;
    await tx
      .updateTable("order_tips")
      .set({ status: "charging", amount, rating, attempt, failure: null, updated_at: ctx.now() })
      .where("order_id", "=", order.id)
      .execute();
    return { kind: "charge", attempt, amount };
  });

  const source = sourceOf(body.paymentMethod);
  let outcome: ExtraChargeOutcome | null = null;
  if (step.kind === "charge") outcome = await charge(ctx, req, userId, order, step, source);
  if (step.kind === "pending") {
    const key = tipKey(order.id, step.attempt);
    if (step.sameAmount && (await sameCard(ctx, key, source)))
      outcome = await charge(ctx, req, userId, order, step, source);
    else if (await abandonExtraCharge(ctx, key)) {
      // Another card or amount while an attempt waited for the bank's check: that one is given up, this one starts.
      const attempt = step.attempt + 1;
      const claimed = await ctx.db
        .updateTable("order_tips")
        .set({ status: "charging", amount, rating, attempt, failure: null, updated_at: ctx.now() })
        .where("order_id", "=", order.id)
        .where("status", "=", "charging")
        .where("attempt", "=", step.attempt)
        .returning("attempt")
        .executeTakeFirst();
      if (!claimed) throw new AppError(409, "charge_in_progress", TIP_IN_PROGRESS);
      outcome = await charge(ctx, req, userId, order, { attempt, amount }, source);
    } else {
      // The earlier attempt may have gone through (its answer was lost): it is carried on as it was asked, never
      // doubled by this one. Once it stands, a tip of another amount is a second tip.
      outcome = await charge(ctx, req, userId, order, step, undefined);
      if (outcome.status === "succeeded" && !step.sameAmount)
        throw new AppError(
          409,
          "tip_already_given",
          `You've already tipped ${formatCents(step.amount, true)} on this order. Thank you!`,
        );
    }
  }
  return answerFor(ctx, order.id, outcome);
}

/** Whether a request names the card the pending attempt already uses (naming none keeps whatever it uses). */
async function sameCard(ctx: TipsContext, key: string, source: ExtraChargeSource | undefined) {
  if (!source) return true;
  // A new card's token is a new choice.
  if (source.kind === "token") return false;
  const cardId = await extraChargeCard(ctx.db, key);
  return cardId === undefined || cardId === source.cardId;
}

/**
 * GET /order/tip/verify3DS: the shopper is back from the bank's challenge (/3dscb). The charge is re-read from the
 * provider and carried on with the same keys (captured once), or refused in the provider's words.
 */
export async function verifyTip3DS(
  ctx: TipsContext,
  req: FastifyRequest,
  intentId: string,
): Promise<TipAnswer> {
  const { userId } = requireUser(req);
  const payment = await extraChargeByIntent(ctx.db, userId, intentId);
  if (payment?.purpose !== "tip" || !payment.order_id || !payment.idempotency_key)
    throw notFound(PAYMENT_NOT_FOUND, "payment_not_found");
  const order = await ownOrder(ctx, userId, payment.order_id);
  const tip = await ctx.db
    .selectFrom("order_tips")
    .selectAll()
    .where("order_id", "=", order.id)
    .executeTakeFirstOrThrow();
  const attempt = tip.attempt;
  if (tip.status === "charging" && payment.idempotency_key === tipKey(order.id, attempt))
    return answerFor(
      ctx,
      order.id,
      await charge(ctx, req, userId, order, { attempt, amount: tip.amount }, undefined),
    );
  if (tip.status === "charging") throw new AppError(409, "charge_in_progress", TIP_IN_PROGRESS);
  if (tip.status === "failed")
    throw new AppError(402, "payment_failed", tip.failure ?? "Your card was declined.");
  return answerFor(ctx, order.id, null);
}

async function charge(
  ctx: TipsContext,
  req: FastifyRequest,
  userId: string,
  order: Pick<OwnOrder, "id" | "order_number">,
  step: { attempt: number; amount: number },
  source: ExtraChargeSource | undefined,
): Promise<ExtraChargeOutcome> {
  const key = tipKey(order.id, step.attempt);
  const failed = (message: string, paymentId: string | null) =>
    ctx.db
      .updateTable("order_tips")
      .set({ status: "failed", failure: message, payment_id: paymentId, updated_at: ctx.now() })
      .where("order_id", "=", order.id)
      .where("status", "=", "charging")
      .where("attempt", "=", step.attempt)
      .execute();
  let outcome: ExtraChargeOutcome;
  try {
    outcome = await chargeExtra(ctx, {
      userId,
      orderId: order.id,
      amount: step.amount,
      purpose: "tip",
      idempotencyKey: key,
      description: `Nightcap tip, order #${order.order_number}`,
      origin: publicOrigin(req, ctx.config),
      source,
      challengeReturnPath: `/3dscb?tip=${encodeURIComponent(order.id)}`,
    });
  } catch (err) {
    // Refused before any charge was made (no card, a card not theirs, a new card the provider would not save): the
    // shopper may fix it and try again. A charge still going through, or a provider that did not answer, stays
    // "charging": the next try carries the same attempt on.
    if (err instanceof AppError && err.status < 500 && (await extraChargeCard(ctx.db, key)) === undefined)
      await failed(err.message, null);
    throw err;
  }
  if (outcome.status === "requires_action") return outcome;
  if (outcome.status === "failed") {
    await failed(outcome.message, outcome.paymentId);
    throw new AppError(402, outcome.code, outcome.message);
  }
  await ctx.db.transaction().execute(async (tx) => {
    const marked = await tx
      .updateTable("order_tips")
      .set({ status: "charged", payment_id: outcome.paymentId, updated_at: ctx.now() })
      .where("order_id", "=", order.id)
      .where("status", "=", "charging")
      .where("attempt", "=", step.attempt)
      .returning(["amount", "rating"])
      .executeTakeFirst();
    // A second request carrying the same attempt on got here first: it wrote the event.
    if (!marked) return;
    await recordOrderEvent(tx, {
      order_id: order.id,
      type: "tipped",
      from_status: null,
      to_status: null,
      data: JSON.stringify({ amount: marked.amount, rating: marked.rating }),
      actor: `user:${userId}`,
    });
  });
  return outcome;
}

/** The order's tip as the API answers it, with the challenge to pass when the charge waits for one. */
async function answerFor(
  ctx: Pick<TipsContext, "db">,
  orderId: string,
  outcome: ExtraChargeOutcome | null,
): Promise<TipAnswer> {
  const tip = await ctx.db
    .selectFrom("order_tips as t")
    .innerJoin("orders as o", "o.id", "t.order_id")
    .leftJoin("payments as p", "p.id", "t.payment_id")
    .select(["t.amount", "t.rating", "t.status", "p.card_brand", "p.card_last4", "o.tip as checkout_tip"])
    .where("t.order_id", "=", orderId)
    .executeTakeFirstOrThrow();
  const charged = tip.status === "charged";
  const waiting = outcome?.status === "requires_action" ? outcome : null;
  return {
    id: orderId,
    status: waiting ? "requires_action" : "succeeded",
    amount: charged ? tip.amount : 0,
    rating: tip.rating,
    charge: charged ? { brand: tip.card_brand ?? "card", last4: tip.card_last4 ?? "" } : null,
    redirect_url: waiting?.redirectUrl ?? null,
    checkout_tip: tip.checkout_tip,
  };
}

/**
 * PUT /order/checkout-tip/{id}: the tip chosen at checkout, changed while the checkout's payment is not yet captured
 * (domain checkCheckoutTip). Under the order's lock, then the payment's, as every change of an order's money: the
 * order's tip, total (the credit it spends, when the smaller order no longer needs it all) and line items move, an
 * order_events row (`tip_changed`) records it, and the one capture then takes the new total (ADR 25).
 */
export async function changeCheckoutTip(
  ctx: TipsContext,
  req: FastifyRequest,
  orderId: string,
  amount: number,
): Promise<Order> {
  const { userId } = requireUser(req);
  await ctx.db.transaction().execute(async (tx) => {
    const order = await lockOrder(tx, orderId, userId);
    if (!order) throw notFound(ORDER_NOT_FOUND, "order_not_found");
    const payment = await lockPayment(tx, order.payment_id);
    const { totals, orders } = await paymentState(tx, order.payment_id);
    const goingAhead = orders.filter((o) => o.stance !== "dropped").reduce((sum, o) => sum + o.total, 0);
    const checked = checkCheckoutTip({
      order: {
        order_status: order.order_status as OrderStatus,
        shipping: order.shipping,
        shipping_status: order.shipping_status as ShippingStatus | null,
      },
      payment: {
        byCard: payment.provider_intent_id !== null && totals.authorised > 0,
        settled: totals.captured > 0 || totals.voided,
        room: totals.authorised - goingAhead,
      },
      subtotal: order.subtotal,
      current: order.tip,
      wanted: amount,
    });
    if (!checked.ok)
      throw new AppError(checked.code === "invalid_tip" ? 400 : 409, checked.code, checked.message);
    if (checked.value.difference === 0) return;
    const fee = order.shipping ? order.shipping_fee : order.delivery_fee;
    const { money, creditBack } = recharge(
      {
        subtotal: order.subtotal,
        fee,
        discount: order.discount,
        tip: amount,
        tax: order.tax,
        credit: order.credit,
        round_up: order.round_up,
        total: order.total,
      },
      order.subtotal,
    );
    const lineItems = storeLineItems(
      {
        subtotal: money.subtotal,
        fee,
        discount: money.discount,
        tip: money.tip,
        tax: money.tax,
        credit: money.credit,
        roundUp: money.round_up,
        total: money.total,
      },
      { isShipping: order.shipping, shippingName: order.shipping_name, promoCode: order.promo_code },
    );
    await setOrderTip(tx, order.id, { tip: money.tip, credit: money.credit, total: money.total, lineItems });
    if (creditBack > 0)
      await refundCredit(tx, userId, creditBack, order.checkout_id, "Tip lowered on your order");
    await recordOrderEvent(tx, {
      order_id: order.id,
      type: "tip_changed",
      from_status: null,
      to_status: null,
      data: JSON.stringify({ from: order.tip, to: money.tip }),
      actor: `user:${userId}`,
    });
  });
  const [changed] = await ordersWhere(ctx.db, { userId, ids: [orderId] });
  return changed;
}
