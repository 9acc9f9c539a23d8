import { recordMoneyBack } from "../notifications/index.ts";
import type { CheckoutContext } from "./context.ts";
import { planSettlement, releaseOrderGoods, runPendingOperations } from "./payment-settlement.ts";
import { moveOrder } from "./settle.ts";

/**
 * An order no store accepted in time is cancelled: its stock goes back, the credit it spent is refunded, and its
 * payment is settled by the one rule (payment-settlement.ts): voided when no order of it is going ahead,
 * captured for the others once none waits. The operations are written pending in the same transaction, then
 * carried out; a provider that did not answer leaves them pending and the job tries again with the same keys.
 */
export async function expireUnaccepted(ctx: CheckoutContext, orderId: string): Promise<void> {
  const paymentId = await ctx.db.transaction().execute(async (tx) => {
    const order = await tx
      .selectFrom("orders")
      .selectAll()
      .where("id", "=", orderId)
      .forUpdate()
      .executeTakeFirst();
    if (!order) return null;
    // Placed, or still scheduled at its slot (released or not, no store took it).
    const waiting = order.order_status === 0 || (order.order_status === 7 && isSlot(order.scheduled));
    if (waiting && (await moveOrder(ctx, tx, order, { type: "cancel" }, "timeout"))) {
      await releaseOrderGoods(tx, order, {
        restock: true,
        reason: "The store could not take your order in time",
      });
      const steps = await planSettlement(tx, order.payment_id);
      // For the cancellation's email (the move's notification job): what goes back.
      await recordMoneyBack(tx, order.id, {
        card: steps
          .filter((s) => s.kind === "refund" && s.orderId === order.id)
          .reduce((n, s) => n + ("amount" in s ? s.amount : 0), 0),
        released: steps.some((s) => s.kind === "void") || (order.captured === 0 && order.total > 0),
        credit: order.credit,
      });
    }
    return order.payment_id;
  });
  if (paymentId) await runPendingOperations(ctx, paymentId);
}

const isSlot = (scheduled: unknown): scheduled is { start: string } =>
  typeof scheduled === "object" && scheduled !== null && "start" in scheduled;

/** The release at the slot's lead time: a scheduled order still waiting goes to the queue as placed. */
export async function releaseScheduled(ctx: CheckoutContext, orderId: string): Promise<void> {
  await ctx.db.transaction().execute(async (tx) => {
    const order = await tx
      .selectFrom("orders")
      .selectAll()
      .where("id", "=", orderId)
      .forUpdate()
      .executeTakeFirst();
    if (order?.order_status === 7 && isSlot(order.scheduled))
      await moveOrder(ctx, tx, order, { type: "release" }, "schedule");
  });
}
