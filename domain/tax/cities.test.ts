/**
 * Worked examples for every seeded city (issue 33 §1, evidence): the same cart taxed by the engine from the real rate
 * data (`rates/`), each tax line worked out by hand in the comments, so a change of data or engine that moves a cent
 * fails here with the arithmetic to check it against.
 *
 * The cart, on 2026-11-29, store and delivery address in the same city (so origin and destination agree):
 * - beer: a 6-pack of 12 oz cans (6 × 355 ml, 5%), $12.99
 * - wine: 750 ml at 13.5%, $18.99
 * - spirits: 750 ml at 40%, $29.99
 * - tobacco: a cigar pack, $11.50
 * - soda: a 2 l bottle of cola (`soft_drink`), $2.99
 * - snack: chips (`food`), $4.99
 * A 10% promo spread over the lines (10% of each, to the cent): 130 + 190 + 300 + 115 + 30 + 50 = 815 of 8145, so
 * the bases after it are beer 1169, wine 1709, spirits 2699, tobacco 1035, soda 269, snack 449. A $4.99 delivery fee
 * (the line `delivery_fee`, 499) and a $5 tip (never taxed in these cities).
 *
 * Every seeded state rounds per invoice: each (jurisdiction, tax type) is summed exactly over the lines, rounded half
 * up once, and shared back to the lines by largest remainder ("shares", "whole cents", "+1 to"). Amounts are cents.
 * The refund of the wine line in full gives back exactly its charged tax lines.
 */
import { describe, expect, it } from "vitest";
import { computeTax, type TaxResult } from "./compute.ts";
import { CITY_TAXES } from "./rates/index.ts";
import { refundTax } from "./refund.ts";
import { ratesIn, sourcedJurisdictions } from "./sourcing.ts";
import type { CityTaxes, TaxableLine } from "./types.ts";

const ON = "2026-11-29";

const line = (
  id: string,
  taxClass: TaxableLine["taxClass"],
  amount: number,
  quantity: number,
  volumeMl: number | null,
  abv: number | null,
): TaxableLine => ({ id, taxClass, amount, discount: Math.round(amount / 10), quantity, volumeMl, abv });

const CART: TaxableLine[] = [
  line("beer", "beer", 1299, 6, 355, 5),
  line("wine", "wine", 1899, 1, 750, 13.5),
  line("spirits", "spirits", 2999, 1, 750, 40),
  line("tobacco", "tobacco", 1150, 1, null, null),
  line("soda", "soft_drink", 299, 1, 2000, null),
  line("snack", "food", 499, 1, null, null),
];

function taxOf(code: string): TaxResult {
  const city = CITY_TAXES[code] as CityTaxes;
  const here = city.jurisdictions.map((j) => j.id);
  const jurisdictions = sourcedJurisdictions(city.rules.sourcing, here, here);
  return computeTax({
    lines: CART,
    deliveryFee: 499,
    tip: 500,
    rates: ratesIn(city.rates, jurisdictions),
    rules: city.rules,
    on: ON,
  });
}

/** The result as "line jurisdiction taxType" → cents, for readable expectations. */
const table = (lines: TaxResult["lines"]) =>
  Object.fromEntries(lines.map((l) => [`${l.lineId} ${l.jurisdiction} ${l.taxType}`, l.cents]));

/** The wine line refunded in full, after nothing else was. */
const wineRefund = (result: TaxResult) =>
  refundTax(result.lines, [{ lineId: "wine", fraction: { num: 1, den: 1 }, before: { num: 0, den: 1 } }], []);

describe("the discounts", () => {
  it("are 10% of each line to the cent, 815 in all", () => {
    expect(CART.map((l) => l.discount)).toEqual([130, 190, 300, 115, 30, 50]);
    expect(CART.reduce((sum, l) => sum + l.discount, 0)).toBe(815);
  });
});

describe("CHI: Chicago", () => {
  // Origin sourcing (store and address both in Chicago); the delivery fee taxable (Kean v. Wal-Mart), the tip not;
  // the promo reduces the base; rounded per invoice; no deposit. Not charged: the per-gallon liquor taxes of Chicago
  // and Cook County (included in the shelf price). The snack pays only the RTA's 1.25% on qualifying food (the
  // State's 1% lapsed 2026-01-01); the soda pays the 3% soft drink tax on top of 10.25%; alcohol 1.5% on top.
  const result = taxOf("CHI");

  it("charges these tax lines, and their sum", () => {
    expect(table(result.lines)).toEqual({
      // US-IL sales 6.25%: (beer 1169 + wine 1709 + spirits 2699 + tobacco 1035 + soda 269 + delivery_fee 499) = 7380 × 6.25% = 461.25 → 461
      //   shares beer 73.0625, wine 106.8125, spirits 168.6875, tobacco 64.6875, soda 16.8125, delivery_fee 31.1875; whole cents 458, +1 to wine, soda, spirits
      "beer US-IL sales": 73,
      "wine US-IL sales": 107,
      "spirits US-IL sales": 169,
      "tobacco US-IL sales": 64,
      "soda US-IL sales": 17,
      "delivery_fee US-IL sales": 31,
      // US-IL-RTA sales 1%: (beer 1169 + wine 1709 + spirits 2699 + tobacco 1035 + soda 269 + delivery_fee 499) = 7380 × 1% = 73.8 → 74
      //   shares beer 11.69, wine 17.09, spirits 26.99, tobacco 10.35, soda 2.69, delivery_fee 4.99; whole cents 70, +1 to spirits, delivery_fee, beer, soda
      "beer US-IL-RTA sales": 12,
      "wine US-IL-RTA sales": 17,
      "spirits US-IL-RTA sales": 27,
      "tobacco US-IL-RTA sales": 10,
      "soda US-IL-RTA sales": 3,
      "delivery_fee US-IL-RTA sales": 5,
      // US-IL-COOK sales 1.75%: (beer 1169 + wine 1709 + spirits 2699 + tobacco 1035 + soda 269 + delivery_fee 499) = 7380 × 1.75% = 129.15 → 129
      //   shares beer 20.4575, wine 29.9075, spirits 47.2325, tobacco 18.1125, soda 4.7075, delivery_fee 8.7325; whole cents 126, +1 to wine, delivery_fee, soda
      "beer US-IL-COOK sales": 20,
      "wine US-IL-COOK sales": 30,
      "spirits US-IL-COOK sales": 47,
      "tobacco US-IL-COOK sales": 18,
      "soda US-IL-COOK sales": 5,
      "delivery_fee US-IL-COOK sales": 9,
      // US-IL-CHICAGO sales 1.25%: (beer 1169 + wine 1709 + spirits 2699 + tobacco 1035 + soda 269 + delivery_fee 499) = 7380 × 1.25% = 92.25 → 92
      //   shares beer 14.6125, wine 21.3625, spirits 33.7375, tobacco 12.9375, soda 3.3625, delivery_fee 6.2375; whole cents 89, +1 to tobacco, spirits, beer
      "beer US-IL-CHICAGO sales": 15,
      "wine US-IL-CHICAGO sales": 21,
      "spirits US-IL-CHICAGO sales": 34,
      "tobacco US-IL-CHICAGO sales": 13,
      "soda US-IL-CHICAGO sales": 3,
      "delivery_fee US-IL-CHICAGO sales": 6,
      // US-IL-CHICAGO retail liquor 1.5%: (beer 1169 + wine 1709 + spirits 2699) = 5577 × 1.5% = 83.655 → 84
      //   shares beer 17.535, wine 25.635, spirits 40.485; whole cents 82, +1 to wine, beer
      "beer US-IL-CHICAGO retail liquor": 18,
      "wine US-IL-CHICAGO retail liquor": 26,
      "spirits US-IL-CHICAGO retail liquor": 40,
      // US-IL-CHICAGO soft drink 3%: (soda 269) = 269 × 3% = 8.07 → 8
      "soda US-IL-CHICAGO soft drink": 8,
      // US-IL-RTA sales (qualifying food) 1.25%: (snack 449) = 449 × 1.25% = 5.6125 → 6
      "snack US-IL-RTA sales (qualifying food)": 6,
      // US-IL-CHICAGO checkout bag: order 15¢ once = 15 → 15
      "order US-IL-CHICAGO checkout bag": 15,
    });
    expect(result.total).toBe(869); // 461 + 74 + 129 + 92 + 84 + 8 + 6 + 15
  });

  it("refunds the wine line: in full exactly as charged, in halves adding up to it", () => {
    const refund = wineRefund(result);
    expect(table(refund)).toEqual({
      "wine US-IL sales": 107,
      "wine US-IL-RTA sales": 17,
      "wine US-IL-COOK sales": 30,
      "wine US-IL-CHICAGO sales": 21,
      "wine US-IL-CHICAGO retail liquor": 26,
    });
    expect(refund.reduce((sum, l) => sum + l.cents, 0)).toBe(201); // 107 + 17 + 30 + 21 + 26
    // half the wine returned: each of its tax lines × 1/2, rounded half up; the other half gives the rest
    const half = { lineId: "wine", fraction: { num: 1, den: 2 } };
    const first = refundTax(result.lines, [{ ...half, before: { num: 0, den: 1 } }], []);
    expect(table(first)).toEqual({
      "wine US-IL sales": 54, // 107 / 2 = 53.5
      "wine US-IL-RTA sales": 9, // 17 / 2 = 8.5
      "wine US-IL-COOK sales": 15, // 30 / 2 = 15
      "wine US-IL-CHICAGO sales": 11, // 21 / 2 = 10.5
      "wine US-IL-CHICAGO retail liquor": 13, // 26 / 2 = 13
    });
    const second = refundTax(result.lines, [{ ...half, before: { num: 1, den: 2 } }], first);
    expect(table(second)).toEqual({
      "wine US-IL sales": 53, // 107 − 54
      "wine US-IL-RTA sales": 8, // 17 − 9
      "wine US-IL-COOK sales": 15, // 30 − 15
      "wine US-IL-CHICAGO sales": 10, // 21 − 11
      "wine US-IL-CHICAGO retail liquor": 13, // 26 − 13
    });
  });
});

describe("LA: Los Angeles", () => {
  // Destination sourcing; fee taxable, tip not; promo reduces the base; per invoice. The CRV (5¢ a can under 24
  // fl oz, 10¢ for the 2 l bottle) is charged and, California taxing it with the drink, joins the beer's and the
  // soda's base (beer 1169 + 30 = 1199, soda 269 + 10 = 279). The snack is exempt.
  const result = taxOf("LA");

  it("charges these tax lines, and their sum", () => {
    expect(table(result.lines)).toEqual({
      // US-CA sales 6%: (beer 1199 + wine 1709 + spirits 2699 + tobacco 1035 + soda 279 + delivery_fee 499) = 7420 × 6% = 445.2 → 445
      //   shares beer 71.94, wine 102.54, spirits 161.94, tobacco 62.1, soda 16.74, delivery_fee 29.94; whole cents 441, +1 to beer, spirits, delivery_fee, soda
      "beer US-CA sales": 72,
      "wine US-CA sales": 102,
      "spirits US-CA sales": 162,
      "tobacco US-CA sales": 62,
      "soda US-CA sales": 17,
      "delivery_fee US-CA sales": 30,
      // US-CA-LAC sales (county transportation fund) 0.25%: (beer 1199 + wine 1709 + spirits 2699 + tobacco 1035 + soda 279 + delivery_fee 499) = 7420 × 0.25% = 18.55 → 19
      //   shares beer 2.9975, wine 4.2725, spirits 6.7475, tobacco 2.5875, soda 0.6975, delivery_fee 1.2475; whole cents 15, +1 to beer, spirits, soda, tobacco
      "beer US-CA-LAC sales (county transportation fund)": 3,
      "wine US-CA-LAC sales (county transportation fund)": 4,
      "spirits US-CA-LAC sales (county transportation fund)": 7,
      "tobacco US-CA-LAC sales (county transportation fund)": 3,
      "soda US-CA-LAC sales (county transportation fund)": 1,
      "delivery_fee US-CA-LAC sales (county transportation fund)": 1,
      // US-CA-LOS-ANGELES sales (Bradley-Burns local) 1%: (beer 1199 + wine 1709 + spirits 2699 + tobacco 1035 + soda 279 + delivery_fee 499) = 7420 × 1% = 74.2 → 74
      //   shares beer 11.99, wine 17.09, spirits 26.99, tobacco 10.35, soda 2.79, delivery_fee 4.99; whole cents 70, +1 to beer, spirits, delivery_fee, soda
      "beer US-CA-LOS-ANGELES sales (Bradley-Burns local)": 12,
      "wine US-CA-LOS-ANGELES sales (Bradley-Burns local)": 17,
      "spirits US-CA-LOS-ANGELES sales (Bradley-Burns local)": 27,
      "tobacco US-CA-LOS-ANGELES sales (Bradley-Burns local)": 10,
      "soda US-CA-LOS-ANGELES sales (Bradley-Burns local)": 3,
      "delivery_fee US-CA-LOS-ANGELES sales (Bradley-Burns local)": 5,
      // US-CA-LAC-PROP-A sales (district) 0.5%: (beer 1199 + wine 1709 + spirits 2699 + tobacco 1035 + soda 279 + delivery_fee 499) = 7420 × 0.5% = 37.1 → 37
      //   shares beer 5.995, wine 8.545, spirits 13.495, tobacco 5.175, soda 1.395, delivery_fee 2.495; whole cents 34, +1 to beer, wine, spirits
      "beer US-CA-LAC-PROP-A sales (district)": 6,
      "wine US-CA-LAC-PROP-A sales (district)": 9,
      "spirits US-CA-LAC-PROP-A sales (district)": 14,
      "tobacco US-CA-LAC-PROP-A sales (district)": 5,
      "soda US-CA-LAC-PROP-A sales (district)": 1,
      "delivery_fee US-CA-LAC-PROP-A sales (district)": 2,
      // US-CA-LAC-PROP-C sales (district) 0.5%: (beer 1199 + wine 1709 + spirits 2699 + tobacco 1035 + soda 279 + delivery_fee 499) = 7420 × 0.5% = 37.1 → 37
      //   shares beer 5.995, wine 8.545, spirits 13.495, tobacco 5.175, soda 1.395, delivery_fee 2.495; whole cents 34, +1 to beer, wine, spirits
      "beer US-CA-LAC-PROP-C sales (district)": 6,
      "wine US-CA-LAC-PROP-C sales (district)": 9,
      "spirits US-CA-LAC-PROP-C sales (district)": 14,
      "tobacco US-CA-LAC-PROP-C sales (district)": 5,
      "soda US-CA-LAC-PROP-C sales (district)": 1,
      "delivery_fee US-CA-LAC-PROP-C sales (district)": 2,
      // US-CA-LAC-MEASURE-R sales (district) 0.5%: (beer 1199 + wine 1709 + spirits 2699 + tobacco 1035 + soda 279 + delivery_fee 499) = 7420 × 0.5% = 37.1 → 37
      //   shares beer 5.995, wine 8.545, spirits 13.495, tobacco 5.175, soda 1.395, delivery_fee 2.495; whole cents 34, +1 to beer, wine, spirits
      "beer US-CA-LAC-MEASURE-R sales (district)": 6,
      "wine US-CA-LAC-MEASURE-R sales (district)": 9,
      "spirits US-CA-LAC-MEASURE-R sales (district)": 14,
      "tobacco US-CA-LAC-MEASURE-R sales (district)": 5,
      "soda US-CA-LAC-MEASURE-R sales (district)": 1,
      "delivery_fee US-CA-LAC-MEASURE-R sales (district)": 2,
      // US-CA-LAC-MEASURE-M sales (district) 0.5%: (beer 1199 + wine 1709 + spirits 2699 + tobacco 1035 + soda 279 + delivery_fee 499) = 7420 × 0.5% = 37.1 → 37
      //   shares beer 5.995, wine 8.545, spirits 13.495, tobacco 5.175, soda 1.395, delivery_fee 2.495; whole cents 34, +1 to beer, wine, spirits
      "beer US-CA-LAC-MEASURE-M sales (district)": 6,
      "wine US-CA-LAC-MEASURE-M sales (district)": 9,
      "spirits US-CA-LAC-MEASURE-M sales (district)": 14,
      "tobacco US-CA-LAC-MEASURE-M sales (district)": 5,
      "soda US-CA-LAC-MEASURE-M sales (district)": 1,
      "delivery_fee US-CA-LAC-MEASURE-M sales (district)": 2,
      // US-CA-LAC-HOMELESS sales (district, Measure A) 0.5%: (beer 1199 + wine 1709 + spirits 2699 + tobacco 1035 + soda 279 + delivery_fee 499) = 7420 × 0.5% = 37.1 → 37
      //   shares beer 5.995, wine 8.545, spirits 13.495, tobacco 5.175, soda 1.395, delivery_fee 2.495; whole cents 34, +1 to beer, wine, spirits
      "beer US-CA-LAC-HOMELESS sales (district, Measure A)": 6,
      "wine US-CA-LAC-HOMELESS sales (district, Measure A)": 9,
      "spirits US-CA-LAC-HOMELESS sales (district, Measure A)": 14,
      "tobacco US-CA-LAC-HOMELESS sales (district, Measure A)": 5,
      "soda US-CA-LAC-HOMELESS sales (district, Measure A)": 1,
      "delivery_fee US-CA-LAC-HOMELESS sales (district, Measure A)": 2,
      // US-CA CRV: beer 6 × 5¢ = 30 + soda 1 × 10¢ = 10 → 40
      //   shares beer 30, soda 10; whole cents 40
      "beer US-CA CRV": 30,
      "soda US-CA CRV": 10,
    });
    expect(result.total).toBe(763); // 445 + 19 + 74 + 37 + 37 + 37 + 37 + 37 + 40
  });

  it("refunds the wine line: in full exactly as charged, in halves adding up to it", () => {
    const refund = wineRefund(result);
    expect(table(refund)).toEqual({
      "wine US-CA sales": 102,
      "wine US-CA-LAC sales (county transportation fund)": 4,
      "wine US-CA-LOS-ANGELES sales (Bradley-Burns local)": 17,
      "wine US-CA-LAC-PROP-A sales (district)": 9,
      "wine US-CA-LAC-PROP-C sales (district)": 9,
      "wine US-CA-LAC-MEASURE-R sales (district)": 9,
      "wine US-CA-LAC-MEASURE-M sales (district)": 9,
      "wine US-CA-LAC-HOMELESS sales (district, Measure A)": 9,
    });
    expect(refund.reduce((sum, l) => sum + l.cents, 0)).toBe(168); // 102 + 4 + 17 + 9 + 9 + 9 + 9 + 9
    // half the wine returned: each of its tax lines × 1/2, rounded half up; the other half gives the rest
    const half = { lineId: "wine", fraction: { num: 1, den: 2 } };
    const first = refundTax(result.lines, [{ ...half, before: { num: 0, den: 1 } }], []);
    expect(table(first)).toEqual({
      "wine US-CA sales": 51, // 102 / 2 = 51
      "wine US-CA-LAC sales (county transportation fund)": 2, // 4 / 2 = 2
      "wine US-CA-LOS-ANGELES sales (Bradley-Burns local)": 9, // 17 / 2 = 8.5
      "wine US-CA-LAC-PROP-A sales (district)": 5, // 9 / 2 = 4.5
      "wine US-CA-LAC-PROP-C sales (district)": 5, // 9 / 2 = 4.5
      "wine US-CA-LAC-MEASURE-R sales (district)": 5, // 9 / 2 = 4.5
      "wine US-CA-LAC-MEASURE-M sales (district)": 5, // 9 / 2 = 4.5
      "wine US-CA-LAC-HOMELESS sales (district, Measure A)": 5, // 9 / 2 = 4.5
    });
    const second = refundTax(result.lines, [{ ...half, before: { num: 1, den: 2 } }], first);
    expect(table(second)).toEqual({
      "wine US-CA sales": 51, // 102 − 51
      "wine US-CA-LAC sales (county transportation fund)": 2, // 4 − 2
      "wine US-CA-LOS-ANGELES sales (Bradley-Burns local)": 8, // 17 − 9
      "wine US-CA-LAC-PROP-A sales (district)": 4, // 9 − 5
      "wine US-CA-LAC-PROP-C sales (district)": 4, // 9 − 5
      "wine US-CA-LAC-MEASURE-R sales (district)": 4, // 9 − 5
      "wine US-CA-LAC-MEASURE-M sales (district)": 4, // 9 − 5
      "wine US-CA-LAC-HOMELESS sales (district, Measure A)": 4, // 9 − 5
    });
  });
});

describe("SF: San Francisco", () => {
  // As Los Angeles (California's rules, CRV taxed with the drink): beer base 1169 + 30 = 1199, soda 269 + 10 = 279.
  // San Francisco's 0.25% and 1% both go to the City and County, as two tax types. The snack is exempt.
  const result = taxOf("SF");

  it("charges these tax lines, and their sum", () => {
    expect(table(result.lines)).toEqual({
      // US-CA sales 6%: (beer 1199 + wine 1709 + spirits 2699 + tobacco 1035 + soda 279 + delivery_fee 499) = 7420 × 6% = 445.2 → 445
      //   shares beer 71.94, wine 102.54, spirits 161.94, tobacco 62.1, soda 16.74, delivery_fee 29.94; whole cents 441, +1 to beer, spirits, delivery_fee, soda
      "beer US-CA sales": 72,
      "wine US-CA sales": 102,
      "spirits US-CA sales": 162,
      "tobacco US-CA sales": 62,
      "soda US-CA sales": 17,
      "delivery_fee US-CA sales": 30,
      // US-CA-SF sales (county transportation fund) 0.25%: (beer 1199 + wine 1709 + spirits 2699 + tobacco 1035 + soda 279 + delivery_fee 499) = 7420 × 0.25% = 18.55 → 19
      //   shares beer 2.9975, wine 4.2725, spirits 6.7475, tobacco 2.5875, soda 0.6975, delivery_fee 1.2475; whole cents 15, +1 to beer, spirits, soda, tobacco
      "beer US-CA-SF sales (county transportation fund)": 3,
      "wine US-CA-SF sales (county transportation fund)": 4,
      "spirits US-CA-SF sales (county transportation fund)": 7,
      "tobacco US-CA-SF sales (county transportation fund)": 3,
      "soda US-CA-SF sales (county transportation fund)": 1,
      "delivery_fee US-CA-SF sales (county transportation fund)": 1,
      // US-CA-SF sales (Bradley-Burns local) 1%: (beer 1199 + wine 1709 + spirits 2699 + tobacco 1035 + soda 279 + delivery_fee 499) = 7420 × 1% = 74.2 → 74
      //   shares beer 11.99, wine 17.09, spirits 26.99, tobacco 10.35, soda 2.79, delivery_fee 4.99; whole cents 70, +1 to beer, spirits, delivery_fee, soda
      "beer US-CA-SF sales (Bradley-Burns local)": 12,
      "wine US-CA-SF sales (Bradley-Burns local)": 17,
      "spirits US-CA-SF sales (Bradley-Burns local)": 27,
      "tobacco US-CA-SF sales (Bradley-Burns local)": 10,
      "soda US-CA-SF sales (Bradley-Burns local)": 3,
      "delivery_fee US-CA-SF sales (Bradley-Burns local)": 5,
      // US-CA-SF-SFTA sales (district) 0.5%: (beer 1199 + wine 1709 + spirits 2699 + tobacco 1035 + soda 279 + delivery_fee 499) = 7420 × 0.5% = 37.1 → 37
      //   shares beer 5.995, wine 8.545, spirits 13.495, tobacco 5.175, soda 1.395, delivery_fee 2.495; whole cents 34, +1 to beer, wine, spirits
      "beer US-CA-SF-SFTA sales (district)": 6,
      "wine US-CA-SF-SFTA sales (district)": 9,
      "spirits US-CA-SF-SFTA sales (district)": 14,
      "tobacco US-CA-SF-SFTA sales (district)": 5,
      "soda US-CA-SF-SFTA sales (district)": 1,
      "delivery_fee US-CA-SF-SFTA sales (district)": 2,
      // US-CA-SF-SFPF sales (district) 0.25%: (beer 1199 + wine 1709 + spirits 2699 + tobacco 1035 + soda 279 + delivery_fee 499) = 7420 × 0.25% = 18.55 → 19
      //   shares beer 2.9975, wine 4.2725, spirits 6.7475, tobacco 2.5875, soda 0.6975, delivery_fee 1.2475; whole cents 15, +1 to beer, spirits, soda, tobacco
      "beer US-CA-SF-SFPF sales (district)": 3,
      "wine US-CA-SF-SFPF sales (district)": 4,
      "spirits US-CA-SF-SFPF sales (district)": 7,
      "tobacco US-CA-SF-SFPF sales (district)": 3,
      "soda US-CA-SF-SFPF sales (district)": 1,
      "delivery_fee US-CA-SF-SFPF sales (district)": 1,
      // US-CA-BART sales (district) 0.5%: (beer 1199 + wine 1709 + spirits 2699 + tobacco 1035 + soda 279 + delivery_fee 499) = 7420 × 0.5% = 37.1 → 37
      //   shares beer 5.995, wine 8.545, spirits 13.495, tobacco 5.175, soda 1.395, delivery_fee 2.495; whole cents 34, +1 to beer, wine, spirits
      "beer US-CA-BART sales (district)": 6,
      "wine US-CA-BART sales (district)": 9,
      "spirits US-CA-BART sales (district)": 14,
      "tobacco US-CA-BART sales (district)": 5,
      "soda US-CA-BART sales (district)": 1,
      "delivery_fee US-CA-BART sales (district)": 2,
      // US-CA-CALTRAIN sales (district) 0.125%: (beer 1199 + wine 1709 + spirits 2699 + tobacco 1035 + soda 279 + delivery_fee 499) = 7420 × 0.125% = 9.275 → 9
      //   shares beer 1.49875, wine 2.13625, spirits 3.37375, tobacco 1.29375, soda 0.34875, delivery_fee 0.62375; whole cents 7, +1 to delivery_fee, beer
      "beer US-CA-CALTRAIN sales (district)": 2,
      "wine US-CA-CALTRAIN sales (district)": 2,
      "spirits US-CA-CALTRAIN sales (district)": 3,
      "tobacco US-CA-CALTRAIN sales (district)": 1,
      "delivery_fee US-CA-CALTRAIN sales (district)": 1,
      // US-CA CRV: beer 6 × 5¢ = 30 + soda 1 × 10¢ = 10 → 40
      //   shares beer 30, soda 10; whole cents 40
      "beer US-CA CRV": 30,
      "soda US-CA CRV": 10,
    });
    expect(result.total).toBe(680); // 445 + 19 + 74 + 37 + 19 + 37 + 9 + 40
  });

  it("refunds the wine line: in full exactly as charged, in halves adding up to it", () => {
    const refund = wineRefund(result);
    expect(table(refund)).toEqual({
      "wine US-CA sales": 102,
      "wine US-CA-SF sales (county transportation fund)": 4,
      "wine US-CA-SF sales (Bradley-Burns local)": 17,
      "wine US-CA-SF-SFTA sales (district)": 9,
      "wine US-CA-SF-SFPF sales (district)": 4,
      "wine US-CA-BART sales (district)": 9,
      "wine US-CA-CALTRAIN sales (district)": 2,
    });
    expect(refund.reduce((sum, l) => sum + l.cents, 0)).toBe(147); // 102 + 4 + 17 + 9 + 4 + 9 + 2
    // half the wine returned: each of its tax lines × 1/2, rounded half up; the other half gives the rest
    const half = { lineId: "wine", fraction: { num: 1, den: 2 } };
    const first = refundTax(result.lines, [{ ...half, before: { num: 0, den: 1 } }], []);
    expect(table(first)).toEqual({
      "wine US-CA sales": 51, // 102 / 2 = 51
      "wine US-CA-SF sales (county transportation fund)": 2, // 4 / 2 = 2
      "wine US-CA-SF sales (Bradley-Burns local)": 9, // 17 / 2 = 8.5
      "wine US-CA-SF-SFTA sales (district)": 5, // 9 / 2 = 4.5
      "wine US-CA-SF-SFPF sales (district)": 2, // 4 / 2 = 2
      "wine US-CA-BART sales (district)": 5, // 9 / 2 = 4.5
      "wine US-CA-CALTRAIN sales (district)": 1, // 2 / 2 = 1
    });
    const second = refundTax(result.lines, [{ ...half, before: { num: 1, den: 2 } }], first);
    expect(table(second)).toEqual({
      "wine US-CA sales": 51, // 102 − 51
      "wine US-CA-SF sales (county transportation fund)": 2, // 4 − 2
      "wine US-CA-SF sales (Bradley-Burns local)": 8, // 17 − 9
      "wine US-CA-SF-SFTA sales (district)": 4, // 9 − 5
      "wine US-CA-SF-SFPF sales (district)": 2, // 4 − 2
      "wine US-CA-BART sales (district)": 4, // 9 − 5
      "wine US-CA-CALTRAIN sales (district)": 1, // 2 − 1
    });
  });
});

describe("NYC: New York City", () => {
  // Destination sourcing; fee taxable (TB-ST-838), tip not; promo reduces the base; per invoice. The 5¢ deposit
  // is charged on the 6 cans and the bottle but is not taxed (depositTaxable false). The snack is exempt.
  const result = taxOf("NYC");

  it("charges these tax lines, and their sum", () => {
    expect(table(result.lines)).toEqual({
      // US-NY sales 4%: (beer 1169 + wine 1709 + spirits 2699 + tobacco 1035 + soda 269 + delivery_fee 499) = 7380 × 4% = 295.2 → 295
      //   shares beer 46.76, wine 68.36, spirits 107.96, tobacco 41.4, soda 10.76, delivery_fee 19.96; whole cents 291, +1 to spirits, delivery_fee, beer, soda
      "beer US-NY sales": 47,
      "wine US-NY sales": 68,
      "spirits US-NY sales": 108,
      "tobacco US-NY sales": 41,
      "soda US-NY sales": 11,
      "delivery_fee US-NY sales": 20,
      // US-NY-NYC sales 4.5%: (beer 1169 + wine 1709 + spirits 2699 + tobacco 1035 + soda 269 + delivery_fee 499) = 7380 × 4.5% = 332.1 → 332
      //   shares beer 52.605, wine 76.905, spirits 121.455, tobacco 46.575, soda 12.105, delivery_fee 22.455; whole cents 329, +1 to wine, beer, tobacco
      "beer US-NY-NYC sales": 53,
      "wine US-NY-NYC sales": 77,
      "spirits US-NY-NYC sales": 121,
      "tobacco US-NY-NYC sales": 47,
      "soda US-NY-NYC sales": 12,
      "delivery_fee US-NY-NYC sales": 22,
      // US-NY-MCTD sales 0.375%: (beer 1169 + wine 1709 + spirits 2699 + tobacco 1035 + soda 269 + delivery_fee 499) = 7380 × 0.375% = 27.675 → 28
      //   shares beer 4.38375, wine 6.40875, spirits 10.12125, tobacco 3.88125, soda 1.00875, delivery_fee 1.87125; whole cents 25, +1 to tobacco, delivery_fee, wine
      "beer US-NY-MCTD sales": 4,
      "wine US-NY-MCTD sales": 7,
      "spirits US-NY-MCTD sales": 10,
      "tobacco US-NY-MCTD sales": 4,
      "soda US-NY-MCTD sales": 1,
      "delivery_fee US-NY-MCTD sales": 2,
      // US-NY bottle deposit: beer 6 × 5¢ = 30 + soda 1 × 5¢ = 5 → 35
      //   shares beer 30, soda 5; whole cents 35
      "beer US-NY bottle deposit": 30,
      "soda US-NY bottle deposit": 5,
    });
    expect(result.total).toBe(690); // 295 + 332 + 28 + 35
  });

  it("refunds the wine line: in full exactly as charged, in halves adding up to it", () => {
    const refund = wineRefund(result);
    expect(table(refund)).toEqual({
      "wine US-NY sales": 68,
      "wine US-NY-NYC sales": 77,
      "wine US-NY-MCTD sales": 7,
    });
    expect(refund.reduce((sum, l) => sum + l.cents, 0)).toBe(152); // 68 + 77 + 7
    // half the wine returned: each of its tax lines × 1/2, rounded half up; the other half gives the rest
    const half = { lineId: "wine", fraction: { num: 1, den: 2 } };
    const first = refundTax(result.lines, [{ ...half, before: { num: 0, den: 1 } }], []);
    expect(table(first)).toEqual({
      "wine US-NY sales": 34, // 68 / 2 = 34
      "wine US-NY-NYC sales": 39, // 77 / 2 = 38.5
      "wine US-NY-MCTD sales": 4, // 7 / 2 = 3.5
    });
    const second = refundTax(result.lines, [{ ...half, before: { num: 1, den: 2 } }], first);
    expect(table(second)).toEqual({
      "wine US-NY sales": 34, // 68 − 34
      "wine US-NY-NYC sales": 38, // 77 − 39
      "wine US-NY-MCTD sales": 3, // 7 − 4
    });
  });
});

describe("ATX: Austin", () => {
  // Origin sourcing; fee taxable (34 TAC §3.303), tip not; promo reduces the base; per invoice. The snack is
  // exempt; no deposit.
  const result = taxOf("ATX");

  it("charges these tax lines, and their sum", () => {
    expect(table(result.lines)).toEqual({
      // US-TX sales 6.25%: (beer 1169 + wine 1709 + spirits 2699 + tobacco 1035 + soda 269 + delivery_fee 499) = 7380 × 6.25% = 461.25 → 461
      //   shares beer 73.0625, wine 106.8125, spirits 168.6875, tobacco 64.6875, soda 16.8125, delivery_fee 31.1875; whole cents 458, +1 to wine, soda, spirits
      "beer US-TX sales": 73,
      "wine US-TX sales": 107,
      "spirits US-TX sales": 169,
      "tobacco US-TX sales": 64,
      "soda US-TX sales": 17,
      "delivery_fee US-TX sales": 31,
      // US-TX-AUSTIN sales 1%: (beer 1169 + wine 1709 + spirits 2699 + tobacco 1035 + soda 269 + delivery_fee 499) = 7380 × 1% = 73.8 → 74
      //   shares beer 11.69, wine 17.09, spirits 26.99, tobacco 10.35, soda 2.69, delivery_fee 4.99; whole cents 70, +1 to spirits, delivery_fee, beer, soda
      "beer US-TX-AUSTIN sales": 12,
      "wine US-TX-AUSTIN sales": 17,
      "spirits US-TX-AUSTIN sales": 27,
      "tobacco US-TX-AUSTIN sales": 10,
      "soda US-TX-AUSTIN sales": 3,
      "delivery_fee US-TX-AUSTIN sales": 5,
      // US-TX-CAPMETRO sales 1%: (beer 1169 + wine 1709 + spirits 2699 + tobacco 1035 + soda 269 + delivery_fee 499) = 7380 × 1% = 73.8 → 74
      //   shares beer 11.69, wine 17.09, spirits 26.99, tobacco 10.35, soda 2.69, delivery_fee 4.99; whole cents 70, +1 to spirits, delivery_fee, beer, soda
      "beer US-TX-CAPMETRO sales": 12,
      "wine US-TX-CAPMETRO sales": 17,
      "spirits US-TX-CAPMETRO sales": 27,
      "tobacco US-TX-CAPMETRO sales": 10,
      "soda US-TX-CAPMETRO sales": 3,
      "delivery_fee US-TX-CAPMETRO sales": 5,
    });
    expect(result.total).toBe(609); // 461 + 74 + 74
  });

  it("refunds the wine line: in full exactly as charged, in halves adding up to it", () => {
    const refund = wineRefund(result);
    expect(table(refund)).toEqual({
      "wine US-TX sales": 107,
      "wine US-TX-AUSTIN sales": 17,
      "wine US-TX-CAPMETRO sales": 17,
    });
    expect(refund.reduce((sum, l) => sum + l.cents, 0)).toBe(141); // 107 + 17 + 17
    // half the wine returned: each of its tax lines × 1/2, rounded half up; the other half gives the rest
    const half = { lineId: "wine", fraction: { num: 1, den: 2 } };
    const first = refundTax(result.lines, [{ ...half, before: { num: 0, den: 1 } }], []);
    expect(table(first)).toEqual({
      "wine US-TX sales": 54, // 107 / 2 = 53.5
      "wine US-TX-AUSTIN sales": 9, // 17 / 2 = 8.5
      "wine US-TX-CAPMETRO sales": 9, // 17 / 2 = 8.5
    });
    const second = refundTax(result.lines, [{ ...half, before: { num: 1, den: 2 } }], first);
    expect(table(second)).toEqual({
      "wine US-TX sales": 53, // 107 − 54
      "wine US-TX-AUSTIN sales": 8, // 17 − 9
      "wine US-TX-CAPMETRO sales": 8, // 17 − 9
    });
  });
});

describe("DEN: Denver", () => {
  // Destination sourcing; the separately stated delivery fee is not taxed, nor the tip; promo reduces the base;
  // per invoice. Colorado's Retail Delivery Fee, 28¢ once for the order, on the order's own line. The snack is exempt.
  const result = taxOf("DEN");

  it("charges these tax lines, and their sum", () => {
    expect(table(result.lines)).toEqual({
      // US-CO sales 2.9%: (beer 1169 + wine 1709 + spirits 2699 + tobacco 1035 + soda 269) = 6881 × 2.9% = 199.549 → 200
      //   shares beer 33.901, wine 49.561, spirits 78.271, tobacco 30.015, soda 7.801; whole cents 197, +1 to beer, soda, wine
      "beer US-CO sales": 34,
      "wine US-CO sales": 50,
      "spirits US-CO sales": 78,
      "tobacco US-CO sales": 30,
      "soda US-CO sales": 8,
      // US-CO-DENVER sales 5.15%: (beer 1169 + wine 1709 + spirits 2699 + tobacco 1035 + soda 269) = 6881 × 5.15% = 354.3715 → 354
      //   shares beer 60.2035, wine 88.0135, spirits 138.9985, tobacco 53.3025, soda 13.8535; whole cents 352, +1 to spirits, soda
      "beer US-CO-DENVER sales": 60,
      "wine US-CO-DENVER sales": 88,
      "spirits US-CO-DENVER sales": 139,
      "tobacco US-CO-DENVER sales": 53,
      "soda US-CO-DENVER sales": 14,
      // US-CO-RTD sales 1%: (beer 1169 + wine 1709 + spirits 2699 + tobacco 1035 + soda 269) = 6881 × 1% = 68.81 → 69
      //   shares beer 11.69, wine 17.09, spirits 26.99, tobacco 10.35, soda 2.69; whole cents 66, +1 to spirits, beer, soda
      "beer US-CO-RTD sales": 12,
      "wine US-CO-RTD sales": 17,
      "spirits US-CO-RTD sales": 27,
      "tobacco US-CO-RTD sales": 10,
      "soda US-CO-RTD sales": 3,
      // US-CO-SCFD sales 0.1%: (beer 1169 + wine 1709 + spirits 2699 + tobacco 1035 + soda 269) = 6881 × 0.1% = 6.881 → 7
      //   shares beer 1.169, wine 1.709, spirits 2.699, tobacco 1.035, soda 0.269; whole cents 5, +1 to wine, spirits
      "beer US-CO-SCFD sales": 1,
      "wine US-CO-SCFD sales": 2,
      "spirits US-CO-SCFD sales": 3,
      "tobacco US-CO-SCFD sales": 1,
      // US-CO retail delivery fee: order 28¢ once = 28 → 28
      "order US-CO retail delivery fee": 28,
    });
    expect(result.total).toBe(658); // 200 + 354 + 69 + 7 + 28
  });

  it("refunds the wine line: in full exactly as charged, in halves adding up to it", () => {
    const refund = wineRefund(result);
    expect(table(refund)).toEqual({
      "wine US-CO sales": 50,
      "wine US-CO-DENVER sales": 88,
      "wine US-CO-RTD sales": 17,
      "wine US-CO-SCFD sales": 2,
    });
    expect(refund.reduce((sum, l) => sum + l.cents, 0)).toBe(157); // 50 + 88 + 17 + 2
    // half the wine returned: each of its tax lines × 1/2, rounded half up; the other half gives the rest
    const half = { lineId: "wine", fraction: { num: 1, den: 2 } };
    const first = refundTax(result.lines, [{ ...half, before: { num: 0, den: 1 } }], []);
    expect(table(first)).toEqual({
      "wine US-CO sales": 25, // 50 / 2 = 25
      "wine US-CO-DENVER sales": 44, // 88 / 2 = 44
      "wine US-CO-RTD sales": 9, // 17 / 2 = 8.5
      "wine US-CO-SCFD sales": 1, // 2 / 2 = 1
    });
    const second = refundTax(result.lines, [{ ...half, before: { num: 1, den: 2 } }], first);
    expect(table(second)).toEqual({
      "wine US-CO sales": 25, // 50 − 25
      "wine US-CO-DENVER sales": 44, // 88 − 44
      "wine US-CO-RTD sales": 8, // 17 − 9
      "wine US-CO-SCFD sales": 1, // 2 − 1
    });
  });
});

describe("SEA: Seattle", () => {
  // Destination sourcing; fee taxable, tip not; promo reduces the base; per invoice. Spirits pay no retail sales
  // tax but the 20.5% spirits sales tax and $3.7708 a litre, both charged at retail. The snack is exempt.
  const result = taxOf("SEA");

  it("charges these tax lines, and their sum", () => {
    expect(table(result.lines)).toEqual({
      // US-WA sales 6.5%: (beer 1169 + wine 1709 + tobacco 1035 + soda 269 + delivery_fee 499) = 4681 × 6.5% = 304.265 → 304
      //   shares beer 75.985, wine 111.085, tobacco 67.275, soda 17.485, delivery_fee 32.435; whole cents 302, +1 to beer, soda
      "beer US-WA sales": 76,
      "wine US-WA sales": 111,
      "tobacco US-WA sales": 67,
      "soda US-WA sales": 18,
      "delivery_fee US-WA sales": 32,
      // US-WA-RTA sales 1.4%: (beer 1169 + wine 1709 + tobacco 1035 + soda 269 + delivery_fee 499) = 4681 × 1.4% = 65.534 → 66
      //   shares beer 16.366, wine 23.926, tobacco 14.49, soda 3.766, delivery_fee 6.986; whole cents 62, +1 to delivery_fee, wine, soda, tobacco
      "beer US-WA-RTA sales": 16,
      "wine US-WA-RTA sales": 24,
      "tobacco US-WA-RTA sales": 15,
      "soda US-WA-RTA sales": 4,
      "delivery_fee US-WA-RTA sales": 7,
      // US-WA-KING sales (Metro transit) 0.9%: (beer 1169 + wine 1709 + tobacco 1035 + soda 269 + delivery_fee 499) = 4681 × 0.9% = 42.129 → 42
      //   shares beer 10.521, wine 15.381, tobacco 9.315, soda 2.421, delivery_fee 4.491; whole cents 40, +1 to beer, delivery_fee
      "beer US-WA-KING sales (Metro transit)": 11,
      "wine US-WA-KING sales (Metro transit)": 15,
      "tobacco US-WA-KING sales (Metro transit)": 9,
      "soda US-WA-KING sales (Metro transit)": 2,
      "delivery_fee US-WA-KING sales (Metro transit)": 5,
      // US-WA-KING sales (mental health) 0.1%: (beer 1169 + wine 1709 + tobacco 1035 + soda 269 + delivery_fee 499) = 4681 × 0.1% = 4.681 → 5
      //   shares beer 1.169, wine 1.709, tobacco 1.035, soda 0.269, delivery_fee 0.499; whole cents 3, +1 to wine, delivery_fee
      "beer US-WA-KING sales (mental health)": 1,
      "wine US-WA-KING sales (mental health)": 2,
      "tobacco US-WA-KING sales (mental health)": 1,
      "delivery_fee US-WA-KING sales (mental health)": 1,
      // US-WA-KING sales (criminal justice) 0.1%: (beer 1169 + wine 1709 + tobacco 1035 + soda 269 + delivery_fee 499) = 4681 × 0.1% = 4.681 → 5
      //   shares beer 1.169, wine 1.709, tobacco 1.035, soda 0.269, delivery_fee 0.499; whole cents 3, +1 to wine, delivery_fee
      "beer US-WA-KING sales (criminal justice)": 1,
      "wine US-WA-KING sales (criminal justice)": 2,
      "tobacco US-WA-KING sales (criminal justice)": 1,
      "delivery_fee US-WA-KING sales (criminal justice)": 1,
      // US-WA-KING sales (Health Through Housing) 0.1%: (beer 1169 + wine 1709 + tobacco 1035 + soda 269 + delivery_fee 499) = 4681 × 0.1% = 4.681 → 5
      //   shares beer 1.169, wine 1.709, tobacco 1.035, soda 0.269, delivery_fee 0.499; whole cents 3, +1 to wine, delivery_fee
      "beer US-WA-KING sales (Health Through Housing)": 1,
      "wine US-WA-KING sales (Health Through Housing)": 2,
      "tobacco US-WA-KING sales (Health Through Housing)": 1,
      "delivery_fee US-WA-KING sales (Health Through Housing)": 1,
      // US-WA-KING sales (Doors Open) 0.1%: (beer 1169 + wine 1709 + tobacco 1035 + soda 269 + delivery_fee 499) = 4681 × 0.1% = 4.681 → 5
      //   shares beer 1.169, wine 1.709, tobacco 1.035, soda 0.269, delivery_fee 0.499; whole cents 3, +1 to wine, delivery_fee
      "beer US-WA-KING sales (Doors Open)": 1,
      "wine US-WA-KING sales (Doors Open)": 2,
      "tobacco US-WA-KING sales (Doors Open)": 1,
      "delivery_fee US-WA-KING sales (Doors Open)": 1,
      // US-WA-KING sales (criminal justice 2025) 0.1%: (beer 1169 + wine 1709 + tobacco 1035 + soda 269 + delivery_fee 499) = 4681 × 0.1% = 4.681 → 5
      //   shares beer 1.169, wine 1.709, tobacco 1.035, soda 0.269, delivery_fee 0.499; whole cents 3, +1 to wine, delivery_fee
      "beer US-WA-KING sales (criminal justice 2025)": 1,
      "wine US-WA-KING sales (criminal justice 2025)": 2,
      "tobacco US-WA-KING sales (criminal justice 2025)": 1,
      "delivery_fee US-WA-KING sales (criminal justice 2025)": 1,
      // US-WA-SEATTLE sales (local) 1%: (beer 1169 + wine 1709 + tobacco 1035 + soda 269 + delivery_fee 499) = 4681 × 1% = 46.81 → 47
      //   shares beer 11.69, wine 17.09, tobacco 10.35, soda 2.69, delivery_fee 4.99; whole cents 44, +1 to delivery_fee, beer, soda
      "beer US-WA-SEATTLE sales (local)": 12,
      "wine US-WA-SEATTLE sales (local)": 17,
      "tobacco US-WA-SEATTLE sales (local)": 10,
      "soda US-WA-SEATTLE sales (local)": 3,
      "delivery_fee US-WA-SEATTLE sales (local)": 5,
      // US-WA-SEATTLE-TBD sales 0.15%: (beer 1169 + wine 1709 + tobacco 1035 + soda 269 + delivery_fee 499) = 4681 × 0.15% = 7.0215 → 7
      //   shares beer 1.7535, wine 2.5635, tobacco 1.5525, soda 0.4035, delivery_fee 0.7485; whole cents 4, +1 to beer, delivery_fee, wine
      "beer US-WA-SEATTLE-TBD sales": 2,
      "wine US-WA-SEATTLE-TBD sales": 3,
      "tobacco US-WA-SEATTLE-TBD sales": 1,
      "delivery_fee US-WA-SEATTLE-TBD sales": 1,
      // US-WA-SEATTLE sales (criminal justice 2025) 0.1%: (beer 1169 + wine 1709 + tobacco 1035 + soda 269 + delivery_fee 499) = 4681 × 0.1% = 4.681 → 5
      //   shares beer 1.169, wine 1.709, tobacco 1.035, soda 0.269, delivery_fee 0.499; whole cents 3, +1 to wine, delivery_fee
      "beer US-WA-SEATTLE sales (criminal justice 2025)": 1,
      "wine US-WA-SEATTLE sales (criminal justice 2025)": 2,
      "tobacco US-WA-SEATTLE sales (criminal justice 2025)": 1,
      "delivery_fee US-WA-SEATTLE sales (criminal justice 2025)": 1,
      // US-WA spirits sales 20.5%: (spirits 2699) = 2699 × 20.5% = 553.295 → 553
      "spirits US-WA spirits sales": 553,
      // US-WA spirits litre: spirits 0.75 l × 377.08¢ = 282.81 → 283
      "spirits US-WA spirits litre": 283,
    });
    expect(result.total).toBe(1332); // 304 + 66 + 42 + 5 + 5 + 5 + 5 + 5 + 47 + 7 + 5 + 553 + 283
  });

  it("refunds the wine line: in full exactly as charged, in halves adding up to it", () => {
    const refund = wineRefund(result);
    expect(table(refund)).toEqual({
      "wine US-WA sales": 111,
      "wine US-WA-RTA sales": 24,
      "wine US-WA-KING sales (Metro transit)": 15,
      "wine US-WA-KING sales (mental health)": 2,
      "wine US-WA-KING sales (criminal justice)": 2,
      "wine US-WA-KING sales (Health Through Housing)": 2,
      "wine US-WA-KING sales (Doors Open)": 2,
      "wine US-WA-KING sales (criminal justice 2025)": 2,
      "wine US-WA-SEATTLE sales (local)": 17,
      "wine US-WA-SEATTLE-TBD sales": 3,
      "wine US-WA-SEATTLE sales (criminal justice 2025)": 2,
    });
    expect(refund.reduce((sum, l) => sum + l.cents, 0)).toBe(182); // 111 + 24 + 15 + 2 + 2 + 2 + 2 + 2 + 17 + 3 + 2
    // half the wine returned: each of its tax lines × 1/2, rounded half up; the other half gives the rest
    const half = { lineId: "wine", fraction: { num: 1, den: 2 } };
    const first = refundTax(result.lines, [{ ...half, before: { num: 0, den: 1 } }], []);
    expect(table(first)).toEqual({
      "wine US-WA sales": 56, // 111 / 2 = 55.5
      "wine US-WA-RTA sales": 12, // 24 / 2 = 12
      "wine US-WA-KING sales (Metro transit)": 8, // 15 / 2 = 7.5
      "wine US-WA-KING sales (mental health)": 1, // 2 / 2 = 1
      "wine US-WA-KING sales (criminal justice)": 1, // 2 / 2 = 1
      "wine US-WA-KING sales (Health Through Housing)": 1, // 2 / 2 = 1
      "wine US-WA-KING sales (Doors Open)": 1, // 2 / 2 = 1
      "wine US-WA-KING sales (criminal justice 2025)": 1, // 2 / 2 = 1
      "wine US-WA-SEATTLE sales (local)": 9, // 17 / 2 = 8.5
      "wine US-WA-SEATTLE-TBD sales": 2, // 3 / 2 = 1.5
      "wine US-WA-SEATTLE sales (criminal justice 2025)": 1, // 2 / 2 = 1
    });
    const second = refundTax(result.lines, [{ ...half, before: { num: 1, den: 2 } }], first);
    expect(table(second)).toEqual({
      "wine US-WA sales": 55, // 111 − 56
      "wine US-WA-RTA sales": 12, // 24 − 12
      "wine US-WA-KING sales (Metro transit)": 7, // 15 − 8
      "wine US-WA-KING sales (mental health)": 1, // 2 − 1
      "wine US-WA-KING sales (criminal justice)": 1, // 2 − 1
      "wine US-WA-KING sales (Health Through Housing)": 1, // 2 − 1
      "wine US-WA-KING sales (Doors Open)": 1, // 2 − 1
      "wine US-WA-KING sales (criminal justice 2025)": 1, // 2 − 1
      "wine US-WA-SEATTLE sales (local)": 8, // 17 − 9
      "wine US-WA-SEATTLE-TBD sales": 1, // 3 − 2
      "wine US-WA-SEATTLE sales (criminal justice 2025)": 1, // 2 − 1
    });
  });
});

describe("MIA: Miami", () => {
  // Destination sourcing (the surtax follows the county delivered into); fee taxable (unavoidable); tip not;
  // promo reduces the base; per invoice. The snack is exempt.
  const result = taxOf("MIA");

  it("charges these tax lines, and their sum", () => {
    expect(table(result.lines)).toEqual({
      // US-FL sales 6%: (beer 1169 + wine 1709 + spirits 2699 + tobacco 1035 + soda 269 + delivery_fee 499) = 7380 × 6% = 442.8 → 443
      //   shares beer 70.14, wine 102.54, spirits 161.94, tobacco 62.1, soda 16.14, delivery_fee 29.94; whole cents 440, +1 to spirits, delivery_fee, wine
      "beer US-FL sales": 70,
      "wine US-FL sales": 103,
      "spirits US-FL sales": 162,
      "tobacco US-FL sales": 62,
      "soda US-FL sales": 16,
      "delivery_fee US-FL sales": 30,
      // US-FL-MIAMI-DADE discretionary sales surtax (county public hospital) 0.5%: (beer 1169 + wine 1709 + spirits 2699 + tobacco 1035 + soda 269 + delivery_fee 499) = 7380 × 0.5% = 36.9 → 37
      //   shares beer 5.845, wine 8.545, spirits 13.495, tobacco 5.175, soda 1.345, delivery_fee 2.495; whole cents 34, +1 to beer, wine, spirits
      "beer US-FL-MIAMI-DADE discretionary sales surtax (county public hospital)": 6,
      "wine US-FL-MIAMI-DADE discretionary sales surtax (county public hospital)": 9,
      "spirits US-FL-MIAMI-DADE discretionary sales surtax (county public hospital)": 14,
      "tobacco US-FL-MIAMI-DADE discretionary sales surtax (county public hospital)": 5,
      "soda US-FL-MIAMI-DADE discretionary sales surtax (county public hospital)": 1,
      "delivery_fee US-FL-MIAMI-DADE discretionary sales surtax (county public hospital)": 2,
      // US-FL-MIAMI-DADE discretionary sales surtax (transit) 0.5%: (beer 1169 + wine 1709 + spirits 2699 + tobacco 1035 + soda 269 + delivery_fee 499) = 7380 × 0.5% = 36.9 → 37
      //   shares beer 5.845, wine 8.545, spirits 13.495, tobacco 5.175, soda 1.345, delivery_fee 2.495; whole cents 34, +1 to beer, wine, spirits
      "beer US-FL-MIAMI-DADE discretionary sales surtax (transit)": 6,
      "wine US-FL-MIAMI-DADE discretionary sales surtax (transit)": 9,
      "spirits US-FL-MIAMI-DADE discretionary sales surtax (transit)": 14,
      "tobacco US-FL-MIAMI-DADE discretionary sales surtax (transit)": 5,
      "soda US-FL-MIAMI-DADE discretionary sales surtax (transit)": 1,
      "delivery_fee US-FL-MIAMI-DADE discretionary sales surtax (transit)": 2,
    });
    expect(result.total).toBe(517); // 443 + 37 + 37
  });

  it("refunds the wine line: in full exactly as charged, in halves adding up to it", () => {
    const refund = wineRefund(result);
    expect(table(refund)).toEqual({
      "wine US-FL sales": 103,
      "wine US-FL-MIAMI-DADE discretionary sales surtax (county public hospital)": 9,
      "wine US-FL-MIAMI-DADE discretionary sales surtax (transit)": 9,
    });
    expect(refund.reduce((sum, l) => sum + l.cents, 0)).toBe(121); // 103 + 9 + 9
    // half the wine returned: each of its tax lines × 1/2, rounded half up; the other half gives the rest
    const half = { lineId: "wine", fraction: { num: 1, den: 2 } };
    const first = refundTax(result.lines, [{ ...half, before: { num: 0, den: 1 } }], []);
    expect(table(first)).toEqual({
      "wine US-FL sales": 52, // 103 / 2 = 51.5
      "wine US-FL-MIAMI-DADE discretionary sales surtax (county public hospital)": 5, // 9 / 2 = 4.5
      "wine US-FL-MIAMI-DADE discretionary sales surtax (transit)": 5, // 9 / 2 = 4.5
    });
    const second = refundTax(result.lines, [{ ...half, before: { num: 1, den: 2 } }], first);
    expect(table(second)).toEqual({
      "wine US-FL sales": 51, // 103 − 52
      "wine US-FL-MIAMI-DADE discretionary sales surtax (county public hospital)": 4, // 9 − 5
      "wine US-FL-MIAMI-DADE discretionary sales surtax (transit)": 4, // 9 − 5
    });
  });
});

describe("SJ: San José", () => {
  // As Los Angeles (California's rules, CRV taxed with the drink): beer base 1169 + 30 = 1199, soda 269 + 10 = 279.
  // Santa Clara County's 2025 Measure A (0.625%) is in force from 2026-04-01. The snack is exempt.
  const result = taxOf("SJ");

  it("charges these tax lines, and their sum", () => {
    expect(table(result.lines)).toEqual({
      // US-CA sales 6%: (beer 1199 + wine 1709 + spirits 2699 + tobacco 1035 + soda 279 + delivery_fee 499) = 7420 × 6% = 445.2 → 445
      //   shares beer 71.94, wine 102.54, spirits 161.94, tobacco 62.1, soda 16.74, delivery_fee 29.94; whole cents 441, +1 to beer, spirits, delivery_fee, soda
      "beer US-CA sales": 72,
      "wine US-CA sales": 102,
      "spirits US-CA sales": 162,
      "tobacco US-CA sales": 62,
      "soda US-CA sales": 17,
      "delivery_fee US-CA sales": 30,
      // US-CA-SCC sales (county transportation fund) 0.25%: (beer 1199 + wine 1709 + spirits 2699 + tobacco 1035 + soda 279 + delivery_fee 499) = 7420 × 0.25% = 18.55 → 19
      //   shares beer 2.9975, wine 4.2725, spirits 6.7475, tobacco 2.5875, soda 0.6975, delivery_fee 1.2475; whole cents 15, +1 to beer, spirits, soda, tobacco
      "beer US-CA-SCC sales (county transportation fund)": 3,
      "wine US-CA-SCC sales (county transportation fund)": 4,
      "spirits US-CA-SCC sales (county transportation fund)": 7,
      "tobacco US-CA-SCC sales (county transportation fund)": 3,
      "soda US-CA-SCC sales (county transportation fund)": 1,
      "delivery_fee US-CA-SCC sales (county transportation fund)": 1,
      // US-CA-SAN-JOSE sales (Bradley-Burns local) 1%: (beer 1199 + wine 1709 + spirits 2699 + tobacco 1035 + soda 279 + delivery_fee 499) = 7420 × 1% = 74.2 → 74
      //   shares beer 11.99, wine 17.09, spirits 26.99, tobacco 10.35, soda 2.79, delivery_fee 4.99; whole cents 70, +1 to beer, spirits, delivery_fee, soda
      "beer US-CA-SAN-JOSE sales (Bradley-Burns local)": 12,
      "wine US-CA-SAN-JOSE sales (Bradley-Burns local)": 17,
      "spirits US-CA-SAN-JOSE sales (Bradley-Burns local)": 27,
      "tobacco US-CA-SAN-JOSE sales (Bradley-Burns local)": 10,
      "soda US-CA-SAN-JOSE sales (Bradley-Burns local)": 3,
      "delivery_fee US-CA-SAN-JOSE sales (Bradley-Burns local)": 5,
      // US-CA-SCC sales (county, 2012 Measure A) 0.125%: (beer 1199 + wine 1709 + spirits 2699 + tobacco 1035 + soda 279 + delivery_fee 499) = 7420 × 0.125% = 9.275 → 9
      //   shares beer 1.49875, wine 2.13625, spirits 3.37375, tobacco 1.29375, soda 0.34875, delivery_fee 0.62375; whole cents 7, +1 to delivery_fee, beer
      "beer US-CA-SCC sales (county, 2012 Measure A)": 2,
      "wine US-CA-SCC sales (county, 2012 Measure A)": 2,
      "spirits US-CA-SCC sales (county, 2012 Measure A)": 3,
      "tobacco US-CA-SCC sales (county, 2012 Measure A)": 1,
      "delivery_fee US-CA-SCC sales (county, 2012 Measure A)": 1,
      // US-CA-VTA sales (district) 1.625%: (beer 1199 + wine 1709 + spirits 2699 + tobacco 1035 + soda 279 + delivery_fee 499) = 7420 × 1.625% = 120.575 → 121
      //   shares beer 19.48375, wine 27.77125, spirits 43.85875, tobacco 16.81875, soda 4.53375, delivery_fee 8.10875; whole cents 117, +1 to spirits, tobacco, wine, soda
      "beer US-CA-VTA sales (district)": 19,
      "wine US-CA-VTA sales (district)": 28,
      "spirits US-CA-VTA sales (district)": 44,
      "tobacco US-CA-VTA sales (district)": 17,
      "soda US-CA-VTA sales (district)": 5,
      "delivery_fee US-CA-VTA sales (district)": 8,
      // US-CA-CALTRAIN sales (district) 0.125%: (beer 1199 + wine 1709 + spirits 2699 + tobacco 1035 + soda 279 + delivery_fee 499) = 7420 × 0.125% = 9.275 → 9
      //   shares beer 1.49875, wine 2.13625, spirits 3.37375, tobacco 1.29375, soda 0.34875, delivery_fee 0.62375; whole cents 7, +1 to delivery_fee, beer
      "beer US-CA-CALTRAIN sales (district)": 2,
      "wine US-CA-CALTRAIN sales (district)": 2,
      "spirits US-CA-CALTRAIN sales (district)": 3,
      "tobacco US-CA-CALTRAIN sales (district)": 1,
      "delivery_fee US-CA-CALTRAIN sales (district)": 1,
      // US-CA-SAN-JOSE sales (city district) 0.25%: (beer 1199 + wine 1709 + spirits 2699 + tobacco 1035 + soda 279 + delivery_fee 499) = 7420 × 0.25% = 18.55 → 19
      //   shares beer 2.9975, wine 4.2725, spirits 6.7475, tobacco 2.5875, soda 0.6975, delivery_fee 1.2475; whole cents 15, +1 to beer, spirits, soda, tobacco
      "beer US-CA-SAN-JOSE sales (city district)": 3,
      "wine US-CA-SAN-JOSE sales (city district)": 4,
      "spirits US-CA-SAN-JOSE sales (city district)": 7,
      "tobacco US-CA-SAN-JOSE sales (city district)": 3,
      "soda US-CA-SAN-JOSE sales (city district)": 1,
      "delivery_fee US-CA-SAN-JOSE sales (city district)": 1,
      // US-CA-SCC sales (county, 2025 Measure A) 0.625%: (beer 1199 + wine 1709 + spirits 2699 + tobacco 1035 + soda 279 + delivery_fee 499) = 7420 × 0.625% = 46.375 → 46
      //   shares beer 7.49375, wine 10.68125, spirits 16.86875, tobacco 6.46875, soda 1.74375, delivery_fee 3.11875; whole cents 43, +1 to spirits, soda, wine
      "beer US-CA-SCC sales (county, 2025 Measure A)": 7,
      "wine US-CA-SCC sales (county, 2025 Measure A)": 11,
      "spirits US-CA-SCC sales (county, 2025 Measure A)": 17,
      "tobacco US-CA-SCC sales (county, 2025 Measure A)": 6,
      "soda US-CA-SCC sales (county, 2025 Measure A)": 2,
      "delivery_fee US-CA-SCC sales (county, 2025 Measure A)": 3,
      // US-CA CRV: beer 6 × 5¢ = 30 + soda 1 × 10¢ = 10 → 40
      //   shares beer 30, soda 10; whole cents 40
      "beer US-CA CRV": 30,
      "soda US-CA CRV": 10,
    });
    expect(result.total).toBe(782); // 445 + 19 + 74 + 9 + 121 + 9 + 19 + 46 + 40
  });

  it("refunds the wine line: in full exactly as charged, in halves adding up to it", () => {
    const refund = wineRefund(result);
    expect(table(refund)).toEqual({
      "wine US-CA sales": 102,
      "wine US-CA-SCC sales (county transportation fund)": 4,
      "wine US-CA-SAN-JOSE sales (Bradley-Burns local)": 17,
      "wine US-CA-SCC sales (county, 2012 Measure A)": 2,
      "wine US-CA-VTA sales (district)": 28,
      "wine US-CA-CALTRAIN sales (district)": 2,
      "wine US-CA-SAN-JOSE sales (city district)": 4,
      "wine US-CA-SCC sales (county, 2025 Measure A)": 11,
    });
    expect(refund.reduce((sum, l) => sum + l.cents, 0)).toBe(170); // 102 + 4 + 17 + 2 + 28 + 2 + 4 + 11
    // half the wine returned: each of its tax lines × 1/2, rounded half up; the other half gives the rest
    const half = { lineId: "wine", fraction: { num: 1, den: 2 } };
    const first = refundTax(result.lines, [{ ...half, before: { num: 0, den: 1 } }], []);
    expect(table(first)).toEqual({
      "wine US-CA sales": 51, // 102 / 2 = 51
      "wine US-CA-SCC sales (county transportation fund)": 2, // 4 / 2 = 2
      "wine US-CA-SAN-JOSE sales (Bradley-Burns local)": 9, // 17 / 2 = 8.5
      "wine US-CA-SCC sales (county, 2012 Measure A)": 1, // 2 / 2 = 1
      "wine US-CA-VTA sales (district)": 14, // 28 / 2 = 14
      "wine US-CA-CALTRAIN sales (district)": 1, // 2 / 2 = 1
      "wine US-CA-SAN-JOSE sales (city district)": 2, // 4 / 2 = 2
      "wine US-CA-SCC sales (county, 2025 Measure A)": 6, // 11 / 2 = 5.5
    });
    const second = refundTax(result.lines, [{ ...half, before: { num: 1, den: 2 } }], first);
    expect(table(second)).toEqual({
      "wine US-CA sales": 51, // 102 − 51
      "wine US-CA-SCC sales (county transportation fund)": 2, // 4 − 2
      "wine US-CA-SAN-JOSE sales (Bradley-Burns local)": 8, // 17 − 9
      "wine US-CA-SCC sales (county, 2012 Measure A)": 1, // 2 − 1
      "wine US-CA-VTA sales (district)": 14, // 28 − 14
      "wine US-CA-CALTRAIN sales (district)": 1, // 2 − 1
      "wine US-CA-SAN-JOSE sales (city district)": 2, // 4 − 2
      "wine US-CA-SCC sales (county, 2025 Measure A)": 5, // 11 − 6
    });
  });
});

describe("DCMETRO: Washington, DC", () => {
  // One jurisdiction; fee taxable at the general rate (7% from 2026-10-01), tip not; promo reduces the base;
  // per invoice. Alcohol 10.25%, the soda 8%, tobacco and the fee 7%; the snack is a grocery, exempt.
  const result = taxOf("DCMETRO");

  it("charges these tax lines, and their sum", () => {
    expect(table(result.lines)).toEqual({
      // US-DC sales (off-premises alcohol) 10.25%: (beer 1169 + wine 1709 + spirits 2699) = 5577 × 10.25% = 571.6425 → 572
      //   shares beer 119.8225, wine 175.1725, spirits 276.6475; whole cents 570, +1 to beer, spirits
      "beer US-DC sales (off-premises alcohol)": 120,
      "wine US-DC sales (off-premises alcohol)": 175,
      "spirits US-DC sales (off-premises alcohol)": 277,
      // US-DC sales 7%: (tobacco 1035 + delivery_fee 499) = 1534 × 7% = 107.38 → 107
      //   shares tobacco 72.45, delivery_fee 34.93; whole cents 106, +1 to delivery_fee
      "tobacco US-DC sales": 72,
      "delivery_fee US-DC sales": 35,
      // US-DC sales (soft drinks) 8%: (soda 269) = 269 × 8% = 21.52 → 22
      "soda US-DC sales (soft drinks)": 22,
    });
    expect(result.total).toBe(701); // 572 + 107 + 22
  });

  it("refunds the wine line: in full exactly as charged, in halves adding up to it", () => {
    const refund = wineRefund(result);
    expect(table(refund)).toEqual({
      "wine US-DC sales (off-premises alcohol)": 175,
    });
    expect(refund.reduce((sum, l) => sum + l.cents, 0)).toBe(175); // 175
    // half the wine returned: each of its tax lines × 1/2, rounded half up; the other half gives the rest
    const half = { lineId: "wine", fraction: { num: 1, den: 2 } };
    const first = refundTax(result.lines, [{ ...half, before: { num: 0, den: 1 } }], []);
    expect(table(first)).toEqual({
      "wine US-DC sales (off-premises alcohol)": 88, // 175 / 2 = 87.5
    });
    const second = refundTax(result.lines, [{ ...half, before: { num: 1, den: 2 } }], first);
    expect(table(second)).toEqual({
      "wine US-DC sales (off-premises alcohol)": 87, // 175 − 88
    });
  });
});
