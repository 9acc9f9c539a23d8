import type { Order } from "#domain/orders/types.ts";

/** How an order's status reads to its shopper (spec §4 numbers; shipped orders by shipping_status). */
export function orderStatusText(
  order: Pick<Order, "order_status" | "shipping" | "shipping_status" | "failed_status" | "scheduled">,
): string {
  if (order.shipping && order.shipping_status) return order.shipping_status;
  switch (order.order_status) {
    case -1:
      return "Waiting for payment";
    case 0:
      return "Placed: waiting for the store";
    case 1:
      return "Being prepared";
    case 2:
      return "On its way";
    case 3:
      return "Delivered";
    case 4:
      return order.failed_status?.state === "soft" ? "Delivery attempt failed" : "Could not be delivered";
    case 5:
      return "Cancelled";
    case 6:
      return "Refunded";
    case 7:
      return order.scheduled && "byRecipient" in order.scheduled
        ? "Gift: waiting for the recipient"
        : "Scheduled";
    default:
      return "Placed";
  }
}
