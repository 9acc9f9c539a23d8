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
      "Every record the Commission requires of a permittee, kept for inspection at least four years (Alcoholic Beverage Code § 206.01); a retailer's invoices four years from delivery (TABC's retailer course). The store's delivery and ID-check records are kept as long.",
    source: {
      title: "Texas Alcoholic Beverage Code § 206.01, Records (four years); TABC off-premise licence course",
      url: "https://casetext.com/statute/texas-codes/alcoholic-beverage-code/title-5-taxation/chapter-206-provisions-generally-applicable-to-taxation/section-20601-records",
      retrieved: RETRIEVED,
    },
  }),
  IL: rule({
    state: "IL",
    // The Department may assess gross receipts up to 3 years before each January 1 and July 1: about three and a
    // half years, kept here as four whole years.
    years: 4,
    records:
      "Retail licensees keep the minimum uniform records of the Retailers' Occupation Tax rules (11 Ill. Adm. Code 100.260), preserved while the Department may still issue a Notice of Tax Liability for their period: gross receipts more than 3 years before each January 1 and July 1 are past it (86 Ill. Adm. Code 130.815).",
    source: {
      title:
        "86 Ill. Adm. Code 130.815, Preservation and Retention of Records; 11 Ill. Adm. Code 100.260, Retail licensees' records",
      url: "https://www.ilga.gov/commission/jcar/admincode/086/086001300H08150R.html",
      retrieved: RETRIEVED,
    },
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
