import { sql } from "kysely";
import type { SubstitutionUpdate } from "../../../domain/orders/substitution.ts";
import { notFound } from "../../errors.ts";
import { readProducts, resolveStore } from "../catalogue/index.ts";
import { settleMoney } from "../checkout/index.ts";
import type { SubstitutionsContext } from "./context.ts";
import { ORDER_NOT_FOUND, type SubstitutionReview, substitutionReview } from "./review.ts";
import { settleSubstitutions } from "./settle.ts";

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
    await tx
      .updateTable("orders")
      .set({ substitution_status: "Viewing", version: sql`version + 1`, updated_at: new Date() })
      .where("id", "=", order.id)
      .execute();
    await tx
      .insertInto("order_events")
      .values({
        order_id: order.id,
        type: "substitutions_viewing",
        from_status: order.order_status,
        to_status: order.order_status,
        data: "{}",
        actor: userId,
      })
      .execute();
  });
  return substitutionReview(ctx.db, userId, orderId);
}

/**
 * The shopper submits (status 'Done'): the replacements are read at the order's store first (outside the
 * transaction: an embedded database has one connection), then settled under the order's lock; the card's money
 * moves after the commit.
 */
export async function submitAnswers(
  ctx: SubstitutionsContext,
  userId: string,
  orderId: string,
  answers: readonly SubstitutionUpdate[],
): Promise<SubstitutionReview> {
  const owned = await ctx.db
    .selectFrom("orders")
    .select("store_id")
    .where("id", "=", orderId)
    .where("user_id", "=", userId)
    .where("order_status", "!=", -1)
    .executeTakeFirst();
  if (!owned) throw notFound(ORDER_NOT_FOUND, "order_not_found");
  const skus = [...new Set(answers.flatMap((a) => a.added.map((x) => x.sku_id)))];
  const store = await resolveStore(ctx.db, { storeId: owned.store_id });
  const offered = new Map(
    (skus.length ? await readProducts(ctx.db, skus, store) : []).map((p) => [p.sku_id, p] as const),
  );
  const { paymentId } = await ctx.db.transaction().execute(async (tx) => {
    const order = await tx
      .selectFrom("orders")
      .selectAll()
      .where("id", "=", orderId)
      .where("user_id", "=", userId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    return settleSubstitutions(tx, ctx.outbox, order, answers, offered, userId, false);
  });
  await settleMoney(ctx, paymentId);
  return substitutionReview(ctx.db, userId, orderId);
}
