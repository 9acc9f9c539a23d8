import type { SaleHoursRule, Source } from "../types.ts";
import { CHRISTMAS_EVE, everyDay, monSat, NEW_YEARS_EVE, RETRIEVED } from "./common.ts";

const FS_562_14: Source = {
  title:
    "Florida Statutes § 562.14, Regulating the time for sale of alcoholic and intoxicating beverages (2025 text)",
  url: "https://syfert.com/florida/statutes/0562.14.html",
  retrieved: RETRIEVED,
};
const MIAMI_MEMO: Source = {
  title:
    "City of Miami, City Attorney memo M-95-0779 quoting City Code § 4-3(c)(4), package store hours of sale",
  url: "https://documents.miamigov.com/WebLink/DocView.aspx?dbid=0&id=1091073&repo=Administration",
  retrieved: RETRIEVED,
};

/**
 * Florida (§ 562.14): no alcohol sold between midnight and 7 a.m. "except as otherwise provided by county or
 * municipal ordinance", so a city's ordinance replaces these hours for what it covers.
 */
export const FLORIDA: SaleHoursRule = {
  jurisdiction: "US-FL",
  place: "Florida",
  level: "state",
  state: "FL",
  hours: [{ classes: ["beer", "wine", "spirits"], weekly: everyDay(["07:00", "24:00"]), source: FS_562_14 }],
  // unverified here: when § 562.14 took this form was not seen; the date is that of the 2025 edition read.
  effective: { from: "2025-07-01" },
  sources: [FS_562_14],
};

/**
 * City of Miami (City Code § 4-3): liquor package stores (NCOP), the only sellers of spirits to take away, are open
 * for sales Monday to Saturday 7 a.m.–10 p.m. and Sunday 1 p.m.–7 p.m.; Sundays in December until 10 p.m.; Christmas
 * Eve and New Year's Eve until midnight. Beer and wine follow the state's hours.
 */
export const MIAMI: SaleHoursRule = {
  jurisdiction: "US-FL-MIAMI",
  place: "Miami",
  level: "city",
  state: "FL",
  supersedes: ["US-FL"],
  hours: [
    {
      classes: ["spirits"],
      weekly: monSat([["07:00", "22:00"]], [["13:00", "19:00"]]),
      specialDays: [
        // unverified here: the memo says "extended ... until midnight"; from 7 a.m. is assumed, also on a Sunday.
        { name: "Christmas Eve", date: CHRISTMAS_EVE, windows: [["07:00", "24:00"]], source: MIAMI_MEMO },
        { name: "New Year's Eve", date: NEW_YEARS_EVE, windows: [["07:00", "24:00"]], source: MIAMI_MEMO },
        {
          name: "Sundays in December",
          date: { kind: "every_weekday", month: 12, weekday: "sun" },
          windows: [["13:00", "22:00"]],
          source: MIAMI_MEMO,
        },
      ],
      // unverified here: the only text seen is a 1995 memo quoting § 4-3(c)(4) as amended by Ordinance 10772
      // (1990); the City rewrote Chapter 4 from 2014 and its current package-store hours were not seen. Miami-Dade
      // County's own hours govern only unincorporated areas and were not seen either.
      source: MIAMI_MEMO,
    },
  ],
  effective: { from: "1990-07-26" },
  sources: [MIAMI_MEMO, FS_562_14],
};
