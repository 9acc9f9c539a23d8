import type { CityTaxes } from "../types.ts";
import { GOODS, pct, source } from "./common.ts";

/**
 * Austin, Texas: 8.25% = Texas 6.25% + City of Austin 1% + Capital Metropolitan Transportation Authority 1%, on
 * beer, wine and spirits sold for off-premises consumption and on everything else sold here.
 *
 * Left out: the 6.7% mixed beverage gross receipts tax and the 8.25% mixed beverage sales tax apply only to drinks
 * sold for consumption on the premises (bars, restaurants), never to a package store's delivered sale. Cigarette,
 * tobacco products and alcohol excise taxes are paid upstream (stamps, distributors, permittees). Snack food sold as
 * groceries is exempt: no `food` rate.
 */

const COMPTROLLER_FAQ = source(
  "Texas Comptroller, Texas Sales and Use Tax Frequently Asked Questions: Sales Tax Collection (Austin 8.25%; tax on the invoice's total; rounding)",
  "https://comptroller.texas.gov/taxes/sales/faq/collection.php",
);
// unverified here: the 1% city / 1% Capital Metro split was not seen on a stored page; the 8.25% total for Austin
// and the 2% local cap were (COMPTROLLER_FAQ), which the two rates below cite.

export const austin: CityTaxes = {
  cityCode: "ATX",
  jurisdictions: [
    { id: "US-TX", name: "Texas", level: "state", state: "TX" },
    { id: "US-TX-AUSTIN", name: "City of Austin", level: "city", state: "TX" },
    {
      id: "US-TX-CAPMETRO",
      name: "Capital Metropolitan Transportation Authority",
      level: "district",
      state: "TX",
    },
  ],
  rates: [
    {
      kind: "percent",
      jurisdiction: "US-TX",
      taxType: "sales",
      classes: GOODS,
      ratePpm: pct(6.25),
      effective: { from: "1990-07-01" },
      source: COMPTROLLER_FAQ,
    },
    {
      kind: "percent",
      jurisdiction: "US-TX-AUSTIN",
      taxType: "sales",
      classes: GOODS,
      ratePpm: pct(1),
      effective: { from: "1986-01-01" }, // unverified here: date
      source: COMPTROLLER_FAQ,
    },
    {
      kind: "percent",
      jurisdiction: "US-TX-CAPMETRO",
      taxType: "sales",
      classes: GOODS,
      ratePpm: pct(1),
      effective: { from: "1995-01-01" }, // unverified here: date
      source: COMPTROLLER_FAQ,
    },
  ],
  rules: {
    state: "TX",
    // unverified here: Texas local sales tax is due where the seller's place of business is for an in-state seller
    // (origin; Comptroller, "Guidelines for Local Sales and Use Tax", 34 TAC §3.334). A store in Austin delivering in
    // Austin charges Austin's rates either way.
    sourcing: "origin",
    // Delivery and shipping charges on the sale of a taxable item are part of its sales price, stated separately or
    // not (34 TAC §3.303). Seen on LegalClarity, which cites the rule; the rule itself was not seen.
    deliveryFeeTaxable: true,
    // unverified here: a voluntary tip the customer chooses to give is not part of the sales price (34 TAC §3.293).
    tipTaxable: false,
    // unverified here: a seller's discount given at the time of sale reduces the taxable sales price.
    discountReducesBase: true,
    // No container deposit in Texas.
    depositTaxable: false,
    // "If you sell multiple taxable items on one invoice, then you must compute the tax on the total sum of the
    // sales prices", rounded half up at the third decimal (COMPTROLLER_FAQ).
    rounding: "per_invoice",
    sources: [
      COMPTROLLER_FAQ,
      source(
        "LegalClarity, When Is Shipping Taxable in Texas? (citing 34 Tex. Admin. Code §3.303)",
        "https://legalclarity.org/when-is-shipping-taxable-in-texas",
      ),
    ],
  },
};
