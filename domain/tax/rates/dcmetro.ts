import type { CityTaxes } from "../types.ts";
import { pct, source } from "./common.ts";

/**
 * Washington, District of Columbia (seed code DCMETRO). One jurisdiction. Beer, wine and spirits sold for
 * consumption off the premises carry 10.25% instead of the general rate (since 2018-10-01); soft drinks 8%; other
 * goods the general rate: 6% until 2025-09-30, 6.5% from 2025-10-01, 7% from 2026-10-01 (FY2025 Budget Support Act).
 *
 * Left out: DC's cigarette tax (stamps) and other tobacco products tax (on the wholesale price, paid by the
 * wholesaler), and the alcoholic beverage excise (paid by manufacturers and wholesalers). Groceries, snacks included,
 * are exempt: no `food` rate.
 */

const OCFO_RATES = source(
  "DC Office of the Chief Financial Officer, Tax Rates and Revenues, Sales and Use Taxes, Alcoholic Beverage Taxes and Tobacco Taxes (6.0% general, 8.0% soft drinks, 10.25% alcoholic beverages sold for off-the-premises consumption)",
  "https://cfo.dc.gov/page/tax-rates-and-revenues-sales-and-use-taxes",
);
const OTR_2018 = source(
  "DC Office of Tax and Revenue, District of Columbia Tax Rates Changes Take Effect Monday, October 1 (2018: general 6%, off-premises alcohol 10.25%)",
  "https://otr.cfo.dc.gov/node/1353781",
);
// unverified here: the 6.5% (2025-10-01) and 7% (2026-10-01) steps were seen only on a secondary page (VATupdate,
// from vatcalc), described as proposed in the FY2025 budget; the OTR notice was not seen. The stored OCFO page still
// shows 6%. Check OTR before relying on them; the soft drink rate's own change, if any, is not known here.
const DC_STEPS = source(
  "VATupdate, Washington DC to increase sales tax rate to 7% by October 2026 (6.5% October 2025, 7% October 2026)",
  "https://www.vatupdate.com/2024/07/30/washington-dc-to-increase-sales-tax-rate-to-7-by-october-2026",
);

const general = (percent: number, from: string, to: string | undefined, src = DC_STEPS) => ({
  kind: "percent" as const,
  jurisdiction: "US-DC",
  taxType: "sales",
  // the general rate also reaches the delivery fee, taxed in DC (rules below)
  classes: [
    "nicotine" as const,
    "vapor" as const,
    "tobacco" as const,
    "general" as const,
    "delivery_fee" as const,
  ],
  ratePpm: pct(percent),
  effective: to ? { from, to } : { from },
  source: src,
});

export const washingtonDc: CityTaxes = {
  cityCode: "DCMETRO",
  jurisdictions: [{ id: "US-DC", name: "District of Columbia", level: "state", state: "DC" }],
  rates: [
    general(6, "2018-10-01", "2025-10-01", OTR_2018),
    general(6.5, "2025-10-01", "2026-10-01"),
    general(7, "2026-10-01", undefined),
    {
      kind: "percent",
      jurisdiction: "US-DC",
      taxType: "sales (off-premises alcohol)",
      classes: ["beer", "wine", "spirits"],
      ratePpm: pct(10.25),
      effective: { from: "2018-10-01" },
      source: OTR_2018,
    },
    {
      // Soft drinks (sweetened beverages, coffee and tea drinks) 8%: `soft_drink` only. Water and ice
      // (`non_alcoholic`) are groceries in DC, exempt: no rate reaches them.
      kind: "percent",
      jurisdiction: "US-DC",
      taxType: "sales (soft drinks)",
      classes: ["soft_drink"],
      ratePpm: pct(8),
      effective: { from: "2019-10-01" }, // unverified here: start date
      source: OCFO_RATES,
    },
  ],
  rules: {
    state: "DC",
    // One jurisdiction: the rate is the same wherever the store delivers in the District.
    sourcing: "destination",
    // unverified here: "sales price" includes delivery charges (D.C. Code §47-2001(n)(1)); the Code was not seen.
    deliveryFeeTaxable: true,
    // unverified here: a voluntary tip, not a service charge, is not taxable.
    tipTaxable: false,
    // unverified here: a vendor's own discount reduces the taxable price.
    discountReducesBase: true,
    // No container deposit in the District.
    depositTaxable: false,
    // unverified here: tax on the invoice's total.
    rounding: "per_invoice",
    sources: [
      OCFO_RATES,
      source(
        "Council of the District of Columbia, D.C. Code §47-2001, Definitions (sales price)",
        "https://code.dccouncil.gov/us/dc/council/code/sections/47-2001",
      ),
    ],
  },
};
