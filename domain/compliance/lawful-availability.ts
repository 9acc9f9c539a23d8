/**
 * A store's delivery times cut to the law's (issue 33 §2): ASAP only when every class of the order may be sold and
 * delivered from now until it arrives, and only the slots that lie wholly inside the hours the law allows. Pure;
 * the store's own hours are already in the availability (`domain/availability/`), the law's come from
 * `domain/compliance/hours.ts`.
 */
import { NO_DELIVERY_TEXT } from "../availability/availability.ts";
import type { Availability } from "../availability/types.ts";
import { allowedIntervals, bindings, maySell } from "./hours.ts";
import type { Interval, SaleClass, SaleHoursRule, TaxClass } from "./types.ts";

/** The classes a sale-hours law can bind, in the order the API lists them. */
export const SALE_CLASSES: readonly SaleClass[] = ["beer", "wine", "spirits", "nicotine", "vapor", "tobacco"];

export const isSaleClass = (value: string): value is SaleClass =>
  (SALE_CLASSES as readonly string[]).includes(value);

/** The sale classes among an order's classes, each once, in SALE_CLASSES order. */
export function saleClassesOf(classes: Iterable<TaxClass>): SaleClass[] {
  const held = new Set<TaxClass>(classes);
  return SALE_CLASSES.filter((c) => held.has(c));
}

/** The law where a store sells, for the classes of one order. */
export interface DeliveryLaw {
  timeZone: string;
  rules: readonly SaleHoursRule[];
  classes: readonly TaxClass[];
}

const covers = (allowed: readonly Interval[], start: Date, end: Date) =>
  allowed.some((i) => i.start <= start && end <= i.end);

/** Why the law forbids delivering the order at some moment of [start, end), or null when it allows all of it. */
export function lawRefusal(law: DeliveryLaw, start: Date, end: Date): string | null {
  if (bindings(law.rules, law.classes).length === 0) return null;
  const until = end > start ? end : new Date(start.getTime() + 1);
  const allowed = allowedIntervals(start, until, law);
  if (covers(allowed, start, until)) return null;
  // The first forbidden instant: the start, or where the first allowed stretch from the start ends.
  const first = allowed[0];
  const at = first && first.start.getTime() === start.getTime() ? first.end : start;
  const decision = maySell({ ...law, at });
  return decision.ok ? null : decision.reason;
}

/** The instant an ASAP order placed at `now` arrives (the store's ETA; one minute when it has none). */
function arrivalOf(availability: Availability, now: Date): Date {
  return new Date(now.getTime() + Math.max(1, availability.eta.minutes ?? 1) * 60_000);
}

/**
 * The availability of a store for an order of these classes: the slots the law forbids are gone, ASAP too when the
 * law forbids any moment before the order arrives, and the selection text says why. A shipping store's availability
 * is unchanged (the carrier delivers, under the destination's rules: `domain/compliance/where.ts`).
 */
export function lawfulAvailability(availability: Availability, law: DeliveryLaw, now: Date): Availability {
  if (availability.shipping || bindings(law.rules, law.classes).length === 0) return availability;
  const slots = availability.dates.flatMap((d) => d.slots);
  const from = slots.length ? new Date(slots[0].start) : now;
  const to = slots.length ? new Date(slots[slots.length - 1].end) : now;
  const allowed = to > from ? allowedIntervals(from, to, law) : [];
  const dates = availability.dates
    .map((d) => ({
      ...d,
      slots: d.slots.filter((s) => covers(allowed, new Date(s.start), new Date(s.end))),
    }))
    .filter((d) => d.slots.length > 0);
  const refusedNow = availability.immediate_delivery
    ? lawRefusal(law, now, arrivalOf(availability, now))
    : null;
  const immediate = availability.immediate_delivery && refusedNow === null;
  const first = dates[0]?.slots[0];
  let selection = availability.selection_text;
  if (!immediate) {
    const why = refusedNow ?? "Closed now.";
    if (first) selection = `${why} Schedule for ${dates[0].label}, ${first.label}`;
    else selection = refusedNow ?? NO_DELIVERY_TEXT;
  }
  return {
    ...availability,
    immediate_delivery: immediate,
    scheduling: dates.length > 0,
    selection_text: selection,
    dates,
  };
}
