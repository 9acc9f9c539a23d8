import type { FastifyRequest } from "fastify";
import { formatCents } from "../../../domain/money.ts";
import { checkTip, mayTip, type OrderFacts } from "../../../domain/orders/after-order.ts";
import type { OrderStatus, ShippingStatus } from "../../../domain/orders/status.ts";
import { AppError, badRequest, notFound } from "../../errors.ts";
import { publicOrigin } from "../accounts/index.ts";
import { chargeExtra } from "../checkout/index.ts";
import { ORDER_NOT_FOUND } from "../orders/index.ts";
import { requireUser } from "../sessions/index.ts";
import type { TipsContext } from "./context.ts";
import type { TipBody } from "./schemas.ts";

export interface TipAnswer {
  id: string;
  amount: number;
  rating: number | null;
  charge: { brand: string; last4: string } | null;
}

/** The shopper's own order, or not found (another user's order answers the same). */
export async function ownOrder(ctx: Pick<TipsContext, "db">, userId: string, id: string) {
  const order = await ctx.db
    .selectFrom("orders")
    .select(["id", "order_number", "order_status", "shipping", "shipping_status", "subtotal"])
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

type Step =
  | { kind: "done" }
  /** Charge (or carry on charging) this attempt of this amount. */
  | { kind: "charge"; attempt: number; amount: number };

/**
 * POST /order/tip/ (spec §7): a tip and a star rating once the order is delivered. One tip per order: its row is
 * claimed under a lock, so a double click or a retry finds it; each charge attempt has its own idempotency key
 * (`tip:{order}:{attempt}`), so the same attempt carried on never charges twice, and a declined one may be tried
 * again. The money is a new charge (chargeExtra); the tip and its order_events row are written once it succeeds.
 */
export async function tipOrder(ctx: TipsContext, req: FastifyRequest, body: TipBody): Promise<TipAnswer> {
  const { userId } = requireUser(req);
  const order = await ownOrder(ctx, userId, body.id);
  const allowed = mayTip(order.facts, body.amount);
  if (!allowed.ok) throw new AppError(409, "tip_not_allowed", allowed.message);
  const checked = checkTip({ amount: body.amount, rating: body.rating ?? null, subtotal: order.subtotal });
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
      await tx
        .insertInto("order_events")
        .values({
          order_id: order.id,
          type: "rated",
          from_status: null,
          to_status: null,
          data: JSON.stringify({ rating }),
          actor: `user:${userId}`,
        })
        .execute();
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
    if (tip.status === "charging") {
      if (amount !== tip.amount)
        throw new AppError(409, "charge_in_progress", "Your tip is going through. One moment, please.");
      return { kind: "charge", attempt: tip.attempt, amount };
    }
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

  if (step.kind === "charge") await charge(ctx, req, userId, order, step);
  return tipOf(ctx, order.id);
}

async function charge(
  ctx: TipsContext,
  req: FastifyRequest,
  userId: string,
  order: { id: string; order_number: number },
  step: { attempt: number; amount: number },
): Promise<void> {
  const failed = (message: string, paymentId: string | null) =>
    ctx.db
      .updateTable("order_tips")
      .set({ status: "failed", failure: message, payment_id: paymentId, updated_at: ctx.now() })
      .where("order_id", "=", order.id)
      .where("status", "=", "charging")
      .execute();
  let outcome: Awaited<ReturnType<typeof chargeExtra>>;
  try {
    outcome = await chargeExtra(ctx, {
      userId,
      orderId: order.id,
      amount: step.amount,
      purpose: "tip",
      idempotencyKey: `tip:${order.id}:${step.attempt}`,
      description: `Nightcap tip, order #${order.order_number}`,
      origin: publicOrigin(req, ctx.config),
    });
  } catch (err) {
    // Refused before any charge (no card): the shopper may fix it and try again. A charge still going through, or
    // a provider that did not answer, stays "charging": the next try carries the same attempt on.
    if (err instanceof AppError && err.code === "no_card") await failed(err.message, null);
    throw err;
  }
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
      .returning(["amount", "rating"])
      .executeTakeFirst();
    // A second request carrying the same attempt on got here first: it wrote the event.
    if (!marked) return;
    await tx
      .insertInto("order_events")
      .values({
        order_id: order.id,
        type: "tipped",
        from_status: null,
        to_status: null,
        data: JSON.stringify({ amount: marked.amount, rating: marked.rating }),
        actor: `user:${userId}`,
      })
      .execute();
  });
}

/** The order's tip as the API answers it. */
async function tipOf(ctx: Pick<TipsContext, "db">, orderId: string): Promise<TipAnswer> {
  const tip = await ctx.db
    .selectFrom("order_tips as t")
    .leftJoin("payments as p", "p.id", "t.payment_id")
    .select(["t.amount", "t.rating", "t.status", "p.card_brand", "p.card_last4"])
    .where("t.order_id", "=", orderId)
    .executeTakeFirstOrThrow();
  const charged = tip.status === "charged";
  return {
    id: orderId,
    amount: charged ? tip.amount : 0,
    rating: tip.rating,
    charge: charged ? { brand: tip.card_brand ?? "card", last4: tip.card_last4 ?? "" } : null,
  };
}
