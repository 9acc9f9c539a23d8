import {
  addDays,
  isoDate,
  type LocalDate,
  localDateOf,
  localInstant,
  type Weekday,
  type WeeklyHours,
  windowsOn,
} from "./hours.ts";
import type { AvailabilityDate, AvailabilitySlot } from "./types.ts";

export const SLOT_MINUTES = 60;
export const SCHEDULE_DAYS = 7;

export interface SlotOptions {
  hours: WeeklyHours;
  timeZone: string;
  now: Date;
  /** Earliest start: now plus this many minutes (the store's ETA). */
  leadMinutes: number;
  days?: number;
  slotMinutes?: number;
}

/**
 * Delivery slots from a store's weekly hours, in the store's zone: each window cut into wall-clock slots
 * from its opening, the last one ending at closing. Windows past midnight continue into the next day;
 * a wall-clock hour that does not exist (spring forward) gives no slot, a repeated one (fall back) gives
 * one longer slot. Slots are grouped by the local date they start on, for `days` days from today.
 */
export function generateSlots(options: SlotOptions): AvailabilityDate[] {
  const { hours, timeZone, now } = options;
  const days = options.days ?? SCHEDULE_DAYS;
  const step = options.slotMinutes ?? SLOT_MINUTES;
  const earliest = now.getTime() + options.leadMinutes * 60_000;
  const today = localDateOf(now, timeZone);
  const lastDate = isoDate(addDays(today, days - 1));
  const byDate = new Map<string, AvailabilitySlot[]>();

  // Start a day early: yesterday's late window may run into today.
  for (let offset = -1; offset < days; offset++) {
    const date = addDays(today, offset);
    for (const window of windowsOn(hours, date, timeZone)) {
      for (let minute = window.openMinute; minute < window.closeMinute; minute += step) {
        const start = localInstant(date, minute, timeZone);
        const end = localInstant(date, Math.min(minute + step, window.closeMinute), timeZone);
        if (end <= start || start.getTime() < earliest) continue;
        const key = isoDate(localDateOf(start, timeZone));
        if (key > lastDate) continue;
        const list = byDate.get(key) ?? [];
        if (list.some((s) => s.start === start.toISOString())) continue;
        list.push({
          start: start.toISOString(),
          end: end.toISOString(),
          label: slotLabel(start, end, timeZone),
        });
        byDate.set(key, list);
      }
    }
  }
  return [...byDate.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([date, slots]) => ({
      date,
      label: dateLabel(date, today, timeZone),
      slots: slots.sort((a, b) => a.start.localeCompare(b.start)),
    }));
}

const timeFormats = new Map<string, Intl.DateTimeFormat>();

export function slotLabel(start: Date, end: Date, timeZone: string): string {
  let fmt = timeFormats.get(timeZone);
  if (!fmt) {
    fmt = new Intl.DateTimeFormat("en-US", { hour: "numeric", minute: "2-digit", timeZone });
    timeFormats.set(timeZone, fmt);
  }
  return `${fmt.format(start)} – ${fmt.format(end)}`;
}

/** "Today", "Tomorrow", else "Mon, Nov 23". */
export function dateLabel(date: string, today: LocalDate & { weekday: Weekday }, timeZone: string): string {
  if (date === isoDate(today)) return "Today";
  if (date === isoDate(addDays(today, 1))) return "Tomorrow";
  const [y, m, d] = date.split("-").map(Number);
  // Noon of that day is on that day in every zone.
  const noon = localInstant({ year: y, month: m, day: d }, 12 * 60, timeZone);
  return new Intl.DateTimeFormat("en-US", {
    weekday: "short",
    month: "short",
    day: "numeric",
    timeZone,
  }).format(noon);
}
