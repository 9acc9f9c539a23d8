import type { SaleHoursRule, Source } from "../types.ts";
import { CHRISTMAS, NEW_YEARS_DAY, RETRIEVED, THANKSGIVING } from "./common.ts";

const STORM: Source = {
  title:
    "Watching the Clock: How the TABC Regulates Hours of Operation for Off-Premises Retailers (Storm Liquor License)",
  url: "https://blog.stormliquorlicense.com/off-premises-retail-hours",
  retrieved: RETRIEVED,
};
const KVUE: Source = {
  title:
    "KVUE: Texans can buy beer and wine at stores starting at 10 a.m. on Sundays (HB 1518, effective Sept. 1, 2021)",
  url: "https://kvue.com/article/news/politics/texas-legislature/texan-buy-beer-wine-sunday/269-cf6bb797-046b-4d21-948d-578e6becf7ca",
  retrieved: RETRIEVED,
};
const SA_CURRENT: Source = {
  title:
    "San Antonio Current: Texas liquor stores closed 61 hours (Christmas and New Year's 2022 on Sundays, Mondays after closed)",
  url: "https://www.sacurrent.com/news/texans-wanting-to-stay-stocked-with-booze-for-the-holidays-must-plan-ahead-for-store-closures-30626081",
  retrieved: RETRIEVED,
};
const HB1551: Source = {
  title:
    "Texas H.B. 1551 (87R) text: Alcoholic Beverage Code §§ 105.04, 105.05(b), hours of sale for wine and malt beverages",
  url: "https://app.legiplex.com/tx/legislature/2021/87-0/bills/hb1551/drafts-compare",
  retrieved: RETRIEVED,
};

/**
 * Texas, statewide (Alcoholic Beverage Code ch. 105). Spirits are sold only by package stores (liquor stores):
 * Monday to Saturday 10 a.m.–9 p.m., never on Sunday, New Year's Day, Thanksgiving or Christmas, nor on the Monday
 * after Christmas or New Year's Day falls on a Sunday. Beer and wine off-premises (grocery and convenience stores,
 * and the delivery that goes with them): 7 a.m.–midnight Monday to Friday, Saturday 7 a.m.–1 a.m. Sunday, Sunday
 * 10 a.m.–midnight since HB 1518 (Sept. 1, 2021); no holiday closure.
 */
export const TEXAS: SaleHoursRule = {
  jurisdiction: "US-TX",
  place: "Texas",
  level: "state",
  state: "TX",
  hours: [
    {
      classes: ["spirits"],
      weekly: {
        mon: [["10:00", "21:00"]],
        tue: [["10:00", "21:00"]],
        wed: [["10:00", "21:00"]],
        thu: [["10:00", "21:00"]],
        fri: [["10:00", "21:00"]],
        sat: [["10:00", "21:00"]],
      },
      bannedDays: [
        { name: "New Year's Day", date: NEW_YEARS_DAY, alsoMondayIfSunday: true, source: STORM },
        { name: "Thanksgiving Day", date: THANKSGIVING, source: STORM },
        { name: "Christmas Day", date: CHRISTMAS, alsoMondayIfSunday: true, source: STORM },
      ],
      note:
        "Package store (permit P) hours, the only off-premises seller of spirits. Wine sold by a package store " +
        "follows these hours too; wine sold under a wine-and-beer permit follows the beer hours below.",
      source: STORM,
    },
    {
      classes: ["beer", "wine"],
      weekly: {
        mon: [["07:00", "24:00"]],
        tue: [["07:00", "24:00"]],
        wed: [["07:00", "24:00"]],
        thu: [["07:00", "24:00"]],
        fri: [["07:00", "24:00"]],
        sat: [["07:00", "01:00"]],
        sun: [["10:00", "24:00"]],
      },
      note:
        "Wine-and-beer retailer's off-premise permit. The Sunday 10 a.m. start is HB 1518 (2021); the bill text " +
        "seen here is its companion HB 1551, and the 10 a.m. figure is from the KVUE report of the law in force.",
      source: KVUE,
    },
  ],
  effective: { from: "2021-09-01" },
  sources: [STORM, KVUE, SA_CURRENT, HB1551],
};
