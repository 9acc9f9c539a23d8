import type { FastifyInstance } from "fastify";
import type { JobQueue } from "#server/platform/jobs.ts";
import { onCaptureShares } from "../payments/index.ts";
import { clearCapturedShares, setCapturedShares } from "./changes.ts";
import { ORDER_ACCEPTANCE_TIMEOUT, RELEASE_SCHEDULED } from "./jobs.ts";
import { OrderMoves } from "./moves.ts";
import { orderRoutes } from "./routes.ts";
import { expireUnaccepted, type OrderDeadlinesContext, releaseScheduled } from "./timeouts.ts";

/** The orders module's public face: the order's life (its moves, deadlines and goods) and the shopper's orders API. */
export { orderSchema, orderStatusAnswerSchema, substitutionStatusSchema } from "./answers.ts";
export {
  addOrderLines,
  giveBackTax,
  lockOrder,
  removeOrderLine,
  setDriverPosition,
  setGiftDelivery,
  setKeptFee,
  setOrderDriver,
  setOrderLineQty,
  setOrderTip,
  setSubstitutedMoney,
  setSubstitutionStatus,
} from "./changes.ts";
export { scheduleStoreDeadlines } from "./deadlines.ts";
export { recordMoneyBack, recordOrderEvent } from "./events.ts";
export { releaseOrderGoods, restockOrder } from "./goods.ts";
export { moveOrder, type OrderMoved, type OrderMovedHandler, type OrderMover, OrderMoves } from "./moves.ts";
export {
  ORDER_NOT_FOUND,
  type OrderStatusAnswer,
  orderStatus,
  ordersAsJson,
  ordersFromJson,
  ordersWhere,
} from "./order-view.ts";
export { type PlacedLine, type PlacedOrder, withOrdersPlaced } from "./placing.ts";
export { saleClassesOfOrder } from "./sale-classes.ts";
export { ordersForTaxReport } from "./tax-report.ts";
export { expireUnaccepted, type OrderDeadlinesContext, releaseScheduled } from "./timeouts.ts";

/**
 * Creates the queues of an order's deadlines (sent as an order is paid or a gift claimed) and the listeners of its
 * moves, before any module moves orders.
 */
export async function openOrders(jobs: JobQueue): Promise<OrderMoves> {
  await jobs.define(ORDER_ACCEPTANCE_TIMEOUT);
  await jobs.define(RELEASE_SCHEDULED);
  // Payments decides each order's share of a capture; the order's row is ours to write.
  onCaptureShares({ planned: setCapturedShares, refused: clearCapturedShares });
  return new OrderMoves();
}

/** The shopper's orders API and, when `workers`, the deadlines' jobs: an order no store took in time, a slot's release. */
export async function registerOrders(
  app: FastifyInstance,
  deps: OrderDeadlinesContext & { jobs: JobQueue; workers: boolean },
): Promise<void> {
  await app.register(orderRoutes, { db: deps.db });
  if (!deps.workers) return;
  const ctx: OrderDeadlinesContext = { db: deps.db, provider: deps.provider, orderMoves: deps.orderMoves };
  await deps.jobs.work(ORDER_ACCEPTANCE_TIMEOUT, async (job) => {
    await expireUnaccepted(ctx, job.data.orderId);
  });
  await deps.jobs.work(RELEASE_SCHEDULED, async (job) => {
    await releaseScheduled(ctx, job.data.orderId);
  });
}
