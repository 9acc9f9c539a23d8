/**
 * Legal hours and days (issue 33 §2): whether an order may be sold and delivered at an instant, and the stretches
 * of a day when it may, from the sale-hours rules of the store's state and city (`domain/compliance/rules/`), the
 * classes of the order's lines and the store's own hours. Pure; wall-clock rules are turned into instants with
 * @date-fns/tz (through `domain/availability/hours.ts`), so the nights clocks change come out right.
 */
import {
  addDays,
  type LocalDate,
  localDateOf,
  localInstant,
  minuteOfDay,
  type Weekday,
  type WeeklyHours,
  windowsOn,
} from "../availability/hours.ts";
import type {
  BannedDay,
  ClassHours,
  DateRule,
  Interval,
  SaleDecision,
  SaleHoursRule,
  SpecialDay,
  TaxClass,
} from "./types.ts";

type Day = LocalDate & { weekday: Weekday };

export interface SaleHoursQuery {
  timeZone: string;
  /** The rules that apply where the store sells (state first, then county and city). */
  rules: readonly SaleHoursRule[];
  /** The classes of the order's lines; classes no rule sets (food, mixers, fees) never restrict. */
  classes: readonly TaxClass[];
  /** The store's own opening hours, when they should bound the answer too. */
  storeHours?: WeeklyHours;
}

/** How far ahead `maySell` looks for `nextAllowed`: past Texas's longest closure (Saturday 9 p.m. to Tuesday). */
export const NEXT_ALLOWED_HORIZON_DAYS = 14;

const MINUTE = 60_000;
const WEEKDAY_INDEX: Record<Weekday, number> = { sun: 0, mon: 1, tue: 2, wed: 3, thu: 4, fri: 5, sat: 6 };
const WEEKDAY_NAMES: Record<Weekday, string> = {
  sun: "Sunday",
  mon: "Monday",
  tue: "Tuesday",
  wed: "Wednesday",
  thu: "Thursday",
  fri: "Friday",
  sat: "Saturday",
};
const MONTH_NAMES = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];
const CLASS_NAMES: Partial<Record<TaxClass, string>> = {
  beer: "Beer",
  wine: "Wine",
  spirits: "Spirits",
  nicotine: "Nicotine products",
  tobacco: "Tobacco",
};

// ---------------------------------------------------------------------------------------------------------------
// Calendar rules

/** Whether a date rule names a local date. */
export function dateMatches(rule: DateRule, date: Day): boolean {
  if (rule.month !== date.month) return false;
  switch (rule.kind) {
    case "fixed":
      return rule.day === date.day;
    case "every_weekday":
      return rule.weekday === date.weekday;
    case "nth_weekday": {
      if (rule.weekday !== date.weekday) return false;
      if (rule.n === -1) return addDays(date, 7).month !== date.month;
      return Math.ceil(date.day / 7) === rule.n;
    }
  }
}

/** The date a rule names in a year (the first match, for "every_weekday"). */
export function dateIn(rule: DateRule, year: number): Day {
  const first = addDays({ year, month: rule.month, day: 1 }, 0);
  if (rule.kind === "fixed") return addDays({ year, month: rule.month, day: rule.day }, 0);
  const offset = (WEEKDAY_INDEX[rule.weekday] - WEEKDAY_INDEX[first.weekday] + 7) % 7;
  if (rule.kind === "every_weekday") return addDays(first, offset);
  if (rule.n !== -1) return addDays(first, offset + 7 * (rule.n - 1));
  let last = addDays(first, offset);
  while (addDays(last, 7).month === rule.month) last = addDays(last, 7);
  return last;
}

/** The banned day a date falls on for these hours, and whether it is the Monday after one that fell on a Sunday. */
export function bannedOn(hours: ClassHours, date: Day): { day: BannedDay; observed: boolean } | null {
  for (const day of hours.bannedDays ?? []) {
    if (dateMatches(day.date, date)) return { day, observed: false };
    if (day.alsoMondayIfSunday && date.weekday === "mon" && dateMatches(day.date, addDays(date, -1))) {
      return { day, observed: true };
    }
  }
  return null;
}

function specialOn(hours: ClassHours, date: Day): SpecialDay | null {
  return hours.specialDays?.find((s) => dateMatches(s.date, date)) ?? null;
}

function windowsFor(hours: ClassHours, date: Day): [string, string][] {
  return specialOn(hours, date)?.windows ?? hours.weekly[date.weekday] ?? [];
}

// ---------------------------------------------------------------------------------------------------------------
// Interval arithmetic (sorted, disjoint lists; start inclusive, end exclusive)

function normalise(list: Interval[]): Interval[] {
  const sorted = list.filter((i) => i.end > i.start).sort((a, b) => a.start.getTime() - b.start.getTime());
  const out: Interval[] = [];
  for (const i of sorted) {
    const last = out[out.length - 1];
    if (last && i.start <= last.end) {
      if (i.end > last.end) last.end = i.end;
    } else out.push({ start: i.start, end: i.end });
  }
  return out;
}

function intersect(a: Interval[], b: Interval[]): Interval[] {
  const out: Interval[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const start = new Date(Math.max(a[i].start.getTime(), b[j].start.getTime()));
    const end = new Date(Math.min(a[i].end.getTime(), b[j].end.getTime()));
    if (end > start) out.push({ start, end });
    if (a[i].end < b[j].end) i++;
    else j++;
  }
  return out;
}

function subtract(list: Interval[], cuts: Interval[]): Interval[] {
  let out = list;
  for (const cut of cuts) {
    const next: Interval[] = [];
    for (const i of out) {
      if (cut.end <= i.start || cut.start >= i.end) next.push(i);
      else {
        if (cut.start > i.start) next.push({ start: i.start, end: cut.start });
        if (cut.end < i.end) next.push({ start: cut.end, end: i.end });
      }
    }
    out = next;
  }
  return out;
}

function contains(list: Interval[], at: Date): boolean {
  return list.some((i) => i.start <= at && at < i.end);
}

/** The local dates whose windows may reach into [from, to): from the day before `from` to the day of `to`. */
function datesCovering(from: Date, to: Date, timeZone: string): Day[] {
  const last = localDateOf(to, timeZone);
  const dates: Day[] = [];
  for (let d = addDays(localDateOf(from, timeZone), -1); ; d = addDays(d, 1)) {
    dates.push(d);
    if (d.year === last.year && d.month === last.month && d.day === last.day) return dates;
  }
}

function dayInterval(date: Day, timeZone: string): Interval {
  return { start: localInstant(date, 0, timeZone), end: localInstant(addDays(date, 1), 0, timeZone) };
}

/** The stretches one law's hours allow within [from, to). */
function lawIntervals(hours: ClassHours, from: Date, to: Date, timeZone: string): Interval[] {
  const dates = datesCovering(from, to, timeZone);
  const open: Interval[] = [];
  const banned: Interval[] = [];
  for (const date of dates) {
    for (const [a, b] of windowsFor(hours, date)) {
      const openMinute = minuteOfDay(a);
      let closeMinute = minuteOfDay(b);
      if (openMinute === null || closeMinute === null || openMinute >= 1440) continue;
      if (closeMinute <= openMinute) closeMinute += 1440;
      const start = localInstant(date, openMinute, timeZone);
      const end =
        hours.closeByElapsedTime && closeMinute > 1440
          ? new Date(localInstant(addDays(date, 1), 0, timeZone).getTime() + (closeMinute - 1440) * MINUTE)
          : localInstant(date, closeMinute, timeZone);
      open.push({ start, end });
    }
    if (bannedOn(hours, date)) banned.push(dayInterval(date, timeZone));
  }
  return intersect(normalise(subtract(normalise(open), banned)), [{ start: from, end: to }]);
}

function storeIntervals(hours: WeeklyHours, from: Date, to: Date, timeZone: string): Interval[] {
  const windows = datesCovering(from, to, timeZone).flatMap((date) => windowsOn(hours, date, timeZone));
  return intersect(normalise(windows.map((w) => ({ start: w.start, end: w.end }))), [
    { start: from, end: to },
  ]);
}

// ---------------------------------------------------------------------------------------------------------------
// Which laws bind which class

interface Binding {
  cls: TaxClass;
  rule: SaleHoursRule;
  hours: ClassHours;
}

/** Every (class, rule) pair that restricts the order, in the order of its classes and then of the rules. */
export function bindings(rules: readonly SaleHoursRule[], classes: readonly TaxClass[]): Binding[] {
  const out: Binding[] = [];
  for (const cls of new Set(classes)) {
    const setting = rules.flatMap((rule) => {
      const hours = rule.hours.find((h) => (h.classes as TaxClass[]).includes(cls));
      return hours ? [{ cls, rule, hours }] : [];
    });
    const replaced = new Set(setting.flatMap((b) => b.rule.supersedes ?? []));
    out.push(...setting.filter((b) => !replaced.has(b.rule.jurisdiction)));
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// The answers

/** The stretches within [from, to) when every class of the order may be sold, inside the store's hours if given. */
export function allowedIntervals(from: Date, to: Date, query: SaleHoursQuery): Interval[] {
  if (!(to > from)) return [];
  let allowed: Interval[] = [{ start: from, end: to }];
  for (const b of bindings(query.rules, query.classes)) {
    allowed = intersect(allowed, lawIntervals(b.hours, from, to, query.timeZone));
    if (allowed.length === 0) return allowed;
  }
  if (query.storeHours)
    allowed = intersect(allowed, storeIntervals(query.storeHours, from, to, query.timeZone));
  return allowed;
}

/**
 * The stretches of one local calendar day (midnight to midnight in the store's zone) when the whole order may be
 * sold and delivered: the law's windows for every class intersected with the store's own hours. A slot list is
 * filtered by keeping the slots inside one of them (use `allowedIntervals` for a slot that crosses midnight).
 */
export function allowedWindows(day: LocalDate, query: SaleHoursQuery): Interval[] {
  const date = addDays(day, 0);
  const { start, end } = dayInterval(date, query.timeZone);
  return allowedIntervals(start, end, query);
}

/** Whether the order may be sold and delivered at `at`; if not, why, in the shopper's words, and when it may. */
export function maySell(query: SaleHoursQuery & { at: Date }): SaleDecision {
  const { at, timeZone } = query;
  const probe = new Date(at.getTime() + 1);
  let refusal: { reason: string; class: TaxClass | null } | null = null;
  for (const b of bindings(query.rules, query.classes)) {
    if (!contains(lawIntervals(b.hours, at, probe, timeZone), at)) {
      refusal = { reason: lawReason(b, at, timeZone), class: b.cls };
      break;
    }
  }
  if (!refusal && query.storeHours && !contains(storeIntervals(query.storeHours, at, probe, timeZone), at)) {
    refusal = { reason: "The store is closed at that time.", class: null };
  }
  if (!refusal) return { ok: true };
  const horizon = new Date(at.getTime() + NEXT_ALLOWED_HORIZON_DAYS * 24 * 60 * MINUTE);
  const next = allowedIntervals(at, horizon, query)[0];
  return next ? { ok: false, ...refusal, nextAllowed: next.start } : { ok: false, ...refusal };
}

// ---------------------------------------------------------------------------------------------------------------
// Words

/** "10 a.m.", "9:30 p.m.", "noon", "midnight". */
export function clockLabel(text: string): string {
  const minute = (minuteOfDay(text) ?? 0) % 1440;
  if (minute === 0) return "midnight";
  if (minute === 720) return "noon";
  const h = Math.floor(minute / 60);
  const m = minute % 60;
  const hour12 = h % 12 === 0 ? 12 : h % 12;
  return `${hour12}${m ? `:${String(m).padStart(2, "0")}` : ""} ${h < 12 ? "a.m." : "p.m."}`;
}

/** "from 10 a.m. to 9 p.m.", "from 6 a.m. to 2 a.m. the next day", "all day". */
export function windowsLabel(windows: [string, string][]): string {
  return windows
    .map(([a, b]) => {
      const open = minuteOfDay(a) ?? 0;
      const close = minuteOfDay(b) ?? 0;
      if (open === 0 && close === 1440) return "all day";
      const past = close !== 0 && close <= open;
      return `from ${clockLabel(a)} to ${clockLabel(b)}${past ? " the next day" : ""}`;
    })
    .join(" and ");
}

function className(cls: TaxClass): string {
  return CLASS_NAMES[cls] ?? "This item";
}

function lawReason(b: Binding, at: Date, timeZone: string): string {
  const who = `${className(b.cls)} can't be delivered in ${b.rule.place}`;
  const date = localDateOf(at, timeZone);
  const banned = bannedOn(b.hours, date);
  if (banned) {
    return banned.observed
      ? `${who} on ${WEEKDAY_NAMES[date.weekday]}, ${MONTH_NAMES[date.month - 1]} ${date.day}, because ${banned.day.name} fell on a Sunday.`
      : `${who} on ${banned.day.name}.`;
  }
  const special = specialOn(b.hours, date);
  const windows = windowsFor(b.hours, date);
  const when = special ? special.name : `${WEEKDAY_NAMES[date.weekday]}s`;
  if (windows.length === 0) return `${who} on ${when}.`;
  const label = windowsLabel(windows);
  return `${who} at this hour: on ${when} only ${label}${label.endsWith(".") ? "" : "."}`;
}
