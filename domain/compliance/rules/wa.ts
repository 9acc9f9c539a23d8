import type { SaleHoursRule, Source } from "../types.ts";
import { everyDay, RETRIEVED } from "./common.ts";

const LCB_FAQ: Source = {
  title:
    "Washington State Liquor and Cannabis Board, FAQ: During what hours can I sell or serve alcohol? (WAC 314-11-070)",
  url: "https://lcb.wa.gov/mastrvp/rvp-faq",
  retrieved: RETRIEVED,
};

/**
 * Washington, statewide (WAC 314-11-070): alcohol may be sold only between 6 a.m. and 2 a.m., every day. Local
 * governments may shorten the hours; Seattle does not for off-premises sales.
 */
export const WASHINGTON: SaleHoursRule = {
  jurisdiction: "US-WA",
  place: "Washington",
  level: "state",
  state: "WA",
  hours: [
    {
      classes: ["beer", "wine", "spirits"],
      weekly: everyDay(["06:00", "02:00"]),
      // unverified here: that Seattle sets no shorter off-premises hours was not confirmed on a city page.
      source: LCB_FAQ,
    },
  ],
  // unverified here: the start date (private liquor sales, June 1, 2012) is from a secondary page.
  effective: { from: "2012-06-01" },
  sources: [LCB_FAQ],
};
