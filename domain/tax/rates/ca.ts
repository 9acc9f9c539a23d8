import type { DepositRate, Jurisdiction, PercentRate, StateRules } from "../types.ts";
import { GOODS, ML_24_FL_OZ, pct, source } from "./common.ts";

/**
 * What Los Angeles, San Francisco and San José share: California's statewide 7.25% (State 6% + Bradley-Burns local
 * 1%, paid to the city (or to the county where unincorporated), + 0.25% county transportation fund), the CRV, and
 * the state's rules. California has no retail alcohol tax beyond sales tax (its beer, wine and spirits excise is
 * paid by manufacturers and wholesalers). Its cigarette and tobacco products taxes are collected from distributors;
 * the Electronic Cigarette Excise Tax is collected at retail (CECET below). Groceries and snack food for home
 * consumption are exempt: no `food` rate.
 */

export const CA: Jurisdiction = { id: "US-CA", name: "California", level: "state", state: "CA" };

/**
 * California Electronic Cigarette Excise Tax: 12.5% of the retail selling price of electronic cigarettes containing or
 * sold with nicotine, from 2022-07-01, collected by the retailer from the purchaser at the sale, in addition to sales
 * and use tax (Rev. & Tax. Code §31002; CDTFA's tax guide). Charged at the register, so on `vapor`. Gaps: `vapor`
 * also holds nicotine-free e-liquids, which this does not reach (the catalogue must keep them out of `vapor`, or the
 * vocabulary split them); whether sales tax is due on the CECET itself is not settled here (each is charged on the
 * price).
 */
export const CECET: PercentRate = {
  kind: "percent",
  jurisdiction: "US-CA",
  taxType: "electronic cigarette excise",
  classes: ["vapor"],
  ratePpm: pct(12.5),
  effective: { from: "2022-07-01" },
  source: source(
    "CDTFA, Tax Guide for California Electronic Cigarette Excise Tax (12.5% of the retail selling price, collected from the purchaser at the time of sale from July 1, 2022, in addition to sales and use tax)",
    "https://www.cdtfa.ca.gov/taxes-and-fees/electronic-cigarette-excise-tax.htm",
  ),
};

// unverified here: the 6% / 1% / 0.25% split of the 7.25% base was seen only on secondary pages (legalclarity.org,
// zamp.com) that cite CDTFA's "California City and County Sales and Use Tax Rates".
export const CDTFA_RATES = source(
  "CDTFA, California City and County Sales and Use Tax Rates",
  "https://www.cdtfa.ca.gov/taxes-and-fees/sales-use-tax-rates.htm",
);

/** The state's 6% and the 0.25% county transportation fund, for a county id. The 1% local goes to `localId`. */
export const californiaBase = (countyId: string, localId: string): PercentRate[] => [
  {
    kind: "percent",
    jurisdiction: CA.id,
    taxType: "sales",
    classes: GOODS,
    ratePpm: pct(6),
    effective: { from: "2017-01-01" }, // unverified here: date the state portion became 6% (Prop 30's 0.25% ended)
    source: CDTFA_RATES,
  },
  {
    kind: "percent",
    jurisdiction: countyId,
    taxType: "sales (county transportation fund)",
    classes: GOODS,
    ratePpm: pct(0.25),
    effective: { from: "2016-01-01" }, // unverified here: date
    source: CDTFA_RATES,
  },
  {
    kind: "percent",
    jurisdiction: localId,
    taxType: "sales (Bradley-Burns local)",
    classes: GOODS,
    ratePpm: pct(1),
    effective: { from: "2016-01-01" }, // unverified here: date (the triple flip ended 2016-01-01)
    source: CDTFA_RATES,
  },
];

/**
 * California Redemption Value: 5¢ a container under 24 fl oz, 10¢ from 24 fl oz, on beer and malt beverages, wine
 * and distilled-spirit coolers, soft drinks, water, coffee and tea drinks, sports drinks (aluminium, glass, plastic,
 * bimetal); not wine or spirits. It is subject to sales tax when the beverage is (CalRecycle), so the engine must add
 * it to the taxable base (`depositTaxable` in CA_RULES). Gaps of the vocabulary: coolers are `wine`/`spirits` here
 * and are not reached; since 2024-01-01 wine and spirits in boxes, bladders and pouches carry 25¢ (a container kind
 * the vocabulary lacks); and `non_alcoholic` (water, which carries it) also holds ice, which carries none.
 */
export const CRV: DepositRate = {
  kind: "deposit",
  jurisdiction: CA.id,
  taxType: "CRV",
  classes: ["beer", "soft_drink", "non_alcoholic"],
  tiers: [{ belowMl: ML_24_FL_OZ, cents: 5 }, { cents: 10 }],
  effective: { from: "2007-07-01" },
  source: source(
    "CalRecycle, California Redemption Value (CRV) on receipts (5¢ under 24 oz, 10¢ for 24 oz or more, effective July 1, 2007; CRV subject to sales tax when the beverage is)",
    "https://calrecycle.ca.gov/BevContainer/Retailers/CRVReceipts/",
  ),
};

export const CA_RULES: StateRules = {
  state: "CA",
  // A retailer delivering in its own vehicles is engaged in business in every district it delivers into, so district
  // taxes follow the delivery address (Rev. & Tax. Code §7262–7263; CDTFA Publication 105). unverified here:
  // Publication 105 was not seen in a stored copy.
  sourcing: "destination",
  // CDTFA annotation 557.0104: a wine retailer delivering in its own vans for a flat, separately stated charge, with
  // no agreement passing title before delivery, owes tax on the delivery charge (Regulation 1628(b)).
  deliveryFeeTaxable: true,
  // unverified here: Regulation 1603(h): a voluntary gratuity paid over to the employee is not gross receipts.
  tipTaxable: false,
  // unverified here: Regulation 1671.1: a retailer's own coupon or discount, not reimbursed, reduces gross receipts.
  discountReducesBase: true,
  // The CRV is subject to sales tax when the beverage is (CalRecycle, on the CRV rate's source).
  depositTaxable: true,
  // unverified here: Regulation 1700(b): reimbursement is computed on the invoice's total, rounded half up.
  rounding: "per_invoice",
  sources: [
    source(
      "CDTFA, Business Taxes Law Guide, Annotation 557.0104 Delivery Charges (Regulation 1628)",
      "https://www.cdtfa.ca.gov/lawguides/vol2/suta/557-0104.html",
    ),
    source(
      "CDTFA, Sales and Use Tax Regulations, Article 12, Regulation 1628 Transportation Charges",
      "https://cdtfa.ca.gov/lawguides/vol1/sutr/sales-and-use-tax-regulations-art12-all.html",
    ),
  ],
};
