/**
 * The legal hours and days vocabulary (issue 33 §2): when the law lets a store sell and deliver each class of
 * goods, as data with its sources (`domain/compliance/rules/`), read by the pure rule in `domain/compliance/hours.ts`.
 * Hours are wall-clock times in the store's zone, in the shape the store's own hours already use
 * (`WeeklyHours`: { "mon": [["10:00","21:00"]] }, a window whose close is not after its open ends the next day).
 */
import type { Weekday, WeeklyHours } from "../availability/hours.ts";
import type { Effective, Source, TaxClass } from "../tax/types.ts";

export type { Effective, Source, TaxClass };

/** The classes a sale-hours law tells apart. Any other class (food, mixers, fees) is never restricted by one. */
export type SaleClass = Extract<TaxClass, "beer" | "wine" | "spirits" | "nicotine" | "vapor" | "tobacco">;

/** A calendar day a law names, found again every year. */
export type DateRule =
  /** A fixed date: Christmas Day is { month: 12, day: 25 }. */
  | { kind: "fixed"; month: number; day: number }
  /** The nth weekday of a month (n = -1 for the last): Thanksgiving is the 4th Thursday of November. */
  | { kind: "nth_weekday"; month: number; weekday: Weekday; n: 1 | 2 | 3 | 4 | 5 | -1 }
  /** Every such weekday of a month: "Sundays in December". */
  | { kind: "every_weekday"; month: number; weekday: Weekday };

/** A day the law forbids selling the class at all (every instant of that local calendar day). */
export interface BannedDay {
  /** Shopper English, used in the refusal: "Thanksgiving Day", "Christmas Day". */
  name: string;
  date: DateRule;
  /** Where the law says so: when the day falls on a Sunday, the Monday after is banned too. */
  alsoMondayIfSunday?: boolean;
  source: Source;
}

/** A day whose hours replace the weekday's (Christmas Eve open until midnight, Sundays in December until 10 p.m.). */
export interface SpecialDay {
  name: string;
  date: DateRule;
  /** The windows that open that day, as in `WeeklyHours`; [] for none. */
  windows: [string, string][];
  source: Source;
}

/** The hours one law sets for some classes: per weekday windows, banned days and special days. */
export interface ClassHours {
  classes: SaleClass[];
  /** A weekday absent (or []) is a day no window opens: "closed on Sunday". */
  weekly: WeeklyHours;
  bannedDays?: BannedDay[];
  /** Checked in order; the first that matches a date replaces its weekday's windows. */
  specialDays?: SpecialDay[];
  /**
   * California's rule for the nights clocks change (B&P Code 25631): a close past midnight is reckoned as that
   * much time elapsed since midnight, not as the wall clock ("2 a.m." is two hours after midnight).
   */
  closeByElapsedTime?: boolean;
  /** What a reader of the data should know (license conditions, local options). */
  note?: string;
  source: Source;
}

/** The sale and delivery hours of one jurisdiction (a state, a county or a city) for off-premises retail. */
export interface SaleHoursRule {
  /** As the tax table's jurisdictions: "US-TX", "US-IL-CHICAGO", "US-FL-MIAMI". */
  jurisdiction: string;
  /** Shopper English, used in refusals: "Texas", "Chicago", "the District of Columbia". */
  place: string;
  level: "state" | "county" | "city" | "district";
  /** Two-letter USPS state code ("DC" for the District). */
  state: string;
  /**
   * Jurisdictions whose hours this one replaces for the classes it sets (Florida's hours hold "except as otherwise
   * provided by county or municipal ordinance"). Otherwise every rule that applies must allow a sale.
   */
  supersedes?: string[];
  hours: ClassHours[];
  effective: Effective;
  sources: Source[];
}

/** One city we deliver in and the sale-hours rules that apply there, state first. */
export interface CitySaleHours {
  /** The seed's city code (db/seed/stores.ts): "CHI", "LA", … */
  cityCode: string;
  state: string;
  timeZone: string;
  rules: SaleHoursRule[];
}

/** An allowed stretch of time: from `start` inclusive to `end` exclusive. */
export interface Interval {
  start: Date;
  end: Date;
}

export type SaleDecision =
  | { ok: true }
  | {
      ok: false;
      /** Plain shopper English: "Spirits can't be delivered in Texas on Sundays." */
      reason: string;
      /** The class the law refuses; null when it is the store's own hours that refuse. */
      class: TaxClass | null;
      /** The first instant after `at` when the whole order may be sold, if one comes within the search horizon. */
      nextAllowed?: Date;
    };
