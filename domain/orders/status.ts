/**
 * The order's life (spec §4): one table of allowed transitions for on-demand orders (numeric order_status) and one
 * for shipped orders (shipping_status). Every change of status goes through `nextStatus`; a change the table
 * does not allow is refused with a message a person can act on. The meanings the spec leaves open are ours
 * (docs/adr/0021-checkout-and-payments.md): -1 is an order whose payment is not yet authorised (a 3-D Secure
 * challenge or a provider's confirmation outstanding); 6 is a completed order refunded afterwards.
 */
export const ORDER_STATUS = {
  awaitingPayment: -1,
  placed: 0,
  inProgress: 1,
  enRoute: 2,
  completed: 3,
  failed: 4,
  cancelled: 5,
  refunded: 6,
  scheduled: 7,
} as const;

export type OrderStatus = (typeof ORDER_STATUS)[keyof typeof ORDER_STATUS];
export type FailedState = "soft" | "hard";

export const SHIPPING_STATUS = {
  awaitingFulfillment: "Awaiting Fulfillment",
  shipped: "Shipped",
  completed: "Completed",
  failed: "Failed",
  cancelled: "Cancelled",
  partiallyRefunded: "Partially Refunded",
} as const;

export type ShippingStatus = (typeof SHIPPING_STATUS)[keyof typeof SHIPPING_STATUS];

export interface OrderState {
  order_status: OrderStatus;
  /** Shipped orders only; null until the payment is authorised. */
  shipping_status: ShippingStatus | null;
  shipping: boolean;
  failed_status: FailedStatus | null;
}

/** Why an order failed; `return_fee`: what the store keeps of a refusal at the door (cents), when it keeps any. */
export interface FailedStatus {
  state: FailedState;
  reason: string;
  return_fee?: number;
}

/** What can happen to an order, by whom it is caused being the caller's business. */
export type OrderEvent =
  | { type: "paymentAuthorised"; scheduled: boolean }
  | { type: "paymentFailed" }
  /** A gift's recipient chose when it comes (a gift waits, scheduled, until then): now (ETA) or a slot. */
  | { type: "giftClaimed"; asap: boolean }
  | { type: "release" }
  | { type: "accept" }
  | { type: "dispatch" }
  | { type: "deliver" }
  | { type: "fail"; state: FailedState; reason: string; returnFee?: number }
  | { type: "cancel" }
  | { type: "refund" };

const S = ORDER_STATUS;
const SH = SHIPPING_STATUS;

/** On-demand orders: the statuses each event may start from, and where it leads. */
const ON_DEMAND: Record<
  Exclude<OrderEvent["type"], "paymentAuthorised" | "giftClaimed" | "fail">,
  { from: OrderStatus[]; to: OrderStatus }
> = {
  paymentFailed: { from: [S.awaitingPayment], to: S.cancelled },
  release: { from: [S.scheduled], to: S.placed },
  // A scheduled order may be accepted as its store starts on it (nothing yet releases it to "placed" at its slot).
  accept: { from: [S.placed, S.scheduled], to: S.inProgress },
  dispatch: { from: [S.inProgress, S.failed], to: S.enRoute },
  deliver: { from: [S.enRoute], to: S.completed },
  cancel: { from: [S.awaitingPayment, S.placed, S.scheduled, S.inProgress, S.failed], to: S.cancelled },
  refund: { from: [S.completed, S.refunded], to: S.refunded },
};

/** Shipped orders move by shipping_status; order_status follows so the active-order rule reads one field. */
const SHIPPED: Partial<Record<OrderEvent["type"], { from: (ShippingStatus | null)[]; to: ShippingStatus }>> =
  {
    dispatch: { from: [SH.awaitingFulfillment], to: SH.shipped },
    deliver: { from: [SH.shipped], to: SH.completed },
    fail: { from: [SH.awaitingFulfillment, SH.shipped], to: SH.failed },
    cancel: { from: [null, SH.awaitingFulfillment], to: SH.cancelled },
    refund: { from: [SH.shipped, SH.completed, SH.partiallyRefunded], to: SH.partiallyRefunded },
  };

const SHIPPED_ORDER_STATUS: Record<ShippingStatus, OrderStatus> = {
  [SH.awaitingFulfillment]: S.placed,
  [SH.shipped]: S.enRoute,
  [SH.completed]: S.completed,
  [SH.failed]: S.failed,
  [SH.cancelled]: S.cancelled,
  [SH.partiallyRefunded]: S.refunded,
};

const STATUS_NAMES: Record<OrderStatus, string> = {
  [S.awaitingPayment]: "awaiting payment",
  [S.placed]: "placed",
  [S.inProgress]: "in progress",
  [S.enRoute]: "en route",
  [S.completed]: "completed",
  [S.failed]: "failed",
  [S.cancelled]: "cancelled",
  [S.refunded]: "refunded",
  [S.scheduled]: "scheduled",
};

export type Transition = { ok: true; state: OrderState } | { ok: false; message: string };

const refuse = (state: OrderState, event: OrderEvent): Transition => ({
  ok: false,
  message: `An order that is ${state.shipping && state.shipping_status ? state.shipping_status.toLowerCase() : STATUS_NAMES[state.order_status]} cannot be ${EVENT_NAMES[event.type]}.`,
});

const EVENT_NAMES: Record<OrderEvent["type"], string> = {
  paymentAuthorised: "paid again",
  paymentFailed: "marked unpaid",
  giftClaimed: "claimed by a gift's recipient",
  release: "released to the store",
  accept: "accepted",
  dispatch: "dispatched",
  deliver: "delivered",
  fail: "marked failed",
  cancel: "cancelled",
  refund: "refunded",
};

/** The state after `event`, or why it cannot happen. */
export function nextStatus(state: OrderState, event: OrderEvent): Transition {
  if (event.type === "paymentAuthorised") {
    if (state.order_status !== S.awaitingPayment) return refuse(state, event);
    if (state.shipping)
      return ok({ ...state, order_status: S.placed, shipping_status: SH.awaitingFulfillment });
    return ok({ ...state, order_status: event.scheduled ? S.scheduled : S.placed });
  }
  if (event.type === "giftClaimed") {
    // Only an on-demand order waiting (scheduled) for its recipient: an ETA sends it to the store now (placed),
    // a slot keeps it scheduled for that slot.
    if (state.shipping || state.order_status !== S.scheduled) return refuse(state, event);
    return ok({ ...state, order_status: event.asap ? S.placed : S.scheduled });
  }
  if (state.shipping && state.order_status !== S.awaitingPayment) {
    const rule = SHIPPED[event.type];
    if (!rule?.from.includes(state.shipping_status)) return refuse(state, event);
    const failed = event.type === "fail" ? failedOf(event) : state.failed_status;
    return ok({
      ...state,
      shipping_status: rule.to,
      order_status: SHIPPED_ORDER_STATUS[rule.to],
      failed_status: failed,
    });
  }
  if (event.type === "fail") {
    if (state.order_status !== S.inProgress && state.order_status !== S.enRoute) return refuse(state, event);
    return ok({
      ...state,
      order_status: S.failed,
      failed_status: failedOf(event),
    });
  }
  const rule = ON_DEMAND[event.type];
  if (!rule.from.includes(state.order_status)) return refuse(state, event);
  // Only a soft failure (a delivery attempt that can be made again) may be dispatched again or cancelled.
  if (state.order_status === S.failed && state.failed_status?.state === "hard") return refuse(state, event);
  // Dispatched again after a soft failure: the failure is behind it.
  const failed = rule.to === S.enRoute ? null : state.failed_status;
  return ok({ ...state, order_status: rule.to, failed_status: failed });
}

const ok = (state: OrderState): Transition => ({ ok: true, state });

const failedOf = (event: Extract<OrderEvent, { type: "fail" }>): FailedStatus => ({
  state: event.state,
  reason: event.reason,
  ...(event.returnFee ? { return_fee: event.returnFee } : {}),
});

/** Spec §4: non-shipping with status 0, 1, 2 or 7; shipping while Awaiting Fulfillment or Shipped. */
export function isActiveOrder(
  order: Pick<OrderState, "shipping" | "order_status" | "shipping_status">,
): boolean {
  if (order.shipping)
    return order.shipping_status === SH.awaitingFulfillment || order.shipping_status === SH.shipped;
  return ([S.placed, S.inProgress, S.enRoute, S.scheduled] as number[]).includes(order.order_status);
}
