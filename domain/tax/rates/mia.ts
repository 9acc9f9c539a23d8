import type { CityTaxes } from "../types.ts";
import { GOODS, pct, source } from "./common.ts";

/**
 * Miami, Florida (Miami-Dade County): 7% = Florida 6% + Miami-Dade County discretionary sales surtax 1% (0.5%
 * transit, 0.5% public hospital), on beer, wine, spirits and everything else sold here. Florida has no retail
 * alcohol tax beyond sales tax: its beverage excise is paid by manufacturers and distributors, and its surcharge
 * applies to on-premises sales only. The surtax reaches only the first $5,000 of a single item's price, which no
 * line here approaches.
 *
 * Left out: cigarette and other tobacco products taxes (stamps, distributors); Florida has no retail vapor tax.
 * Food for home consumption is exempt: no `food` rate.
 */

// unverified here: Florida's 6% and Miami-Dade's 1% total were seen only on secondary pages (sage-answer.com and
// others: "6% plus a 1% discretionary county surtax"); the transit half (People's Transportation Plan, 2003) was not
// seen at all. Cited is the Department of Revenue's Form DR-15DSS, which lists each county's surtax, not seen in a
// stored copy. The hospital half is confirmed by TIP 98(A)15-03 below.
const DR_15DSS = source(
  "Florida Department of Revenue, Form DR-15DSS, Discretionary Sales Surtax Information",
  "https://floridarevenue.com/Forms_library/current/dr15dss.pdf",
);
const HOSPITAL_SURTAX = source(
  "Florida Department of Revenue, TIP 98(A)15-03: Miami-Dade County's 0.5 percent county public hospital surtax does not expire (Ordinance No. 91-64)",
  "https://dor.myflorida.com/dor/tips/tip98a1503.html",
);
const SURTAX = source(
  "Florida Department of Revenue, Discretionary Sales Surtax (collect it when the selling dealer delivers into a county with a surtax)",
  "https://floridarevenue.com/taxes/taxesfees/Pages/discretionary.aspx",
);

export const miami: CityTaxes = {
  cityCode: "MIA",
  jurisdictions: [
    { id: "US-FL", name: "Florida", level: "state", state: "FL" },
    { id: "US-FL-MIAMI-DADE", name: "Miami-Dade County", level: "county", state: "FL" },
  ],
  rates: [
    {
      kind: "percent",
      jurisdiction: "US-FL",
      taxType: "sales",
      classes: GOODS,
      ratePpm: pct(6),
      effective: { from: "1988-02-01" },
      source: DR_15DSS,
    },
    {
      kind: "percent",
      jurisdiction: "US-FL-MIAMI-DADE",
      taxType: "discretionary sales surtax (county public hospital)",
      classes: GOODS,
      ratePpm: pct(0.5),
      effective: { from: "1992-01-01" }, // unverified here: start date (the TIP gives the ordinance, 91-64)
      source: HOSPITAL_SURTAX,
    },
    {
      kind: "percent",
      jurisdiction: "US-FL-MIAMI-DADE",
      taxType: "discretionary sales surtax (transit)",
      classes: GOODS,
      ratePpm: pct(0.5),
      effective: { from: "2003-01-01" },
      source: DR_15DSS,
    },
  ],
  rules: {
    state: "FL",
    // The surtax follows the county the dealer delivers into (SURTAX); the state's 6% is the same everywhere.
    sourcing: "destination",
    // Delivery charges are not taxed only when separately stated AND avoidable by the buyer alone (Rule
    // 12A-1.045(3)); this store only delivers (no pickup), so its delivery fee cannot be avoided: taxable.
    deliveryFeeTaxable: true,
    // unverified here: a voluntary gratuity, separately stated and not required, is not taxable (Rule 12A-1.0115).
    tipTaxable: false,
    // unverified here: a dealer's discount at the sale reduces the taxable price (Rule 12A-1.018).
    discountReducesBase: true,
    // No container deposit in Florida.
    depositTaxable: false,
    // unverified here: Florida's bracket system applies to the transaction's total (Rule 12A-1.004).
    rounding: "per_invoice",
    sources: [
      SURTAX,
      source(
        "Florida Department of Revenue, FAQ: Are delivery charges subject to sales tax?",
        "https://floridarevenue.com/faq/Pages/FAQDetails.aspx?FAQID=1277&IsDlg=1",
      ),
      source(
        "Florida Administrative Code Rule 12A-1.045, Transportation Charges",
        "https://www.lawserver.com/law/state/florida/regulations/florida_regulations_12a-1-045",
      ),
    ],
  },
};
