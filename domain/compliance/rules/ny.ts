import type { SaleHoursRule, Source } from "../types.ts";
import { everyDay, monSat, RETRIEVED } from "./common.ts";

const GOTHAMIST: Source = {
  title: "Gothamist (WNYC): New Yorkers can now buy booze on Sunday mornings (Oct. 16, 2023)",
  url: "https://cms.prod.nypr.digital/news/new-yorkers-can-now-buy-booze-on-sunday-mornings",
  retrieved: RETRIEVED,
};
const A6941: Source = {
  title: "New York Assembly bill A06941 (2023): repeals ABC Law § 105-a, Sunday beer hours",
  url: "https://legiscan.com/NY/text/A06941/id/2803722/New_York-2023-A06941-Introduced.html",
  retrieved: RETRIEVED,
};
const ABC_105: Source = {
  title: "New York State Senate, Alcoholic Beverage Control Law § 105 (off-premises retail licensees)",
  url: "https://www.nysenate.gov/legislation/laws/ABC/105",
  retrieved: RETRIEVED,
};
const A6742_2019: Source = {
  title:
    "New York Assembly bill A06742 (2019), quoting ABC Law § 105(14)(a): liquor stores closed midnight–8 a.m.",
  url: "https://legiscan.com/NY/text/A06742/id/1962611/New_York-2019-A06742-Introduced.html",
  retrieved: RETRIEVED,
};

/**
 * New York, statewide. Liquor and wine stores (the only off-premises sellers of wine and spirits): closed every day
 * between midnight and 8 a.m., and on Sunday open only 10 a.m.–10 p.m. (ABC Law § 105(14)(a) as amended in October
 * 2023; before then noon–9 p.m.). Beer, cider and mead from groceries and delis: § 105-a's Sunday 3–8 a.m. ban was
 * repealed in October 2023 and New York City sets no hours of its own, so beer may be sold at any hour.
 */
export const NEW_YORK: SaleHoursRule = {
  jurisdiction: "US-NY",
  place: "New York",
  level: "state",
  state: "NY",
  hours: [
    {
      classes: ["wine", "spirits"],
      weekly: monSat([["08:00", "24:00"]], [["10:00", "22:00"]]),
      // unverified here: § 105(14)(a)'s current text was not in the excerpt seen (nysenate.gov page), so the
      // midnight–8 a.m. closure is from the 2019 bill quoting it and the Sunday 10–10 from the 2023 news report;
      // the 2019 bill also quotes a Christmas Day closure, which news of the 2023 law does not mention and
      // which is left out here (a radio station's summary of the SLA's table says "Christmas Day: normal hours").
      source: GOTHAMIST,
    },
    {
      classes: ["beer"],
      weekly: everyDay(["00:00", "24:00"]),
      note: "Counties may still restrict beer hours; New York City does not (Gothamist, 2023).",
      source: GOTHAMIST,
    },
  ],
  effective: { from: "2023-10-14" },
  sources: [GOTHAMIST, A6941, ABC_105, A6742_2019],
};
