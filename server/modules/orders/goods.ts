import type { Transaction } from "kysely";
import type { Database } from "#db/schema.ts";
import { stanceOf } from "#domain/payments/settlement.ts";
import { restock } from "../catalogue/index.ts";
import { refundCredit, releaseRedemptions } from "../promos/index.ts";
import { giveBackTax } from "./changes.ts";

type Tx = Transaction<Database>;

/** Puts an order's lines back on its store's shelves (in SKU order, so concurrent restocks lock alike). */
export async function restockOrder(tx: Tx, order: { id: string; store_id: string }): Promise<void> {
  const lines = await tx
    .selectFrom("order_lines")
    .select(["sku_id", "qty"])
    .where("order_id", "=", order.id)
    .orderBy("sku_id")
    .execute();
  for (const line of lines) {
    await restock(tx, order.store_id, line.sku_id, line.qty);
  }
}

/**
 * What an order that will not be delivered gives back besides card money: its lines' stock to the store's
 * shelves (when `restock`), the credit it spent to the shopper's ledger, and, once no order of its checkout
 * is going ahead, the promo redemption (as releasing a failed checkout does, checkout/settle.ts).
 */
export async function releaseOrderGoods(
  tx: Tx,
  order: { id: string; store_id: string; user_id: string; checkout_id: string; credit: number },
  opts: { restock: boolean; reason: string },
): Promise<void> {
  if (opts.restock) await restockOrder(tx, order);
  // Never a sale: its tax goes back whole, with the money (issue 33).
  await giveBackTax(tx, order.id, "all");
  if (order.credit > 0) await refundCredit(tx, order.user_id, order.credit, order.checkout_id, opts.reason);
  const siblings = await tx
    .selectFrom("orders")
    .select(["order_status", "shipping", "failed_status"])
    .where("checkout_id", "=", order.checkout_id)
    .execute();
  const goingAhead = siblings.some(
    (o) =>
      stanceOf({
        order_status: o.order_status as never,
        shipping: o.shipping,
        failed_status: o.failed_status,
      }) !== "dropped",
  );
  if (!goingAhead) await releaseRedemptions(tx, order.checkout_id);
}
