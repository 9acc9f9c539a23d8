import type { CityTaxes } from "../types.ts";
import { GOODS, ML_1_GALLON, pct, source } from "./common.ts";

/**
 * New York City, New York: 8.875% = New York State 4% + New York City 4.5% + Metropolitan Commuter Transportation
 * District 0.375%, on beer, wine, spirits and everything else sold here. Plus the State's 20% supplemental tax on
 * vapor products (imposed on the purchaser, collected by the dealer at retail) and the 5¢ bottle deposit.
 *
 * Left out, being collected upstream: New York State and City cigarette taxes (stamps bought by agents) and the
 * State's tobacco products tax (paid by distributors); the State's beer, wine and liquor excise (paid by
 * distributors). Food (snacks as groceries) is exempt in New York: no `food` rate.
 */

// unverified here: the 4% / 4.5% / 0.375% split and the 8.875% total were seen only on secondary pages (a forum and
// a quote of NYC Finance's page); cited is the Tax Department's Publication 718, not seen in a stored copy.
const PUB_718 = source(
  "NYS Department of Taxation and Finance, Publication 718, New York State Sales and Use Tax Rates by Jurisdiction",
  "https://www.tax.ny.gov/pdf/publications/sales/pub718.pdf",
);
const VAPOR = source(
  "NYS Department of Taxation and Finance, Vapor products (20% supplemental sales tax on retail sales, from December 1, 2019)",
  "https://tax.ny.gov/bus/vpt/default.htm",
);
const DEPOSIT = source(
  "NYC311, Bottle deposit refund (5¢ on containers under one gallon: carbonated soft drinks, water, soda water, beer, malt beverages, wine coolers)",
  "https://portal.311.nyc.gov/article/?kanumber=KA-02477",
);

export const newYork: CityTaxes = {
  cityCode: "NYC",
  jurisdictions: [
    { id: "US-NY", name: "New York State", level: "state", state: "NY" },
    { id: "US-NY-NYC", name: "City of New York", level: "city", state: "NY" },
    {
      id: "US-NY-MCTD",
      name: "Metropolitan Commuter Transportation District",
      level: "district",
      state: "NY",
    },
  ],
  rates: [
    {
      kind: "percent",
      jurisdiction: "US-NY",
      taxType: "sales",
      classes: GOODS,
      ratePpm: pct(4),
      effective: { from: "2005-06-01" },
      source: PUB_718,
    },
    {
      kind: "percent",
      jurisdiction: "US-NY-NYC",
      taxType: "sales",
      classes: GOODS,
      ratePpm: pct(4.5),
      effective: { from: "2009-08-01" },
      source: PUB_718,
    },
    {
      kind: "percent",
      jurisdiction: "US-NY-MCTD",
      taxType: "sales",
      classes: GOODS,
      ratePpm: pct(0.375),
      effective: { from: "2005-06-01" },
      source: PUB_718,
    },
    {
      // Vapor products only (e-cigarettes, liquids and gels for them, with or without nicotine): `vapor`, not the
      // pouches and gum of `nicotine`. It is on top of sales tax; whether sales tax also applies to it is not settled
      // here (both are charged on the price).
      kind: "percent",
      jurisdiction: "US-NY",
      taxType: "vapor products",
      classes: ["vapor"],
      ratePpm: pct(20),
      effective: { from: "2019-12-01" }, // also New York Tax Law §1181 (nysenate.gov), seen
      source: VAPOR,
    },
    {
      // Deposit on containers under one gallon of beer, malt beverages, wine coolers (not reached: they are `wine`
      // or `spirits` here), carbonated soft drinks (`soft_drink`) and water (`non_alcoholic`); none on wine or
      // liquor. `non_alcoholic` also holds ice and still juices, which carry none. unverified here: the deposit is
      // not part of taxable receipts (hence `depositTaxable: false` below).
      kind: "deposit",
      jurisdiction: "US-NY",
      taxType: "bottle deposit",
      classes: ["beer", "soft_drink", "non_alcoholic"],
      tiers: [{ belowMl: ML_1_GALLON, cents: 5 }, { cents: 0 }],
      effective: { from: "2009-10-31" }, // unverified here: the date water was added to the Returnable Container Act; beer and soda since 1983
      source: DEPOSIT,
    },
  ],
  rules: {
    state: "NY",
    // unverified here: New York taxes a delivered sale at the rate where the buyer takes delivery (Publication 750,
    // "A Guide to Sales Tax in New York State"); a store in the City delivering in the City charges 8.875% either way.
    sourcing: "destination",
    // TB-ST-838: a seller's charge for shipping or delivery of taxable goods is part of the taxable receipt.
    deliveryFeeTaxable: true,
    // unverified here: a voluntary gratuity, separately stated and given to the employee, is not taxable (TB-ST-283).
    tipTaxable: false,
    // unverified here: a store's own coupon or discount reduces the receipt; a reimbursed manufacturer's does not.
    discountReducesBase: true,
    // unverified here: the 5¢ deposit is not part of the taxable receipt (see the deposit's note above).
    depositTaxable: false,
    // unverified here: tax is computed on the receipt's total (Publication 750).
    rounding: "per_invoice",
    sources: [
      source(
        "NYS Department of Taxation and Finance, Tax Bulletin ST-838, Shipping and Delivery Charges",
        "https://tax.ny.gov/pubs_and_bulls/tg_bulletins/st/shipping_and_delivery_charges.htm",
      ),
    ],
  },
};
