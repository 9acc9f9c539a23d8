import type { SaleHoursRule, Source } from "../types.ts";
import { everyDay, RETRIEVED } from "./common.ts";

const ABC_HOURS: Source = {
  title: "California ABC, Off-Sale Licensee Informational Guide: Hours of Sale (B&P Code 25631)",
  url: "https://www.abc.ca.gov/education/merchant-education/off-sale-licensee-informational-guide/hours-of-sale/",
  retrieved: RETRIEVED,
};

/**
 * California, statewide (B&P Code 25631): no licensee may sell, give or deliver alcohol between 2 a.m. and 6 a.m.,
 * every day, holidays included. On the days clocks change, "2 o'clock a.m." means two hours after midnight.
 * Los Angeles, San Francisco and San Jose set no other hours by ordinance; tighter hours come only as conditions
 * on a particular licence, which belong in the store's own hours.
 */
export const CALIFORNIA: SaleHoursRule = {
  jurisdiction: "US-CA",
  place: "California",
  level: "state",
  state: "CA",
  hours: [
    {
      classes: ["beer", "wine", "spirits"],
      weekly: everyDay(["06:00", "02:00"]),
      closeByElapsedTime: true,
      source: ABC_HOURS,
    },
  ],
  // B&P 25631 as amended by Stats. 2007, ch. 744, effective Jan. 1, 2008 (Rogoway Law Group text of the Act).
  effective: { from: "2008-01-01" },
  sources: [ABC_HOURS],
};
