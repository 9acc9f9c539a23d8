import type { Db } from "#server/platform/db.ts";
import type { PaymentProvider } from "#server/platform/payments/provider.ts";
import { planSettlement, runPendingOperations } from "../payments/index.ts";
import { lockOrder } from "./changes.ts";
import { recordMoneyBack } from "./events.ts";
import { releaseOrderGoods } from "./goods.ts";
import { moveOrder, type OrderMover } from "./moves.ts";

/** What the deadlines' jobs need: the database, the provider that settles a cancelled order's money, the move's listeners. */
export interface OrderDeadlinesContext extends OrderMover {
  db: Db;
  provider: PaymentProvider;
}

/**
 * An order no store accepted in time is cancelled: its stock goes back, the credit it spent is refunded, and its
 * payment is settled by the one rule (payments/settlement.ts): voided when no order of it is going ahead,
 * captured for the others once none waits. The operations are written pending in the same transaction, then
 * carried out; a provider that did not answer leaves them pending and the job tries again with the same keys.
 */
export async function expireUnaccepted(ctx: OrderDeadlinesContext, orderId: string): Promise<void> {
  const paymentId = await ctx.db.transaction().execute(async (tx) => {
    const order = await lockOrder(tx, orderId);
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
export async function releaseScheduled(ctx: OrderDeadlinesContext, orderId: string): Promise<void> {
  await ctx.db.transaction().execute(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (order?.order_status === 7 && isSlot(order.scheduled))
      await moveOrder(ctx, tx, order, { type: "release" }, "schedule");
  });
}
