/**
 * How long a store keeps its compliance log (issue 33 §4: every ID check at the door, handover and refusal, and who
 * made it): the period each state's law sets for a retailer's records of its sales and deliveries, as data with its
 * source. Nothing is deleted yet; the console shows the period with the export, and a deletion job will read it.
 * A state not listed keeps the longest period here (a record kept too long is a smaller fault than one missing).
 */

import { RETRIEVED } from "./rules/common.ts";
import type { Source } from "./types.ts";

export interface RetentionRule {
  state: string;
  years: number;
  /** The records the law names, in its words as near as we can. */
  records: string;
  source: Source;
  /** Why the figure is not yet confirmed for delivery records, when it is not (checked before a store goes live). */
  unverified?: string;
}

const rule = (r: RetentionRule): RetentionRule => r;

export const RECORD_RETENTION: Record<string, RetentionRule> = {
  CA: rule({
    state: "CA",
    years: 3,
    records:
      "Records of sales and deliveries at the licensed premises, three years from the transaction (B&P Code § 25752; off-sale licensees keep records of deliveries away from the premises, Rule 17).",
    source: {
      title: "California Business and Professions Code § 25752; ABC FAQ on records (Q. 122–124)",
      url: "https://california.public.law/codes/ca_bus_and_prof_code_section_25752",
      retrieved: RETRIEVED,
    },
  }),
  TX: rule({
    state: "TX",
    years: 4,
    records:
      "Invoices of alcoholic beverages kept on the premises four years; general records two years (16 TAC § 41.11). The longer is kept.",
    source: {
      title: "TABC off-premise licence course: records and invoices",
      url: "https://www.tabc.state.tx.us/licensing/BF_license/lessonbuilder_files/BF_Off_Premise_License10.html",
      retrieved: RETRIEVED,
    },
    unverified:
      "The four years are stated for purchase invoices; 16 TAC § 41.4 (report and record retention) was not read.",
  }),
  IL: rule({
    state: "IL",
    years: 3,
    records:
      "Records of alcoholic liquor delivered, three years (the Liquor Control Act's period for delivery records).",
    source: {
      title: "235 ILCS 5/7A-5 (Liquor Control Act of 1934)",
      url: "https://witnessslips.ilga.gov/legislation/ilcs/fulltext.asp?DocName=023500050K7A-5",
      retrieved: RETRIEVED,
    },
    unverified:
      "The section read sets three years for warehousemen's delivery records; the retailer's period was not found.",
  }),
};

/** States seeded with stores whose period was not found: they keep the longest period above until it is. */
const LONGEST = Object.values(RECORD_RETENTION).reduce((a, b) => (b.years > a.years ? b : a));

export interface Retention {
  years: number;
  rule: RetentionRule;
  /** True when the state has no rule of its own here and the longest period stands in. */
  fallback: boolean;
}

export function retentionFor(state: string | null): Retention {
  const own = state ? RECORD_RETENTION[state.toUpperCase()] : undefined;
  return own
    ? { years: own.years, rule: own, fallback: false }
    : { years: LONGEST.years, rule: LONGEST, fallback: true };
}

/** The first day a record made `at` may be deleted (UTC calendar, the same day `years` later). */
export function keptUntil(at: Date, years: number): Date {
  const d = new Date(at.getTime());
  d.setUTCFullYear(d.getUTCFullYear() + years);
  return d;
}
