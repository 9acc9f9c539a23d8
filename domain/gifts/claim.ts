import { ETA_RANGE_MINUTES, NO_DELIVERY_TEXT } from "../availability/availability.ts";
import { isoDate, localDateOf } from "../availability/hours.ts";
import type { Availability } from "../availability/types.ts";
import { ORDER_STATUS } from "../orders/status.ts";

/**
 * A gift's claim (spec §2 /giftclaim/{orderId}, §4 Gift claim; docs/adr/0027-gift-claim.md): the recipient opens the
 * link, sees when the store can bring it before the gift lapses, and chooses a slot or "as soon as possible".
 */

/** Where a gift stands for its recipient. */
export type GiftState =
  /** Waiting for the recipient to choose when it comes. */
  | "open"
  /** The recipient chose already. */
  | "claimed"
  /** Not claimed before its expiry. */
  | "expired"
  /** Called off (by the store or the sender) before anyone claimed it. */
  | "cancelled"
  /** The sender chose the time themselves: there is nothing to claim. */
  | "arranged";

export interface GiftFacts {
  claimedAt: Date | null;
  expiresAt: Date;
  order_status: number;
  shipping: boolean;
  /** The order waits for its recipient (`scheduled: {byRecipient: true}`). */
  byRecipient: boolean;
}

/** The one reading of a gift's state: claimed wins, then expiry, then a cancelled order, then who chose the time. */
export function giftState(gift: GiftFacts, now: Date): GiftState {
  if (gift.claimedAt) return "claimed";
  const waiting = gift.byRecipient && !gift.shipping && gift.order_status === ORDER_STATUS.scheduled;
  if (now.getTime() >= gift.expiresAt.getTime() && (waiting || gift.order_status === ORDER_STATUS.cancelled))
    return "expired";
  if (gift.order_status === ORDER_STATUS.cancelled) return "cancelled";
  return waiting ? "open" : "arranged";
}

/** What the recipient reads, by state, when a claim cannot go ahead (and the HTTP status it is answered with). */
export const GIFT_MESSAGES = {
  notFound: "We couldn't find this gift. Check that you opened the whole link from your message.",
  claimed: "This gift has already been claimed.",
  expired: "This gift link has expired. Ask the sender to send it again.",
  cancelled: "This gift was cancelled.",
  arranged: "The sender already chose when this gift arrives: there is nothing to schedule.",
  chooseTime: "Choose a delivery time: a slot or as soon as possible.",
} as const;

export const GIFT_REFUSALS: Record<Exclude<GiftState, "open">, { status: 409 | 410; code: string }> = {
  claimed: { status: 409, code: "gift_claimed" },
  expired: { status: 410, code: "gift_expired" },
  cancelled: { status: 410, code: "gift_cancelled" },
  arranged: { status: 409, code: "gift_arranged" },
};

/**
 * The store's availability cut to the gift's life: no date after the expiry's date (in the store's zone), no slot
 * ending after the expiry, and "as soon as possible" only when the latest ETA still lands before it.
 */
export function giftSchedule(availability: Availability, expires: Date, now: Date): Availability {
  if (availability.shipping)
    return { ...availability, immediate_delivery: false, scheduling: false, dates: [] };
  const lastDate = isoDate(localDateOf(expires, availability.timezone));
  const dates = availability.dates
    .filter((d) => d.date <= lastDate)
    .map((d) => ({ ...d, slots: d.slots.filter((s) => Date.parse(s.end) <= expires.getTime()) }))
    .filter((d) => d.slots.length > 0);
  const latestArrival = now.getTime() + ((availability.eta.minutes ?? 0) + ETA_RANGE_MINUTES) * 60_000;
  const immediate = availability.immediate_delivery && latestArrival <= expires.getTime();
  const first = dates[0]?.slots[0];
  return {
    ...availability,
    immediate_delivery: immediate,
    scheduling: dates.length > 0,
    selection_text: immediate
      ? `Delivery in ${availability.eta.display}`
      : first
        ? `Schedule for ${dates[0].label}, ${first.label}`
        : NO_DELIVERY_TEXT,
    dates,
  };
}

/** The recipient's choice: a slot of a date, or as soon as possible (the ETA), never both. */
export type GiftChoice = { kind: "slot"; date: string; start: string } | { kind: "asap" };

export function giftChoice(input: {
  slot?: { date: string; start: string } | null;
  eta?: boolean | null;
}): { ok: true; choice: GiftChoice } | { ok: false; message: string } {
  const slot = input.slot ?? null;
  const eta = input.eta === true;
  if (slot && eta) return { ok: false, message: GIFT_MESSAGES.chooseTime };
  if (slot) return { ok: true, choice: { kind: "slot", date: slot.date, start: slot.start } };
  if (eta) return { ok: true, choice: { kind: "asap" } };
  return { ok: false, message: GIFT_MESSAGES.chooseTime };
}

/** What the claim page holds chosen (spec §4: choosing a slot clears the ETA, choosing the ETA clears the slot). */
export interface GiftPick {
  date: string | null;
  /** A slot's start (ISO instant) on `date`. */
  slot: string | null;
  eta: boolean;
}

export type GiftPickAction =
  | { type: "date"; date: string }
  | { type: "slot"; date: string; start: string }
  | { type: "eta" }
  | { type: "reset" };

export const NO_PICK: GiftPick = { date: null, slot: null, eta: false };

export function pickReducer(pick: GiftPick, action: GiftPickAction): GiftPick {
  switch (action.type) {
    case "date":
      // Another date's slots: the slot chosen on the old date no longer applies; the ETA stays until a slot is.
      return { ...pick, date: action.date, slot: action.date === pick.date ? pick.slot : null };
    case "slot":
      return { date: action.date, slot: action.start, eta: false };
    case "eta":
      return { ...pick, slot: null, eta: true };
    case "reset":
      return NO_PICK;
  }
}

/** The pick as the claim call's body takes it, or null while nothing is chosen. */
export function pickToChoice(pick: GiftPick): GiftChoice | null {
  if (pick.eta) return { kind: "asap" };
  if (pick.date && pick.slot) return { kind: "slot", date: pick.date, start: pick.slot };
  return null;
}

/** "Fri, Nov 27" for a slot's local calendar date ("2026-11-27"), whatever the reader's zone. */
export function dateWords(date: string): string {
  const [y, m, d] = date.split("-").map(Number);
  return new Intl.DateTimeFormat("en-US", {
    weekday: "short",
    month: "short",
    day: "numeric",
    timeZone: "UTC",
  }).format(new Date(Date.UTC(y, m - 1, d, 12)));
}
