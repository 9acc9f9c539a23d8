import type { CityTaxes, Rate } from "../types.ts";
import { GOODS, pct, source, usd } from "./common.ts";

/**
 * Chicago, Illinois (Cook County). General merchandise 10.25%: State 6.25% + RTA 1% + Cook County 1.75% + Chicago
 * 1.25%. Alcohol sold for consumption off the premises: 11.75% since Chicago's 2026 budget added a 1.5% city tax on
 * it, plus Chicago's and Cook County's liquor taxes per gallon (imposed on the retail sale, paid through the
 * wholesaler and recovered in the shelf price: `includedInPrice`, kept for the record, never charged at checkout),
 * plus the 3% soft drink tax on soft drinks and the checkout bag tax once per order. Illinois has no retail alcohol
 * tax of its own beyond sales tax (its liquor gallonage tax is paid by manufacturers and importing distributors) and
 * made no 2025 change to alcohol rates; its 2026 change is the repeal of the state's 1% grocery tax, which Chicago
 * did not re-impose (food below).
 *
 * Left out, being collected upstream and never charged at the register: Illinois, Cook County and Chicago cigarette
 * taxes (stamps bought by distributors), Illinois' tobacco products and electronic cigarette taxes (on the
 * distributor's wholesale price), Cook County's tobacco products / liquid nicotine tax and Chicago's electronic
 * cigarette and non-cigarette tobacco taxes (collected by wholesale dealers), Chicago's bottled water tax (collected
 * by wholesalers). The MPEA food and beverage tax (1%) covers prepared food and drink in its district, not packaged
 * goods delivered from a store: left out.
 */

const SOUTH_CHICAGO_HEIGHTS = source(
  "Village of South Chicago Heights, Sales Taxes (Cook County rates imposed by the State, the RTA and Cook County, as administered by the Illinois Department of Revenue)",
  "https://southchicagoheights.com/216/Sales-Taxes",
);
// unverified here: the 1.25% Chicago home-rule rate was seen only on antioch.il.gov (as added for vehicles titled to
// a Chicago address) and Chicago's 10.25% total only on secondary pages (Center Square, expatinfodesk); the Illinois
// Department of Revenue's tax rate finder (tax.illinois.gov) was not seen in a stored copy.
const ANTIOCH = source(
  "Village of Antioch, Village Taxes (notes the Chicago Home Rule Tax of 1.250%)",
  "https://antioch.il.gov/departments/finance/village-taxes/",
);
const CHICAGO_LIQUOR = source(
  "City of Chicago Department of Finance, Tax List: Liquor Tax (7573), Municipal Code 3-44",
  "https://www.chicago.gov/content/city/en/depts/fin/supp_info/revenue/tax_list/liquor_tax_.html",
);
// unverified here: Cook County's liquor tax page was seen but shows no rates; the rates below are the ordinance's as
// amended effective 2012-03-01 ($0.09 beer, $0.24 / $0.45 / $2.50 by strength), from memory of the County Code
// (ch. 74, art. IX), not from a stored page. The original ordinance seen had $0.06 / $0.16 / $0.30 / $2.00.
const COOK_LIQUOR = source(
  "Cook County Department of Revenue, Liquor Tax (Cook County Alcoholic Beverage Ordinance, Chapter 74, Article IX)",
  "https://www.cookcountyil.gov/department-of-revenue/liquor-tax/",
);
const IDOR_SOFT_DRINK = source(
  "Illinois Department of Revenue, Chicago Home-Rule Municipal Soft Drink Tax",
  "https://tax.illinois.gov/localgovernments/chicagosoftdrink.html",
);
const GROCERY_REPEAL = source(
  "Spectrum News, Pritzker signs HB3144: state 1% grocery tax eliminated January 1, 2026 (local option to impose it)",
  "https://spectrumlocalnews.com/mo/st-louis/news/2024/08/05/pritzker-state-grocery-tax-eliminated",
);
const CHICAGO_2026_BUDGET = source(
  "WTTW News, Chicago's 2026 Budget Takes Effect, Forcing Chicagoans to Pay More for Shopping Bags, Uber Rides, Booze, Online Gaming — But Grocery Tax Eliminated (Dec. 31, 2025)",
  "https://news.wttw.com/2025/12/31/chicago-s-2026-budget-takes-effect-forcing-chicagoans-pay-more-shopping-bags-uber-rides",
);
// unverified here: the 1.5% rate and that it is in force were seen on Chowhound (2026-03-03: "officially gone into
// effect", off-premises only, added at the register like sales tax, alcohol now 11.75%); its start date was not seen
// (2026-03-01 assumed) and neither was the City's ordinance or Department of Finance page.
const CHICAGO_RETAIL_LIQUOR = source(
  "Chowhound, Chicago's Controversial New Liquor Tax Is Finally In Effect (1.5% on alcohol for off-premises consumption)",
  "https://www.chowhound.com/2114030/chicago-liquor-new-tax-increase/",
);
const BAG_2017 = source(
  "Simek Scott, Chicago Imposes New Tax on Checkout Bags ($0.07 per checkout bag from February 1, 2017)",
  "https://www.simekscott.com/chicago-checkout-bag-tax",
);
const BAG_2026 = source(
  "Chicago Morning Star, Chicago Implements New Local Taxes Under 2026 Budget ($0.15 per paper or plastic bag, up from $0.10)",
  "https://chicagomorningstar.com/chicago-implements-new-local-taxes-under-2026-budget",
);

const rates: Rate[] = [
  // General merchandise: everything a store sells here except qualifying food (below).
  {
    kind: "percent",
    jurisdiction: "US-IL",
    taxType: "sales",
    classes: GOODS,
    ratePpm: pct(6.25),
    effective: { from: "2002-07-01" }, // unverified here: start of the current 6.25% state rate (stored page gives the rate, not its date)
    source: SOUTH_CHICAGO_HEIGHTS,
  },
  {
    kind: "percent",
    jurisdiction: "US-IL-RTA",
    taxType: "sales",
    classes: GOODS,
    ratePpm: pct(1),
    effective: { from: "2008-04-01" },
    source: SOUTH_CHICAGO_HEIGHTS,
  },
  {
    kind: "percent",
    jurisdiction: "US-IL-COOK",
    taxType: "sales",
    classes: GOODS,
    ratePpm: pct(1.75),
    effective: { from: "2016-01-01" }, // unverified here: date of Cook County's rise to 1.75%
    source: SOUTH_CHICAGO_HEIGHTS,
  },
  {
    kind: "percent",
    jurisdiction: "US-IL-CHICAGO",
    taxType: "sales",
    classes: GOODS,
    ratePpm: pct(1.25),
    effective: { from: "2009-07-01" }, // unverified here: rate and date (see ANTIOCH)
    source: ANTIOCH,
  },
  // Qualifying food (groceries, snacks; not candy or soft drinks, which are general merchandise above): State 1%
  // until 2025-12-31, then 0 (HB3144); RTA 1.25% on it throughout. Chicago let the 1% lapse (CHICAGO_2026_BUDGET).
  {
    kind: "percent",
    jurisdiction: "US-IL",
    taxType: "sales (qualifying food)",
    classes: ["food"],
    ratePpm: pct(1),
    effective: { from: "2023-07-01", to: "2026-01-01" },
    source: GROCERY_REPEAL,
  },
  {
    kind: "percent",
    jurisdiction: "US-IL-RTA",
    taxType: "sales (qualifying food)",
    classes: ["food"],
    ratePpm: pct(1.25),
    effective: { from: "2008-04-01" },
    source: SOUTH_CHICAGO_HEIGHTS,
  },
  // Chicago's retail liquor tax from its 2026 budget: 1.5% on beer, wine and spirits sold for consumption off the
  // premises (every sale of this store), charged at the register.
  {
    kind: "percent",
    jurisdiction: "US-IL-CHICAGO",
    taxType: "retail liquor",
    classes: ["beer", "wine", "spirits"],
    ratePpm: pct(1.5),
    effective: { from: "2026-03-01" },
    source: CHICAGO_RETAIL_LIQUOR,
  },
  // Chicago Soft Drink Tax: 3% of gross receipts of canned or bottled soft drinks sold at retail: `soft_drink` only
  // (water, ice and other `non_alcoholic` goods are not soft drinks under the ordinance).
  {
    kind: "percent",
    jurisdiction: "US-IL-CHICAGO",
    taxType: "soft drink",
    classes: ["soft_drink"],
    ratePpm: pct(3),
    effective: { from: "1994-07-01" }, // unverified here: start date
    source: IDOR_SOFT_DRINK,
  },
  // Chicago Liquor Tax per gallon, by class ("14% or less", "more than 14% and less than 20%", "20% or more"). The
  // tax is on the retail sale but wholesalers collect it from the retailer when they sell the stock (Municipal Code
  // 3-44): a store that bought tax-paid stock has already paid it and recovers it in its shelf price. So it is
  // `includedInPrice`: kept for the record and the filing report, never charged again at checkout.
  {
    kind: "per_volume",
    includedInPrice: true,
    jurisdiction: "US-IL-CHICAGO",
    taxType: "liquor",
    classes: ["beer"],
    unit: "gallon",
    microDollarsPerUnit: usd(0.29),
    effective: { from: "2020-07-01" }, // the page names an amendment effective 2020-07-01; the rates predate it
    source: CHICAGO_LIQUOR,
  },
  {
    kind: "per_volume",
    includedInPrice: true,
    jurisdiction: "US-IL-CHICAGO",
    taxType: "liquor",
    classes: ["wine", "spirits"],
    maxAbv: 14,
    maxAbvInclusive: true,
    unit: "gallon",
    microDollarsPerUnit: usd(0.36),
    effective: { from: "2020-07-01" },
    source: CHICAGO_LIQUOR,
  },
  {
    kind: "per_volume",
    includedInPrice: true,
    jurisdiction: "US-IL-CHICAGO",
    taxType: "liquor",
    classes: ["wine", "spirits"],
    minAbv: 14,
    minAbvExclusive: true,
    maxAbv: 20,
    unit: "gallon",
    microDollarsPerUnit: usd(0.89),
    effective: { from: "2020-07-01" },
    source: CHICAGO_LIQUOR,
  },
  {
    kind: "per_volume",
    includedInPrice: true,
    jurisdiction: "US-IL-CHICAGO",
    taxType: "liquor",
    classes: ["wine", "spirits"],
    minAbv: 20,
    unit: "gallon",
    microDollarsPerUnit: usd(2.68),
    effective: { from: "2020-07-01" },
    source: CHICAGO_LIQUOR,
  },
  // Cook County Alcoholic Beverage Tax per gallon. Its ordinance (seen in its original text, on docstoc.com) puts the
  // tax on the purchaser, has wholesale dealers collect it, and makes it a violation for a retailer "to fail to
  // include the tax imposed herein in the sale price": it belongs in the shelf price, so `includedInPrice`, never a
  // tax line. unverified here: the four current rates (see COOK_LIQUOR).
  {
    kind: "per_volume",
    includedInPrice: true,
    jurisdiction: "US-IL-COOK",
    taxType: "alcoholic beverage",
    classes: ["beer"],
    unit: "gallon",
    microDollarsPerUnit: usd(0.09),
    effective: { from: "2012-03-01" },
    source: COOK_LIQUOR,
  },
  {
    kind: "per_volume",
    includedInPrice: true,
    jurisdiction: "US-IL-COOK",
    taxType: "alcoholic beverage",
    classes: ["wine", "spirits"],
    maxAbv: 14,
    maxAbvInclusive: true,
    unit: "gallon",
    microDollarsPerUnit: usd(0.24),
    effective: { from: "2012-03-01" },
    source: COOK_LIQUOR,
  },
  {
    kind: "per_volume",
    includedInPrice: true,
    jurisdiction: "US-IL-COOK",
    taxType: "alcoholic beverage",
    classes: ["wine", "spirits"],
    minAbv: 14,
    minAbvExclusive: true,
    maxAbv: 20,
    unit: "gallon",
    microDollarsPerUnit: usd(0.45),
    effective: { from: "2012-03-01" },
    source: COOK_LIQUOR,
  },
  {
    kind: "per_volume",
    includedInPrice: true,
    jurisdiction: "US-IL-COOK",
    taxType: "alcoholic beverage",
    classes: ["wine", "spirits"],
    minAbv: 20,
    unit: "gallon",
    microDollarsPerUnit: usd(2.5),
    effective: { from: "2012-03-01" },
    source: COOK_LIQUOR,
  },
  // Chicago Checkout Bag Tax, per paper or plastic bag a store provides to carry goods away: 7¢ from 2017-02-01,
  // raised to 10¢ and then, by the 2026 budget, to 15¢ from 2026-01-01. Charged once per order for the one bag a
  // delivery is handed over in (a store using more bags, or none, must say so: the vocabulary counts one per order).
  // unverified here: the date of the rise to 10¢ (2025-01-01, the 2025 budget, assumed; the 2026 stories say "up
  // from the previous $0.10"), and that bags used for delivery are taxed like those carried out of the store.
  {
    kind: "per_order",
    jurisdiction: "US-IL-CHICAGO",
    taxType: "checkout bag",
    classes: [],
    cents: 7,
    effective: { from: "2017-02-01", to: "2025-01-01" },
    source: BAG_2017,
  },
  {
    kind: "per_order",
    jurisdiction: "US-IL-CHICAGO",
    taxType: "checkout bag",
    classes: [],
    cents: 10,
    effective: { from: "2025-01-01", to: "2026-01-01" },
    source: BAG_2026,
  },
  {
    kind: "per_order",
    jurisdiction: "US-IL-CHICAGO",
    taxType: "checkout bag",
    classes: [],
    cents: 15,
    effective: { from: "2026-01-01" },
    source: BAG_2026,
  },
];

export const chicago: CityTaxes = {
  cityCode: "CHI",
  jurisdictions: [
    { id: "US-IL", name: "Illinois", level: "state", state: "IL" },
    { id: "US-IL-COOK", name: "Cook County", level: "county", state: "IL" },
    { id: "US-IL-CHICAGO", name: "City of Chicago", level: "city", state: "IL" },
    { id: "US-IL-RTA", name: "Regional Transportation Authority", level: "district", state: "IL" },
  ],
  rates,
  rules: {
    state: "IL",
    // unverified here: Illinois taxes an in-state retailer's sale where its selling activity happens (86 Ill. Adm.
    // Code 270.115, 320.115): the store's jurisdictions. The 2025 "leveling the playing field" change sends sales to
    // the destination only for retailers selling into Illinois from outside the state.
    sourcing: "origin",
    // Kean v. Wal-Mart (Ill. 2009): shipping charges are part of the taxable selling price where delivery is
    // inherent in the sale (no separate contract, no way to take the goods without it), as with this store.
    deliveryFeeTaxable: true,
    // unverified here: a voluntary tip, separately stated and paid over to the driver, is not gross receipts.
    tipTaxable: false,
    // unverified here: a retailer's own discount (not reimbursed by a manufacturer) reduces gross receipts.
    discountReducesBase: true,
    // No container deposit in Illinois.
    depositTaxable: false,
    // unverified here: tax computed on the invoice's taxable total, rounded half up to the cent.
    rounding: "per_invoice",
    sources: [
      source(
        "Kean v. Wal-Mart Stores, Inc., 235 Ill. 2d 351 (2009), Illinois Supreme Court",
        "https://caselaw.findlaw.com/court/il-supreme-court/1500799.html",
      ),
      // Not a rule: kept with them as the record of the city's 2026 changes (grocery tax lapsed, liquor tax added).
      CHICAGO_2026_BUDGET,
    ],
  },
};
