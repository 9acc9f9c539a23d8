import type { Availability } from "../availability/types.ts";
import { GIFT_SCHEDULE_BY_RECIPIENT } from "../copy.ts";

/**
 * Spec §7: "The order id for checkout is the user id plus a timestamp." The storefront makes it when checkout
 * opens and sends it with every try; the server takes it as the checkout's idempotency key. The storefront writes
 * the timestamp in base 36 after a "_", so no run of digits in the id reads as a card number (a millisecond
 * timestamp is 13 digits, and from 2033 it starts with a 2, as card numbers do).
 */
export const checkoutIdFor = (userId: string, at: Date) => `${userId}_${at.getTime().toString(36)}`;

/**
 * The timestamp after the "_": the storefront's base 36 (6 to 12 characters; decimal seconds read the same), or an
 * app's Date.now() in decimal (13 digits, until the year 2286). Neither holds a "_", so an id is a checkout id of
 * one user id at most, whatever the user ids look like: the last "_" ends the user id.
 */
const STAMP = /^_(?:[0-9a-z]{6,12}|\d{13})$/;

/**
 * Whether `id` is a checkout id of `userId`: the caller's own user id, "_", then a timestamp as the storefront or
 * an app writes it. A checkout row also keeps its user: the same id from anyone else is refused.
 */
export function isCheckoutIdOf(id: string, userId: string): boolean {
  return userId.length > 0 && id.startsWith(userId) && STAMP.test(id.slice(userId.length));
}

/** A value written with its object keys sorted, so two equal requests read the same (the checkout's fingerprint). */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

/** When the shopper wants it: as soon as possible, a slot of a date, or (a gift) when the recipient chooses. */
export type DeliveryChoice =
  | { kind: "asap" }
  | { kind: "slot"; date: string; start: string }
  | { kind: "recipient" };

export type Delivery =
  | { kind: "asap"; etaMinutes: number | null }
  | { kind: "slot"; date: string; start: string; end: string; label: string }
  | { kind: "recipient"; label: typeof GIFT_SCHEDULE_BY_RECIPIENT };

export const DELIVERY_MESSAGES = {
  asapClosed: "This store can't deliver right now. Please choose a delivery time.",
  slotGone: "That delivery time is no longer available. Please choose another.",
  recipientNotGift: "Only a gift can wait for its recipient to choose a time.",
} as const;

/** When a delivery would be on its way: ASAP from `now` until its ETA has passed, a slot from its start to its end. */
export function deliveryInterval(delivery: Delivery, now: Date): [Date, Date] | [null, null] {
  if (delivery.kind === "asap")
    return [now, new Date(now.getTime() + Math.max(1, delivery.etaMinutes ?? 1) * 60_000)];
  if (delivery.kind === "slot") return [new Date(delivery.start), new Date(delivery.end)];
  return [null, null];
}

/** The delivery an on-demand store can make as chosen, by its availability now; a reason when it cannot. */
export function chooseDelivery(
  availability: Availability,
  choice: DeliveryChoice,
  isGift: boolean,
): { ok: true; delivery: Delivery } | { ok: false; message: string } {
  if (choice.kind === "recipient") {
    if (!isGift) return { ok: false, message: DELIVERY_MESSAGES.recipientNotGift };
    return { ok: true, delivery: { kind: "recipient", label: GIFT_SCHEDULE_BY_RECIPIENT } };
  }
  if (choice.kind === "asap") {
    if (!availability.immediate_delivery) return { ok: false, message: DELIVERY_MESSAGES.asapClosed };
    return { ok: true, delivery: { kind: "asap", etaMinutes: availability.eta.minutes } };
  }
  const slot = availability.dates
    .find((d) => d.date === choice.date)
    ?.slots.find((s) => s.start === choice.start);
  if (!slot) return { ok: false, message: DELIVERY_MESSAGES.slotGone };
  return {
    ok: true,
    delivery: { kind: "slot", date: choice.date, start: slot.start, end: slot.end, label: slot.label },
  };
}
