import type { CityTaxes } from "../types.ts";
import { CA, CA_RULES, CECET, CRV, californiaBase } from "./ca.ts";
import { GOODS, pct, source } from "./common.ts";

/**
 * San Francisco (City and County), California: 8.625% = statewide 7.25% + district taxes 1.375%: SF County
 * Transportation Authority 0.5%, SF Public Financing Authority (schools) 0.25%, BART 0.5%, Caltrain (Measure RR,
 * from 2021-07-01) 0.125%. Alcohol: sales tax only at retail; vapor products also the 12.5% CECET (see ca.ts). CRV on beer and soft drinks.
 */

const SF_8_625 = source(
  "LegalClarity, What Is the Sales Tax in San Francisco? 8.625% (as of January 1, 2026; 7.25% base + 1.375% district taxes, citing CDTFA)",
  "https://legalclarity.org/what-is-the-sales-tax-in-san-francisco-8-625",
);
// unverified here: the split of the 1.375% among the four districts was not seen on a stored page (zamp.com gives
// the 1.375% "special" total and the rise from 8.5% to 8.625% on 2021-07-01).
const district = (id: string, percent: number, from: string) => ({
  kind: "percent" as const,
  jurisdiction: id,
  taxType: "sales (district)",
  classes: GOODS,
  ratePpm: pct(percent),
  effective: { from },
  source: SF_8_625,
});

export const sanFrancisco: CityTaxes = {
  cityCode: "SF",
  jurisdictions: [
    CA,
    { id: "US-CA-SF", name: "City and County of San Francisco", level: "city", state: "CA" },
    {
      id: "US-CA-SF-SFTA",
      name: "San Francisco County Transportation Authority",
      level: "district",
      state: "CA",
    },
    { id: "US-CA-SF-SFPF", name: "San Francisco Public Financing Authority", level: "district", state: "CA" },
    { id: "US-CA-BART", name: "Bay Area Rapid Transit District", level: "district", state: "CA" },
    {
      id: "US-CA-CALTRAIN",
      name: "Peninsula Corridor Joint Powers Board (Caltrain)",
      level: "district",
      state: "CA",
    },
  ],
  rates: [
    // San Francisco is a city and county: the 0.25% county transportation fund and the 1% local both go to it.
    ...californiaBase("US-CA-SF", "US-CA-SF"),
    district("US-CA-SF-SFTA", 0.5, "2004-04-01"),
    district("US-CA-SF-SFPF", 0.25, "2012-10-01"),
    district("US-CA-BART", 0.5, "1970-01-01"),
    district("US-CA-CALTRAIN", 0.125, "2021-07-01"),
    CRV,
    CECET,
  ],
  rules: CA_RULES,
};
