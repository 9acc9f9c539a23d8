import type { OrderEvent } from "#domain/orders/status.ts";
import type { Order } from "#domain/orders/types.ts";
import type { App } from "#server/app.ts";
import { onOrderMoved } from "#server/modules/loyalty/index.ts";
import { moveOrder, OrderMoves } from "#server/modules/orders/index.ts";
import type { Db } from "#server/platform/db.ts";
import type { TestBrowser } from "../support/browser.ts";
import { placedOrder } from "./placed-orders.ts";

const WHISKEY = "IA-9001-750"; // at d-manhattan in the delivery fixture

/** A shopper (signed in, Chelsea address) with a placed, paid on-demand order at the delivery fixture's store. */
export async function shopperWithOrder(
  app: App,
  db: Db,
): Promise<{ user: { id: string }; browser: TestBrowser; order: Order }> {
  const { user, browser, orders } = await placedOrder({ app, db }, [{ sku: WHISKEY, qty: 1 }]);
  return { user, browser, order: orders[0] };
}

/**
 * These moves' notification and referral jobs are not sent: the tests using this factory are not about them. The
 * loyalty module listens as it does in the app.
 */
const loyaltyOnly = new OrderMoves();
loyaltyOnly.onOrderMoved((moved, tx) => onOrderMoved(tx, moved, new Date()));

/**
 * Moves an order as staff would (the store console's actions are not ours to call here): the status machine, the
 * conditional update and its order_events row in one transaction, as checkout's settling does.
 */
export async function moveOrderAsStaff(db: Db, orderId: string, event: OrderEvent): Promise<void> {
  const moved = await db.transaction().execute(async (tx) => {
    const order = await tx
      .selectFrom("orders")
      .selectAll()
      .where("id", "=", orderId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    return moveOrder({ orderMoves: loyaltyOnly }, tx, order, event, "test-staff");
  });
  if (!moved) throw new Error(`order ${orderId} cannot take ${event.type}`);
}
