import { addDays, localDateOf, openWindowAt, type WeeklyHours, windowsOn } from "../availability/hours.ts";
import { dateLabel } from "../availability/slots.ts";

/**
 * When an on-demand order may go out (issue 29; docs/adr/0051-console-safeguards.md). Accepting early is fine: the
 * store picks ahead. Sending out is when the shopper's doorbell rings: a slot order not before an hour ahead of its
 * slot (it arrives inside it), and no order while the store is closed. Either, when the store means it (the
 * customer rang to ask for it early, a last order finishing after closing), takes a word from staff: the console
 * asks them to confirm, and the confirmation is audited.
 */

/** A slot order goes out from this long before its slot starts (when it is released to the queue, too). */
export const SLOT_DISPATCH_LEAD_MINUTES = 60;

export type DispatchTimingCode = "too_early_for_slot" | "store_closed";

export type DispatchTiming = { ok: true } | { ok: false; code: DispatchTimingCode; message: string };

export interface DispatchTimingInput {
  now: Date;
  shipping: boolean;
  scheduled: { date: string; start: string; end: string; label: string } | { byRecipient: true } | null;
  store: { hours: WeeklyHours; timezone: string };
}

const clock = (at: Date, timeZone: string) =>
  new Intl.DateTimeFormat("en-US", { hour: "numeric", minute: "2-digit", timeZone }).format(at);

/** "10:00 AM" today, else "Tomorrow at 10:00 AM" / "Mon, Nov 30 at 10:00 AM", in the store's zone. */
function whenText(at: Date, now: Date, timeZone: string): string {
  const today = localDateOf(now, timeZone);
  const day = localDateOf(at, timeZone);
  const date = `${day.year}-${String(day.month).padStart(2, "0")}-${String(day.day).padStart(2, "0")}`;
  const label = dateLabel(date, today, timeZone);
  return label === "Today" ? clock(at, timeZone) : `${label} at ${clock(at, timeZone)}`;
}

/** The next moment the store opens after `now` (within a week), or null when it has no hours. */
export function nextOpening(hours: WeeklyHours, timeZone: string, now: Date): Date | null {
  const today = localDateOf(now, timeZone);
  for (let n = 0; n <= 7; n++) {
    const next = windowsOn(hours, addDays(today, n), timeZone).find((w) => w.start > now);
    if (next) return next.start;
  }
  return null;
}

/** Whether an order may be sent out now, or why it needs staff's word first. Shipped orders go by the carrier. */
export function dispatchTiming(input: DispatchTimingInput): DispatchTiming {
  const { now, store, scheduled } = input;
  if (input.shipping) return { ok: true };
  const tz = store.timezone;
  if (scheduled && "start" in scheduled) {
    const from = new Date(Date.parse(scheduled.start) - SLOT_DISPATCH_LEAD_MINUTES * 60_000);
    if (now < from) {
      const slot = `${dateLabel(scheduled.date, localDateOf(now, tz), tz)}, ${scheduled.label}`;
      return {
        ok: false,
        code: "too_early_for_slot",
        message: `This order's slot is ${slot}: it goes out from ${whenText(from, now, tz)}. Send it out now only if the customer asked for it early.`,
      };
    }
  }
  if (openWindowAt(store.hours, tz, now) === null) {
    const opens = nextOpening(store.hours, tz, now);
    return {
      ok: false,
      code: "store_closed",
      message: `The store is closed now${opens ? ` (it opens ${whenText(opens, now, tz)})` : ""}: orders go out during opening hours. Send it out now only if someone is really taking it.`,
    };
  }
  return { ok: true };
}
