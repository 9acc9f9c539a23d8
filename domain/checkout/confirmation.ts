import { dateWords } from "../gifts/claim.ts";
import type { Order } from "../orders/types.ts";

/**
 * How a placed checkout is named to its shopper: one order, or one per store of a split cart (ADR 21), in the
 * confirmation email and on the confirmation page. Pure wording, right for one order and for several.
 */

/** "#100001", "#100001 and #100002", "#100001, #100002 and #100003". */
export function orderNumbersText(numbers: readonly number[]): string {
  const named = numbers.map((n) => `#${n}`);
  if (named.length <= 1) return named.join("");
  return `${named.slice(0, -1).join(", ")} and ${named.at(-1)}`;
}

/** The email's subject: "Your Nightcap order #100001 is placed", "Your Nightcap orders #100001 and #100002 are placed". */
export function confirmationSubject(numbers: readonly number[]): string {
  return numbers.length === 1
    ? `Your Nightcap order ${orderNumbersText(numbers)} is placed`
    : `Your Nightcap orders ${orderNumbersText(numbers)} are placed`;
}

/** The email's first line. */
export function confirmationGreeting(firstname: string, orders: number): string {
  return orders === 1
    ? `Thanks, ${firstname}! We've sent your order to the store.`
    : `Thanks, ${firstname}! We've sent your ${orders} orders to their stores.`;
}

/** The email's last words, after the sum charged. */
export function confirmationSignOff(orders: number): string {
  return orders === 1
    ? "You'll hear from us when it's on its way."
    : "You'll hear from us as each one is on its way.";
}

/** The confirmation page's notice, once the checkout has placed `orders` orders. */
export function placedNotice(orders: number): string {
  return orders === 1
    ? "Thank you! Your order is placed. We've emailed you a confirmation."
    : `Thank you! Your ${orders} orders are placed. We've emailed you a confirmation.`;
}

/** The confirmation page's heading: "Order #100001", "Orders #100001 and #100002". */
export function confirmationHeading(numbers: readonly number[]): string {
  return `${numbers.length === 1 ? "Order" : "Orders"} ${orderNumbersText(numbers)}`;
}

/**
 * When one order of the checkout comes, as its confirmation says it: shipped, left to a gift's recipient, a slot,
 * or ASAP with the store's estimate.
 */
export function deliveryTimeText(order: Pick<Order, "shipping" | "scheduled" | "eta">): string {
  if (order.shipping) return "Ships to you";
  if (order.scheduled && "byRecipient" in order.scheduled) return "When the recipient chooses";
  if (order.scheduled) return `Scheduled for ${dateWords(order.scheduled.date)}, ${order.scheduled.label}`;
  return order.eta ? `Arriving in about ${order.eta}` : "As soon as possible";
}
