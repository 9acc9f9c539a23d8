import type { SubstitutionUpdate } from "#domain/orders/substitution.ts";
import { AppError, notFound } from "#server/errors.ts";
import { taxServiceOf } from "#server/platform/tax/index.ts";
import { readProducts, resolveStore } from "../catalogue/index.ts";
import { recordOrderEvent, setSubstitutionStatus } from "../orders/index.ts";
import { CHARGE_NEEDS_ACTION, chargeExtra, planRefund, settleMoney } from "../payments/index.ts";
import type { SubstitutionsContext } from "./context.ts";
import { ORDER_NOT_FOUND, type SubstitutionReview, substitutionReview } from "./review.ts";
import { CostsMore, settleSubstitutions } from "./settle.ts";

/** The review page is shown: Proposed becomes Viewing (once), with an event the store console and tracking hear. */
export async function markViewing(
  ctx: SubstitutionsContext,
  userId: string,
  orderId: string,
): Promise<SubstitutionReview> {
  await ctx.db.transaction().execute(async (tx) => {
    const order = await tx
      .selectFrom("orders")
      .select(["id", "order_status", "substitution_status"])
      .where("id", "=", orderId)
      .where("user_id", "=", userId)
      .where("order_status", "!=", -1)
      .forUpdate()
      .executeTakeFirst();
    if (!order) throw notFound(ORDER_NOT_FOUND, "order_not_found");
    if (order.substitution_status !== "Proposed") return;
    await setSubstitutionStatus(tx, order.id, "Viewing");
    await recordOrderEvent(tx, {
      order_id: order.id,
      type: "substitutions_viewing",
      from_status: order.order_status,
      to_status: order.order_status,
      data: "{}",
      actor: userId,
    });
  });
  return substitutionReview(ctx.db, userId, orderId);
}

/**
 * The shopper submits (status 'Done'): the replacements are read at the order's store first (outside the
 * transaction: an embedded database has one connection), then settled under the order's lock; the card's money
 * moves after the commit. Choices that cost more than the order are charged first, as a charge of their own on the
 * shopper's card (`chargeExtra`), then settled with it; a settlement that still fails (the shelf emptied meanwhile)
 * refunds that charge.
 */
export async function submitAnswers(
  ctx: SubstitutionsContext,
  userId: string,
  orderId: string,
  answers: readonly SubstitutionUpdate[],
): Promise<SubstitutionReview> {
  const owned = await ctx.db
    .selectFrom("orders as o")
    .innerJoin("checkouts as c", "c.id", "o.checkout_id")
    .select(["o.store_id", "o.order_number", "c.origin"])
    .where("o.id", "=", orderId)
    .where("o.user_id", "=", userId)
    .where("o.order_status", "!=", -1)
    .executeTakeFirst();
  if (!owned) throw notFound(ORDER_NOT_FOUND, "order_not_found");
  const skus = [...new Set(answers.flatMap((a) => a.added.map((x) => x.sku_id)))];
  const store = await resolveStore(ctx.db, { storeId: owned.store_id });
  const offered = new Map(
    (skus.length ? await readProducts(ctx.db, skus, store) : []).map((p) => [p.sku_id, p] as const),
  );
  const settle = (prepaid: number) =>
    ctx.db.transaction().execute(async (tx) => {
      const order = await tx
        .selectFrom("orders")
        .selectAll()
        .where("id", "=", orderId)
        .where("user_id", "=", userId)
        .forUpdate()
        .executeTakeFirstOrThrow();
      return settleSubstitutions(
        tx,
        { outbox: ctx.outbox, tax: taxServiceOf(ctx.db) },
        order,
        answers,
        offered,
        userId,
        false,
        prepaid,
      );
    });

  let settled: { paymentId: string };
  try {
    settled = await settle(0);
  } catch (err) {
    if (!(err instanceof CostsMore)) throw err;
    const charge = await chargeDifference(ctx, { userId, orderId, answers, owned, amount: err.difference });
    try {
      settled = await settle(err.difference);
    } catch (again) {
      await refundCharge(ctx, charge, orderId, err.difference);
      if (again instanceof CostsMore)
        throw new AppError(
          409,
          "substitution_changed",
          "Prices changed while you chose: please submit again.",
        );
      throw again;
    }
  }
  await settleMoney(ctx, settled.paymentId);
  return substitutionReview(ctx.db, userId, orderId);
}

/** The difference, charged on the shopper's card; a refusal is told against each replaced item (spec §8). */
async function chargeDifference(
  ctx: SubstitutionsContext,
  c: {
    userId: string;
    orderId: string;
    answers: readonly SubstitutionUpdate[];
    owned: { order_number: number | string; origin: string };
    amount: number;
  },
): Promise<string> {
  const round = await ctx.db
    .selectFrom("order_substitutions")
    .select((eb) => eb.fn.max("proposed_at").as("at"))
    .where("order_id", "=", c.orderId)
    .executeTakeFirst();
  const against = (message: string) =>
    new AppError(
      422,
      "substitution_refused",
      message,
      Object.fromEntries(c.answers.filter((a) => a.added.length > 0).map((a) => [a.sku_id, message])),
    );
  try {
    const outcome = await chargeExtra(ctx, {
      userId: c.userId,
      orderId: c.orderId,
      amount: c.amount,
      purpose: "substitution",
      idempotencyKey: `substitution:${c.orderId}:${new Date(round?.at ?? 0).getTime()}:${c.amount}`,
      description: `Nightcap order #${c.owned.order_number}: substitutions`,
      origin: c.owned.origin,
    });
    // Without a page to pass a challenge on, chargeExtra refuses one (failed) rather than wait for it.
    if (outcome.status !== "succeeded")
      throw against(outcome.status === "failed" ? outcome.message : CHARGE_NEEDS_ACTION);
    return outcome.paymentId;
  } catch (err) {
    if (err instanceof AppError && err.code !== "substitution_refused" && err.status < 500)
      throw against(err.message);
    throw err;
  }
}

/** A charge made for a settlement that did not happen goes back in full. */
async function refundCharge(ctx: SubstitutionsContext, paymentId: string, orderId: string, amount: number) {
  await ctx.db.transaction().execute((tx) => planRefund(tx, paymentId, orderId, amount));
  await settleMoney(ctx, paymentId);
}
