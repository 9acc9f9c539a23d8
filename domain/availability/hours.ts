import { TZDate } from "@date-fns/tz";

/**
 * Store opening hours by weekday in the store's own time zone: { "mon": [["10:00","22:00"]], ... }.
 * A window whose close is not after its open ends on the next day ("18:00"–"02:00"); "24:00" is midnight.
 */
export type WeeklyHours = Partial<Record<Weekday, [string, string][]>>;
export type Weekday = "sun" | "mon" | "tue" | "wed" | "thu" | "fri" | "sat";
export const WEEKDAYS: readonly Weekday[] = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"];

/** A calendar day in the store's zone. */
export interface LocalDate {
  year: number;
  /** 1–12 */
  month: number;
  day: number;
}

/** An opening window as absolute instants, with its wall-clock bounds in minutes from the local day's start. */
export interface OpeningWindow {
  date: LocalDate;
  openMinute: number;
  closeMinute: number;
  start: Date;
  end: Date;
}

const HHMM = /^([01]?\d|2[0-4]):([0-5]\d)$/;

/** "18:30" → 1110; null for anything else. */
export function minuteOfDay(text: string): number | null {
  const m = HHMM.exec(text);
  if (!m) return null;
  const minutes = Number(m[1]) * 60 + Number(m[2]);
  return minutes <= 24 * 60 ? minutes : null;
}

/** The instant of a wall-clock minute (may run past 24:00 into the next days) on a local date. */
export function localInstant(date: LocalDate, minute: number, timeZone: string): Date {
  const dayOffset = Math.floor(minute / 1440);
  const m = minute - dayOffset * 1440;
  return new Date(
    new TZDate(
      date.year,
      date.month - 1,
      date.day + dayOffset,
      Math.floor(m / 60),
      m % 60,
      timeZone,
    ).getTime(),
  );
}

/** The local calendar date (and weekday) of an instant in a time zone. */
export function localDateOf(at: Date, timeZone: string): LocalDate & { weekday: Weekday } {
  const z = new TZDate(at.getTime(), timeZone);
  return { year: z.getFullYear(), month: z.getMonth() + 1, day: z.getDate(), weekday: WEEKDAYS[z.getDay()] };
}

/** The date `n` days after `date` (calendar arithmetic, no time zone involved). */
export function addDays(date: LocalDate, n: number): LocalDate & { weekday: Weekday } {
  const d = new Date(Date.UTC(date.year, date.month - 1, date.day + n));
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    weekday: WEEKDAYS[d.getUTCDay()],
  };
}

/** "2026-11-22". */
export function isoDate(date: LocalDate): string {
  return `${date.year}-${String(date.month).padStart(2, "0")}-${String(date.day).padStart(2, "0")}`;
}

/** The windows that open on a local date (those running past midnight end on the next day). */
export function windowsOn(
  hours: WeeklyHours,
  date: LocalDate & { weekday: Weekday },
  timeZone: string,
): OpeningWindow[] {
  const windows: OpeningWindow[] = [];
  for (const [from, to] of hours[date.weekday] ?? []) {
    const open = minuteOfDay(from);
    let close = minuteOfDay(to);
    if (open === null || close === null || open >= 1440) continue;
    if (close <= open) close += 1440;
    const start = localInstant(date, open, timeZone);
    const end = localInstant(date, close, timeZone);
    if (end > start) windows.push({ date, openMinute: open, closeMinute: close, start, end });
  }
  return windows.sort((a, b) => a.start.getTime() - b.start.getTime());
}

/** The window open at an instant (including one that opened the day before and runs past midnight). */
export function openWindowAt(hours: WeeklyHours, timeZone: string, at: Date): OpeningWindow | null {
  const today = localDateOf(at, timeZone);
  for (const date of [addDays(today, -1), today]) {
    const hit = windowsOn(hours, date, timeZone).find((w) => w.start <= at && at < w.end);
    if (hit) return hit;
  }
  return null;
}

/** Whether stored hours have the expected shape: weekday keys holding ["HH:MM","HH:MM"] pairs. */
export function isWeeklyHours(value: unknown): value is WeeklyHours {
  if (!value || typeof value !== "object" || Array.isArray(value)) return false;
  return Object.entries(value).every(
    ([key, windows]) =>
      (WEEKDAYS as readonly string[]).includes(key) &&
      Array.isArray(windows) &&
      windows.every(
        (w) =>
          Array.isArray(w) &&
          w.length === 2 &&
          minuteOfDay(String(w[0])) !== null &&
          minuteOfDay(String(w[1])) !== null,
      ),
  );
}
