import { dateWords } from "#domain/gifts/claim.ts";
import type { Order } from "#domain/orders/types.ts";

/**
 * When an order in the console's queue is due, in a few words: shipped; a gift whose recipient has not chosen yet;
 * a slot by its day and times; else as soon as possible, with the ETA when there is one. An order's `eta` carries a
 * slot's label too (that is what the shopper reads), so the slot is read from `scheduled`, never from `eta`.
 */
export function queueTimeLabel(order: Pick<Order, "shipping" | "scheduled" | "eta">): string {
  if (order.shipping) return "Shipping";
  const scheduled = order.scheduled;
  if (scheduled && "byRecipient" in scheduled) return "Gift: the recipient chooses when";
  if (scheduled && "label" in scheduled) return `Slot ${dateWords(scheduled.date)}, ${scheduled.label}`;
  return order.eta ? `ASAP · ${order.eta}` : "ASAP";
}
