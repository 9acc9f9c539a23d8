import type { SaleHoursRule, Source } from "../types.ts";
import { CHRISTMAS_EVE, everyDay, NEW_YEARS_EVE, RETRIEVED } from "./common.ts";

const DC_25_722: Source = {
  title:
    "Code of the District of Columbia § 25-722, Hours of sale and delivery for off-premises retail licensees",
  url: "https://code.dccouncil.gov/us/dc/council/code/titles/25/chapters/7/subchapters/III",
  retrieved: RETRIEVED,
};

/**
 * District of Columbia (D.C. Code § 25-722): class A (liquor store) and class B (grocery) off-premises licensees may
 * sell and deliver to District residents only between 6 a.m. and 1 a.m., Monday to Saturday, and the same hours on
 * December 24 and 31; on Sunday only where the ABC Board permits it on the licence (§ 25-722(b)).
 */
export const DISTRICT_OF_COLUMBIA: SaleHoursRule = {
  jurisdiction: "US-DC",
  place: "the District of Columbia",
  level: "district",
  state: "DC",
  hours: [
    {
      classes: ["beer", "wine", "spirits"],
      weekly: everyDay(["06:00", "01:00"]),
      specialDays: [
        { name: "Christmas Eve", date: CHRISTMAS_EVE, windows: [["06:00", "01:00"]], source: DC_25_722 },
        { name: "New Year's Eve", date: NEW_YEARS_EVE, windows: [["06:00", "01:00"]], source: DC_25_722 },
      ],
      // unverified here: § 25-722(b) (Sunday sales with the Board's permission) was cut off in the excerpt seen,
      // so its Sunday hours are assumed to be those of subsection (a); a store without the Board's Sunday
      // permission must keep Sunday out of its own hours.
      note: "Sunday sales only with the ABC Board's permission on the store's licence (§ 25-722(b)).",
      source: DC_25_722,
    },
  ],
  // unverified here: the 6 a.m.–1 a.m. text dates from D.C. Law 24-127 (June 30, 2022) by the history seen for
  // § 25-721; the history of § 25-722 itself was not seen.
  effective: { from: "2022-06-30" },
  sources: [DC_25_722],
};
