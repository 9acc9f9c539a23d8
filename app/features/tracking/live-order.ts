import type { Order } from "#domain/orders/types.ts";

/** The fields GET /order/status/{id} answers, and each message of its live stream carries. */
export type OrderStatusFields = Pick<
  Order,
  | "_id"
  | "order_status"
  | "shipping_status"
  | "eta"
  | "driver"
  | "tracking_state"
  | "failed_status"
  | "active"
  | "substitution_status"
>;

/**
 * The live order (spec §4 Live order): the order as loaded, with status, ETA, driver and tracking state merged in
 * as they arrive. A failed status replaces the whole order (the page shows the failure, not the order); no order
 * data is the error state.
 */
export type LiveOrder =
  | { state: "live"; order: Order; tipStarted?: boolean }
  | { state: "failed"; order: Order; failure: NonNullable<Order["failed_status"]> }
  | { state: "error" };

/** What the tracking page does to its live order: a stream message arrives, or the shopper starts a tip. */
export type LiveOrderAction = { type: "message"; message: unknown } | { type: "tipStarted" };

export function liveOrderReducer(current: LiveOrder, action: LiveOrderAction): LiveOrder {
  if (action.type === "message") {
    const next = mergeLive(current, action.message);
    return next.state === "live" && current.state === "live" && current.tipStarted
      ? { ...next, tipStarted: true }
      : next;
  }
  // Spec §4: a tip can be marked as started (the page stops asking for one).
  return current.state === "live" ? { ...current, tipStarted: true } : current;
}

export function liveOrderOf(order: Order | null): LiveOrder {
  if (!order) return { state: "error" };
  return order.failed_status && order.order_status === 4
    ? { state: "failed", order, failure: order.failed_status }
    : { state: "live", order };
}

/** Merges one stream message in; a message without the order's data is the error state. */
export function mergeLive(current: LiveOrder, message: unknown): LiveOrder {
  if (current.state === "error") return current;
  const m = message as Partial<OrderStatusFields> | null;
  if (!m || typeof m !== "object" || m._id !== current.order._id || typeof m.order_status !== "number")
    return { state: "error" };
  const order: Order = {
    ...current.order,
    order_status: m.order_status,
    shipping_status: m.shipping_status ?? null,
    eta: m.eta ?? null,
    driver: m.driver ?? null,
    tracking_state: m.tracking_state ?? null,
    failed_status: m.failed_status ?? null,
    active: m.active ?? current.order.active,
    substitution_status: m.substitution_status ?? null,
  };
  return liveOrderOf(order);
}
