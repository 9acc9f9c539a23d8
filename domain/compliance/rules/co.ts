import type { SaleHoursRule, Source } from "../types.ts";
import { everyDay, RETRIEVED } from "./common.ts";

const LEGALCLARITY_CO: Source = {
  title: "LegalClarity: What Time Do They Stop Selling Alcohol in Colorado? (C.R.S. Title 44, Article 3)",
  url: "https://legalclarity.org/what-time-do-they-stop-selling-alcohol-in-colorado",
  retrieved: RETRIEVED,
};
const KDVR: Source = {
  title: "FOX31 KDVR: Why liquor stores are closed on Christmas Day in Colorado (Dec. 25, 2023)",
  url: "https://kdvr.com/news/local/why-liquor-stores-are-closed-on-christmas-day-in-colorado/",
  retrieved: RETRIEVED,
};
const WESTWORD: Source = {
  title: "Westword: Colorado Liquor Stores Can Now Open on December 25 (SB24-231, signed May 18, 2024)",
  url: "https://www.westword.com/restaurants/colorado-liquor-stores-can-now-open-on-december-25-20772809",
  retrieved: RETRIEVED,
};

/**
 * Colorado, statewide: sealed-container sales (liquor stores, groceries) only from 8 a.m. to midnight, every day.
 * The Christmas Day ban (KDVR, 2023) was repealed by SB24-231 in May 2024, so no day is banned now.
 */
export const COLORADO: SaleHoursRule = {
  jurisdiction: "US-CO",
  place: "Colorado",
  level: "state",
  state: "CO",
  hours: [
    {
      classes: ["beer", "wine", "spirits"],
      weekly: everyDay(["08:00", "24:00"]),
      source: LEGALCLARITY_CO,
    },
  ],
  effective: { from: "2024-05-18" },
  sources: [LEGALCLARITY_CO, KDVR, WESTWORD],
};
