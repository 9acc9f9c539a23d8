import { ORDER_STATUS } from "#domain/orders/status.ts";
import type { Db } from "#server/platform/db.ts";

/**
 * The shopper's earlier checkouts that became orders: paid (past awaiting payment) and not cancelled. A split
 * cart's orders are one checkout. Promos' "first order only" reads it.
 */
export async function countPlacedCheckouts(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom("orders")
    .select((eb) => eb.fn.count<number>("checkout_id").distinct().as("n"))
    .where("user_id", "=", userId)
    .where("order_status", "not in", [ORDER_STATUS.awaitingPayment, ORDER_STATUS.cancelled])
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
