import { dayAfter } from "./statement.ts";
import type { DayKey, Period } from "./types.ts";

/**
 * A store's statement periods (docs/adr/0072-statements-and-payouts.md): weeks from Monday to Sunday, in the store's
 * time zone (its days are `storeDay`s). A week closes once its Sunday has ended there.
 */

const DAY = /^\d{4}-\d{2}-\d{2}$/;

const utc = (day: DayKey) => {
  if (!DAY.test(day)) throw new RangeError(`not a day: ${day}`);
  const d = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== day)
    throw new RangeError(`not a day: ${day}`);
  return d;
};

/** Whether `text` is a real calendar day "YYYY-MM-DD". */
export function isDay(text: string): boolean {
  try {
    utc(text);
    return true;
  } catch {
    return false;
  }
}

export function addDays(day: DayKey, n: number): DayKey {
  const d = utc(day);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** The week (Monday to Sunday) `day` falls in. */
export function weekOf(day: DayKey): Period {
  const weekday = (utc(day).getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  const from = addDays(day, -weekday);
  return { from, to: addDays(from, 6) };
}

/**
 * The weeks to close on `today` (the store's day), oldest first: from the week after the last closed one (or the
 * week of the store's first money event when none closed), up to the week before today's.
 */
export function weeksToClose(input: {
  lastClosedTo: DayKey | null;
  firstEventDay: DayKey | null;
  today: DayKey;
}): Period[] {
  const start = input.lastClosedTo
    ? dayAfter(input.lastClosedTo)
    : input.firstEventDay
      ? weekOf(input.firstEventDay).from
      : null;
  if (!start) return [];
  const weeks: Period[] = [];
  for (let week = weekOf(start); week.to < input.today; week = weekOf(addDays(week.to, 1))) weeks.push(week);
  return weeks;
}

/** "Mon 23 Nov – Sun 29 Nov 2026" for a week; "Mon 23 Nov 2026" for a day. */
export function periodLabel(period: Period): string {
  const fmt = (day: DayKey, year: boolean) =>
    utc(day).toLocaleDateString("en-US", {
      timeZone: "UTC",
      weekday: "short",
      day: "numeric",
      month: "short",
      ...(year ? { year: "numeric" } : {}),
    });
  return period.from === period.to
    ? fmt(period.from, true)
    : `${fmt(period.from, false)} – ${fmt(period.to, true)}`;
}
