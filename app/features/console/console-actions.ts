import { nextStatus, type OrderEvent, type OrderState } from "#domain/orders/status.ts";
import type { Order } from "#domain/orders/types.ts";

/** What the console's buttons may offer for an order: the moves the status machine allows from where it is. */
export type ConsoleVerb = "accept" | "dispatch" | "deliver" | "fail" | "cancel" | "refund";

const PROBES: Record<ConsoleVerb, OrderEvent> = {
  accept: { type: "accept" },
  dispatch: { type: "dispatch" },
  deliver: { type: "deliver" },
  fail: { type: "fail", state: "soft", reason: "-" },
  cancel: { type: "cancel" },
  refund: { type: "refund" },
};

export function allowedVerbs(
  order: Pick<Order, "order_status" | "shipping" | "shipping_status" | "failed_status">,
) {
  const state: OrderState = {
    order_status: order.order_status,
    shipping: order.shipping,
    shipping_status: order.shipping_status,
    failed_status: order.failed_status,
  };
  return (Object.keys(PROBES) as ConsoleVerb[]).filter((verb) => nextStatus(state, PROBES[verb]).ok);
}

/** The button's words, by the kind of order. */
export function verbLabel(verb: ConsoleVerb, shipping: boolean): string {
  switch (verb) {
    case "accept":
      return "Accept";
    case "dispatch":
      return shipping ? "Mark shipped" : "Send out";
    case "deliver":
      return "Mark delivered";
    case "fail":
      return "Delivery failed";
    case "cancel":
      return "Cancel order";
    case "refund":
      return "Refund";
  }
}

/** "$12.50" typed in a form to cents; null when it is not an amount. */
export function dollarsToCents(text: string | undefined): number | null {
  if (!text?.trim()) return null;
  if (!/^\d+(\.\d{1,2})?$/.test(text.trim())) return Number.NaN;
  return Math.round(Number.parseFloat(text.trim()) * 100);
}
