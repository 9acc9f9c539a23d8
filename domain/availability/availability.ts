import { openWindowAt, type WeeklyHours } from "./hours.ts";
import { generateSlots } from "./slots.ts";
import type { Availability } from "./types.ts";

/** The ETA is shown as a range this wide. */
export const ETA_RANGE_MINUTES = 15;
export const SHIPPING_ETA_TEXT = "2–5 business days";
export const NO_DELIVERY_TEXT = "Delivery is not available right now.";

export interface StoreForAvailability {
  id: string;
  is_shipping: boolean;
  eta_minutes: number;
  timezone: string;
  hours: WeeklyHours;
}

/** "30–45 min". */
export function etaDisplay(minutes: number): string {
  return `${minutes}–${minutes + ETA_RANGE_MINUTES} min`;
}

/**
 * What a store can do for an address now: deliver immediately (open, and still open when the ETA has
 * passed), schedule a slot (any slot in the coming days), or ship. `selection_text` says it in one line.
 */
export function buildAvailability(store: StoreForAvailability, now: Date): Availability {
  const base = { store_id: store.id, shipping: store.is_shipping, timezone: store.timezone };
  if (store.is_shipping) {
    return {
      ...base,
      immediate_delivery: false,
      scheduling: false,
      eta: { display: SHIPPING_ETA_TEXT, minutes: null },
      selection_text: `Ships in ${SHIPPING_ETA_TEXT}`,
      dates: [],
    };
  }
  // Open now, and still open when the order arrives (back-to-back windows count as one).
  const arrival = new Date(now.getTime() + Math.max(0, store.eta_minutes * 60_000 - 1));
  const immediate =
    openWindowAt(store.hours, store.timezone, now) !== null &&
    openWindowAt(store.hours, store.timezone, arrival) !== null;
  const dates = generateSlots({
    hours: store.hours,
    timeZone: store.timezone,
    now,
    leadMinutes: store.eta_minutes,
  });
  const display = etaDisplay(store.eta_minutes);
  const first = dates[0]?.slots[0];
  let selection: string;
  if (immediate) selection = `Delivery in ${display}`;
  else if (first) selection = `Closed now. Schedule for ${dates[0].label}, ${first.label}`;
  else selection = NO_DELIVERY_TEXT;
  return {
    ...base,
    immediate_delivery: immediate,
    scheduling: dates.length > 0,
    eta: { display, minutes: store.eta_minutes },
    selection_text: selection,
    dates,
  };
}

/**
 * One delivery choice for a cart split between on-demand stores: ASAP only when every store delivers now (at the
 * slowest store's ETA), and only the slots every store offers (same date, same start), as the server checks each
 * store's own availability when the order is placed. Null for no stores; one store's availability is its own.
 */
export function commonAvailability(stores: readonly Availability[]): Availability | null {
  if (stores.length <= 1) return stores[0] ?? null;
  const immediate = stores.every((s) => s.immediate_delivery);
  const slowest = stores.reduce((a, b) => ((b.eta.minutes ?? 0) > (a.eta.minutes ?? 0) ? b : a));
  const [first, ...others] = stores;
  const offersSlot = (a: Availability, date: string, start: string) =>
    a.dates.some((d) => d.date === date && d.slots.some((s) => s.start === start));
  const dates = first.dates
    .map((d) => ({ ...d, slots: d.slots.filter((s) => others.every((o) => offersSlot(o, d.date, s.start))) }))
    .filter((d) => d.slots.length > 0);
  const firstSlot = dates[0]?.slots[0];
  return {
    ...first,
    immediate_delivery: immediate,
    scheduling: dates.length > 0,
    eta: slowest.eta,
    selection_text: immediate
      ? `Delivery in ${slowest.eta.display}`
      : firstSlot
        ? `Closed now. Schedule for ${dates[0].label}, ${firstSlot.label}`
        : NO_DELIVERY_TEXT,
    dates,
  };
}
