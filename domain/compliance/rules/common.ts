import type { WeeklyHours } from "#domain/availability/hours.ts";
import type { DateRule } from "../types.ts";

/** When every figure in this folder was last read against its source. */
export const RETRIEVED = "2026-11-29";

export const NEW_YEARS_DAY: DateRule = { kind: "fixed", month: 1, day: 1 };
export const THANKSGIVING: DateRule = { kind: "nth_weekday", month: 11, weekday: "thu", n: 4 };
export const CHRISTMAS_EVE: DateRule = { kind: "fixed", month: 12, day: 24 };
export const CHRISTMAS: DateRule = { kind: "fixed", month: 12, day: 25 };
export const NEW_YEARS_EVE: DateRule = { kind: "fixed", month: 12, day: 31 };

/** The same windows every day of the week. */
export function everyDay(...windows: [string, string][]): WeeklyHours {
  return { sun: windows, mon: windows, tue: windows, wed: windows, thu: windows, fri: windows, sat: windows };
}

/** Monday to Saturday the same windows, Sunday its own (none when omitted). */
export function monSat(windows: [string, string][], sunday: [string, string][] = []): WeeklyHours {
  return { mon: windows, tue: windows, wed: windows, thu: windows, fri: windows, sat: windows, sun: sunday };
}
