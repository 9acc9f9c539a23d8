/**
 * The sale-hours rules of every city we deliver in (db/seed/stores.ts), state first. Data, each figure with its
 * source; `domain/compliance/hours.ts` reads them.
 */
import type { CitySaleHours } from "../types.ts";
import { CALIFORNIA } from "./ca.ts";
import { COLORADO } from "./co.ts";
import { DISTRICT_OF_COLUMBIA } from "./dc.ts";
import { FLORIDA, MIAMI } from "./fl.ts";
import { CHICAGO, ILLINOIS } from "./il.ts";
import { NEW_YORK } from "./ny.ts";
import { TEXAS } from "./tx.ts";
import { WASHINGTON } from "./wa.ts";

export const CITY_SALE_HOURS: readonly CitySaleHours[] = [
  { cityCode: "CHI", state: "IL", timeZone: "America/Chicago", rules: [ILLINOIS, CHICAGO] },
  { cityCode: "LA", state: "CA", timeZone: "America/Los_Angeles", rules: [CALIFORNIA] },
  { cityCode: "SF", state: "CA", timeZone: "America/Los_Angeles", rules: [CALIFORNIA] },
  { cityCode: "SJ", state: "CA", timeZone: "America/Los_Angeles", rules: [CALIFORNIA] },
  { cityCode: "NYC", state: "NY", timeZone: "America/New_York", rules: [NEW_YORK] },
  { cityCode: "ATX", state: "TX", timeZone: "America/Chicago", rules: [TEXAS] },
  { cityCode: "DEN", state: "CO", timeZone: "America/Denver", rules: [COLORADO] },
  { cityCode: "SEA", state: "WA", timeZone: "America/Los_Angeles", rules: [WASHINGTON] },
  { cityCode: "MIA", state: "FL", timeZone: "America/New_York", rules: [FLORIDA, MIAMI] },
  { cityCode: "DCMETRO", state: "DC", timeZone: "America/New_York", rules: [DISTRICT_OF_COLUMBIA] },
];

/** The rules for a seeded city's code, or null for a city we hold none for. */
export function saleHoursFor(cityCode: string): CitySaleHours | null {
  return CITY_SALE_HOURS.find((c) => c.cityCode === cityCode) ?? null;
}

export {
  CALIFORNIA,
  CHICAGO,
  COLORADO,
  DISTRICT_OF_COLUMBIA,
  FLORIDA,
  ILLINOIS,
  MIAMI,
  NEW_YORK,
  TEXAS,
  WASHINGTON,
};
