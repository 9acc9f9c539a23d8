import type { SaleHoursRule, Source } from "../types.ts";
import { everyDay, monSat, RETRIEVED } from "./common.ts";

const LEGALCLARITY_CHICAGO: Source = {
  title: "LegalClarity: What Time Can You Buy Alcohol in Chicago? (Municipal Code of Chicago § 4-60-130)",
  url: "https://legalclarity.org/what-time-can-you-buy-alcohol-in-chicago",
  retrieved: RETRIEVED,
};
const LEGISTAR_4_60_130: Source = {
  title: "Chicago City Council (Legistar): ordinance amending Municipal Code § 4-60-130, Hours of operation",
  url: "https://chicago.legistar.com/LegislationDetail.aspx?GUID=55C88AED-F710-4F48-9D32-D7CFEA72D69F&ID=4305135",
  retrieved: RETRIEVED,
};

/**
 * Illinois sets no statewide hours of sale; the Liquor Control Act leaves them to each city and county.
 */
export const ILLINOIS: SaleHoursRule = {
  jurisdiction: "US-IL",
  place: "Illinois",
  level: "state",
  state: "IL",
  hours: [
    {
      classes: ["beer", "wine", "spirits"],
      weekly: everyDay(["00:00", "24:00"]),
      // unverified here: no page of the Illinois Liquor Control Act (235 ILCS 5) was seen; that Illinois leaves
      // hours to local option is from secondary summaries, so the state layer restricts nothing.
      note: "Local option: the city's hours are the binding ones.",
      source: LEGALCLARITY_CHICAGO,
    },
  ],
  effective: { from: "1934-01-01" },
  sources: [LEGALCLARITY_CHICAGO],
};

/**
 * Chicago (Municipal Code § 4-60-130): packaged goods (liquor stores, groceries, delivery) may not be sold between
 * midnight and 7 a.m. Monday to Saturday, nor between midnight and 11 a.m. on Sunday. Supermarkets may start at
 * 8 a.m. on Sunday, which a delivery store is not.
 */
export const CHICAGO: SaleHoursRule = {
  jurisdiction: "US-IL-CHICAGO",
  place: "Chicago",
  level: "city",
  state: "IL",
  hours: [
    {
      classes: ["beer", "wine", "spirits"],
      weekly: monSat([["07:00", "24:00"]], [["11:00", "24:00"]]),
      // unverified here: the ordinance text seen on Legistar is an older amendment (package sales to 2 a.m.,
      // 3 a.m. on Sunday); the midnight close for packaged goods (the 2021 amendment) is from LegalClarity's
      // summary of § 4-60-130, not from the code's current text.
      note: "Supermarkets (not this store type) may start package sales at 8 a.m. on Sunday.",
      source: LEGALCLARITY_CHICAGO,
    },
  ],
  // unverified here: the date the midnight close took effect (2021) was not seen; this is an approximation.
  effective: { from: "2021-07-01" },
  sources: [LEGALCLARITY_CHICAGO, LEGISTAR_4_60_130],
};
