import type { CheckoutConfirmation } from "#domain/checkout/types.ts";
import { notFound } from "#server/errors.ts";
import type { Db } from "#server/platform/db.ts";
import { ordersWhere } from "../orders/index.ts";
import type { CheckoutAnswer } from "./context.ts";

export const CHECKOUT_NOT_FOUND = "We couldn't find that checkout.";

/**
 * What the shopper's checkout placed: every order (a split cart has one per store under one payment) and what
 * they come to. Another user's checkout, or one that placed nothing (declined, still waiting for 3-D Secure), is
 * not found.
 */
export async function checkoutConfirmation(
  db: Db,
  userId: string,
  checkoutId: string,
): Promise<CheckoutConfirmation> {
  const checkout = await db
    .selectFrom("checkouts")
    .select(["state", "answer"])
    .where("id", "=", checkoutId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  const answer = checkout?.answer as CheckoutAnswer | null | undefined;
  if (checkout?.state !== "completed" || answer?.status !== "succeeded")
    throw notFound(CHECKOUT_NOT_FOUND, "checkout_not_found");
  const orders = (await ordersWhere(db, { userId, ids: answer.order_ids })).sort(
    (a, b) => a.order_number - b.order_number,
  );
  if (orders.length === 0) throw notFound(CHECKOUT_NOT_FOUND, "checkout_not_found");
  return {
    checkout_id: checkoutId,
    orders,
    total: orders.reduce((sum, o) => sum + o.total, 0),
    charge: orders[0].charge,
  };
}
