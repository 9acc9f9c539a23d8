import { describe, expect, it } from "vitest";
import { computeTax, DELIVERY_FEE_LINE, ORDER_LINE, type TaxInput, TIP_LINE } from "./compute.ts";
import type { Effective, Rate, StateRules, TaxableLine, TaxClass } from "./types.ts";

// Fictional rates shaped like Chicago's (the real ones live in rates/): a state sales tax, a grocery rate, a city
// sales tax, a city liquor tax per gallon by class (wine split at 14% ABV), and a CRV-like deposit on beer.
const STATE = "US-ZZ";
const CITY = "US-ZZ-TOWN";
const source = { title: "test fixture", url: "https://example.test/rates", retrieved: "2026-11-29" };
const since = { from: "2020-01-01" };
const goods: TaxClass[] = ["beer", "wine", "spirits", "tobacco", "non_alcoholic", "general", "delivery_fee"];

const percent = (jurisdiction: string, taxType: string, ratePpm: number, classes: TaxClass[]): Rate => ({
  kind: "percent",
  jurisdiction,
  taxType,
  classes,
  ratePpm,
  effective: since,
  source,
});
const perGallon = (
  taxClass: TaxClass,
  microDollarsPerUnit: number,
  abv: { minAbv?: number; maxAbv?: number } = {},
): Rate => ({
  kind: "per_volume",
  jurisdiction: CITY,
  taxType: "liquor",
  classes: [taxClass],
  unit: "gallon",
  microDollarsPerUnit,
  effective: since,
  source,
  ...abv,
});
const deposit: Rate = {
  kind: "deposit",
  jurisdiction: STATE,
  taxType: "deposit",
  classes: ["beer"],
  tiers: [{ belowMl: 710, cents: 5 }, { cents: 10 }],
  effective: since,
  source,
};

const rates: Rate[] = [
  percent(STATE, "sales", 62_500, goods), // 6.25%
  percent(STATE, "food", 10_000, ["food"]), // 1%
  percent(CITY, "sales", 12_500, goods), // 1.25%
  perGallon("beer", 290_000), // $0.29 a gallon
  perGallon("wine", 360_000, { maxAbv: 14 }), // $0.36 a gallon below 14%
  perGallon("wine", 890_000, { minAbv: 14 }), // $0.89 a gallon from 14%
  perGallon("spirits", 2_680_000), // $2.68 a gallon
  deposit,
];

const rules: StateRules = {
  state: "ZZ",
  sourcing: "origin",
  deliveryFeeTaxable: true,
  tipTaxable: false,
  discountReducesBase: true,
  depositTaxable: false,
  rounding: "per_line",
  sources: [source],
};

const line = (over: Partial<TaxableLine> & Pick<TaxableLine, "id" | "taxClass" | "amount">): TaxableLine => ({
  discount: 0,
  quantity: 1,
  volumeMl: null,
  abv: null,
  ...over,
});

// A 10% promo spread over the cart: 130 + 190 + 600 + 115 + 60 cents.
const cart: TaxableLine[] = [
  line({ id: "beer", taxClass: "beer", amount: 1299, discount: 130, quantity: 6, volumeMl: 355, abv: 5 }),
  line({ id: "wine", taxClass: "wine", amount: 1899, discount: 190, volumeMl: 750, abv: 13.5 }),
  line({
    id: "spirits",
    taxClass: "spirits",
    amount: 5998,
    discount: 600,
    quantity: 2,
    volumeMl: 750,
    abv: 40,
  }),
  line({ id: "tobacco", taxClass: "tobacco", amount: 1150, discount: 115 }),
  line({ id: "snack", taxClass: "food", amount: 598, discount: 60, quantity: 2 }),
];

const input = (over: Partial<TaxInput> = {}): TaxInput => ({
  lines: cart,
  deliveryFee: 499,
  tip: 500,
  rates,
  rules,
  on: "2026-11-29",
  ...over,
});

/** The result as "line jurisdiction taxType" → cents, for readable expectations. */
const table = (result: ReturnType<typeof computeTax>) =>
  Object.fromEntries(result.lines.map((l) => [`${l.lineId} ${l.jurisdiction} ${l.taxType}`, l.cents]));

describe("computeTax: the worked cart (beer, wine, spirits, tobacco, snack; 10% promo; $4.99 fee; $5 tip)", () => {
  it("per line: each tax line rounded half-up", () => {
    const result = computeTax(input());
    expect(table(result)).toEqual({
      // beer: base 1299 − 130 = 1169; 6 × 355 ml = 2130 ml = 0.56268 gal
      "beer US-ZZ sales": 73, // 1169 × 6.25% = 73.0625
      "beer US-ZZ-TOWN sales": 15, // 1169 × 1.25% = 14.6125
      "beer US-ZZ-TOWN liquor": 16, // 0.56268 gal × 29¢ = 16.318
      "beer US-ZZ deposit": 30, // 6 cans under 710 ml × 5¢, not reduced by the promo
      // wine 13.5%: base 1709; 750 ml = 0.198127 gal
      "wine US-ZZ sales": 107, // 106.8125
      "wine US-ZZ-TOWN sales": 21, // 21.3625
      "wine US-ZZ-TOWN liquor": 7, // 0.198127 × 36¢ = 7.1326 (below 14%)
      // spirits: base 5398; 2 × 750 ml = 0.396258 gal
      "spirits US-ZZ sales": 337, // 337.375
      "spirits US-ZZ-TOWN sales": 67, // 67.475
      "spirits US-ZZ-TOWN liquor": 106, // 0.396258 × 268¢ = 106.197
      // tobacco: base 1035
      "tobacco US-ZZ sales": 65, // 64.6875
      "tobacco US-ZZ-TOWN sales": 13, // 12.9375
      // snack: base 538 at the grocery rate only
      "snack US-ZZ food": 5, // 5.38
      // delivery fee 499, taxable here; the tip is not
      "delivery_fee US-ZZ sales": 31, // 31.1875
      "delivery_fee US-ZZ-TOWN sales": 6, // 6.2375
    });
    expect(result.total).toBe(899);
    expect(result.lines.some((l) => l.lineId === TIP_LINE)).toBe(false);
  });

  it("per invoice: each tax rounded once, allocated by largest remainder: 2 cents more than per line", () => {
    const result = computeTax(input({ rules: { ...rules, rounding: "per_invoice" } }));
    expect(table(result)).toEqual({
      // state sales: 613.125 → 613; whole cents 611, the 2 left to wine (.8125) and tobacco (.6875)
      "beer US-ZZ sales": 73,
      "wine US-ZZ sales": 107,
      "spirits US-ZZ sales": 337,
      "tobacco US-ZZ sales": 65,
      "delivery_fee US-ZZ sales": 31,
      // city sales: 122.625 → 123; whole cents 120, the 3 left to tobacco (.9375), beer (.6125), spirits (.475)
      "beer US-ZZ-TOWN sales": 15,
      "wine US-ZZ-TOWN sales": 21,
      "spirits US-ZZ-TOWN sales": 68,
      "tobacco US-ZZ-TOWN sales": 13,
      "delivery_fee US-ZZ-TOWN sales": 6,
      // liquor: 16.318 + 7.133 + 106.197 = 129.648 → 130; the cent left to beer (.318)
      "beer US-ZZ-TOWN liquor": 17,
      "wine US-ZZ-TOWN liquor": 7,
      "spirits US-ZZ-TOWN liquor": 106,
      "beer US-ZZ deposit": 30,
      "snack US-ZZ food": 5,
    });
    expect(result.total).toBe(901); // 613 + 123 + 130 + 30 + 5
  });

  it("a discount that does not reduce the base: percent taxes on the full amounts", () => {
    const result = computeTax(input({ rules: { ...rules, discountReducesBase: false } }));
    const t = table(result);
    expect(t["beer US-ZZ sales"]).toBe(81); // 1299 × 6.25% = 81.1875
    expect(t["spirits US-ZZ sales"]).toBe(375); // 5998 × 6.25% = 374.875
    expect(t["spirits US-ZZ-TOWN liquor"]).toBe(106); // per volume: unchanged
    expect(t["beer US-ZZ deposit"]).toBe(30);
  });

  it("the delivery fee untaxed where the state says so; the tip taxed where it says so", () => {
    const t = table(computeTax(input({ rules: { ...rules, deliveryFeeTaxable: false, tipTaxable: true } })));
    expect(Object.keys(t).some((k) => k.startsWith(DELIVERY_FEE_LINE))).toBe(false);
    // the tip is taxed only by rates that list the class "tip": none here
    expect(Object.keys(t).some((k) => k.startsWith(TIP_LINE))).toBe(false);
    const tipRate = percent(STATE, "sales", 62_500, ["tip"]);
    const withTip = table(
      computeTax(input({ rates: [...rates, tipRate], rules: { ...rules, tipTaxable: true } })),
    );
    expect(withTip["tip US-ZZ sales"]).toBe(31); // 500 × 6.25% = 31.25
    const untaxedTip = table(computeTax(input({ rates: [...rates, tipRate] })));
    expect(untaxedTip["tip US-ZZ sales"]).toBeUndefined();
  });
});

describe("computeTax: worked cases", () => {
  const one = (l: TaxableLine, over: Partial<TaxInput> = {}) =>
    table(computeTax(input({ lines: [l], deliveryFee: 0, tip: 0, ...over })));

  it("per line vs per invoice on three $1.08 lines at 6.25%: 21 against 20", () => {
    const lines = ["a", "b", "c"].map((id) => line({ id, taxClass: "general", amount: 108 }));
    const only = [percent(STATE, "sales", 62_500, ["general"])];
    const perLine = computeTax(input({ lines, rates: only, deliveryFee: 0 }));
    expect(perLine.lines.map((l) => l.cents)).toEqual([7, 7, 7]); // 6.75 each
    expect(perLine.total).toBe(21);
    const perInvoice = computeTax(
      input({ lines, rates: only, deliveryFee: 0, rules: { ...rules, rounding: "per_invoice" } }),
    );
    expect(perInvoice.lines.map((l) => l.cents)).toEqual([7, 7, 6]); // 20.25 → 20, ties to the first lines
    expect(perInvoice.total).toBe(20);
  });

  it.each([
    { abv: 13.9, cents: 7 }, // 0.198127 gal × 36¢ = 7.13
    { abv: 14, cents: 18 }, // × 89¢ = 17.63: from 14% inclusive
    { abv: 15.5, cents: 18 },
    { abv: null, cents: undefined }, // unknown strength: neither side of the split
  ])("a 750 ml wine at $abv% ABV: liquor tax $cents", ({ abv, cents }) => {
    const wine = line({ id: "w", taxClass: "wine", amount: 1500, volumeMl: 750, abv });
    expect(one(wine)["w US-ZZ-TOWN liquor"]).toBe(cents);
  });

  it.each([
    { abv: 13.9, band: "14% or less" },
    { abv: 14, band: "14% or less" }, // `maxAbvInclusive`: 14 itself is in the lower band
    { abv: 14.1, band: "more than 14%, less than 20%" }, // `minAbvExclusive`: just above 14
    { abv: 19.9, band: "more than 14%, less than 20%" },
    { abv: 20, band: "20% or more" }, // `maxAbv` exclusive, `minAbv` inclusive by default
    { abv: null, band: undefined },
  ])("inclusive and exclusive strength bounds: $abv% ABV falls in $band", ({ abv, band }) => {
    const banded = (taxType: string, bounds: Partial<Rate>): Rate =>
      ({
        ...percent(CITY, taxType, 100_000, ["wine"]),
        ...bounds,
      }) as Rate;
    const bands = [
      banded("14% or less", { maxAbv: 14, maxAbvInclusive: true }),
      banded("more than 14%, less than 20%", { minAbv: 14, minAbvExclusive: true, maxAbv: 20 }),
      banded("20% or more", { minAbv: 20 }),
    ];
    const wine = line({ id: "w", taxClass: "wine", amount: 1000, volumeMl: 750, abv });
    expect(Object.keys(one(wine, { rates: bands }))).toEqual(band ? [`w US-ZZ-TOWN ${band}`] : []);
  });

  it("a rate included in the shelf price is never charged (it stays in the data for the record)", () => {
    const inPrice: Rate = { ...perGallon("spirits", 2_680_000), includedInPrice: true };
    const spirits = line({ id: "s", taxClass: "spirits", amount: 1000, volumeMl: 750, abv: 40 });
    const sales = percent(STATE, "sales", 62_500, ["spirits"]);
    expect(one(spirits, { rates: [sales, inPrice] })).toEqual({ "s US-ZZ sales": 63 }); // 62.5 → 63; no liquor line
    const inPricePercent: Rate = { ...sales, taxType: "in price", includedInPrice: true };
    expect(one(spirits, { rates: [inPricePercent] })).toEqual({});
  });

  it("a taxable deposit: percent rates tax the line's deposit with it, never reduced by the promo", () => {
    // 6 cans × 5¢ = 30¢ of deposit; base (1299 − 130) + 30 = 1199; 1199 × 6.25% = 74.9375 → 75 (73 without it)
    const beer = cart[0];
    const sales = percent(STATE, "sales", 62_500, ["beer"]);
    expect(one(beer, { rates: [sales, deposit], rules: { ...rules, depositTaxable: true } })).toEqual({
      "beer US-ZZ sales": 75,
      "beer US-ZZ deposit": 30,
    });
    expect(one(beer, { rates: [sales, deposit] })).toEqual({
      "beer US-ZZ sales": 73,
      "beer US-ZZ deposit": 30,
    });
    // a deposit included in the price is not charged, so not taxed either
    const inPrice: Rate = { ...deposit, includedInPrice: true };
    expect(one(beer, { rates: [sales, inPrice], rules: { ...rules, depositTaxable: true } })).toEqual({
      "beer US-ZZ sales": 73,
    });
  });

  it("a per-order rate: charged once per order with goods, on its own line, not taxed itself", () => {
    const perOrder = (taxType: string, cents: number, effective: Effective = since): Rate => ({
      kind: "per_order",
      jurisdiction: STATE,
      taxType,
      classes: [],
      cents,
      effective,
      source,
    });
    const sales = percent(STATE, "sales", 62_500, goods);
    const fee = perOrder("retail delivery fee", 28);
    const result = computeTax(
      input({
        rates: [
          sales,
          fee,
          perOrder("bag", 15),
          perOrder("old", 9, { from: "2020-01-01", to: "2021-01-01" }),
        ],
      }),
    );
    const t = table(result);
    expect(t[`${ORDER_LINE} US-ZZ retail delivery fee`]).toBe(28);
    expect(t[`${ORDER_LINE} US-ZZ bag`]).toBe(15);
    expect(t[`${ORDER_LINE} US-ZZ old`]).toBeUndefined(); // out of its window
    expect(result.lines.filter((l) => l.lineId === ORDER_LINE)).toHaveLength(2);
    // no goods, no order: nothing even with a fee
    expect(computeTax(input({ lines: [], rates: [fee] }))).toEqual({ lines: [], total: 0 });
    // the order's line id is reserved
    const clash = line({ id: ORDER_LINE, taxClass: "general", amount: 100 });
    expect(() => computeTax(input({ lines: [clash], rates: [fee] }))).toThrow(RangeError);
  });

  it("a per-gallon tax on two 750 ml bottles: 1500 ml = 0.396258 gal × $2.68 = 106.197¢ → 106", () => {
    const spirits = line({ id: "s", taxClass: "spirits", amount: 0, quantity: 2, volumeMl: 750, abv: 40 });
    expect(one(spirits)).toEqual({ "s US-ZZ-TOWN liquor": 106 });
  });

  it("a per-litre tax: 750 ml × $3.7708 a litre = 282.81¢ → 283", () => {
    const litre: Rate = {
      kind: "per_volume",
      jurisdiction: STATE,
      taxType: "spirits litre",
      classes: ["spirits"],
      unit: "litre",
      microDollarsPerUnit: 3_770_800,
      effective: since,
      source,
    };
    const spirits = line({ id: "s", taxClass: "spirits", amount: 0, volumeMl: 750, abv: 40 });
    expect(one(spirits, { rates: [litre] })).toEqual({ "s US-ZZ spirits litre": 283 });
  });

  it.each([
    { volumeMl: 355, quantity: 6, cents: 30 }, // under 710 ml: 5¢ each
    { volumeMl: 709, quantity: 1, cents: 5 },
    { volumeMl: 710, quantity: 1, cents: 10 }, // `belowMl` is exclusive
    { volumeMl: 1000, quantity: 2, cents: 20 }, // 10¢ each
  ])(
    "a CRV-like deposit: $quantity × $volumeMl ml → $cents¢, whatever the discount",
    ({ volumeMl, quantity, cents }) => {
      const beer = line({
        id: "b",
        taxClass: "beer",
        amount: 1000,
        discount: 1000,
        quantity,
        volumeMl,
        abv: 5,
      });
      expect(one(beer, { rates: [deposit] })).toEqual({ "b US-ZZ deposit": cents });
    },
  );

  it("a rate outside its effective window is ignored (from inclusive, to exclusive)", () => {
    const window = (taxType: string, effective: { from: string; to?: string }): Rate => ({
      ...percent(STATE, taxType, 100_000, ["general"]),
      effective,
    });
    const windows = [
      window("expired", { from: "2020-01-01", to: "2026-11-29" }),
      window("future", { from: "2026-11-30" }),
      window("starts today", { from: "2026-11-29" }),
      window("ends tomorrow", { from: "2020-01-01", to: "2026-11-30" }),
    ];
    const gift = line({ id: "g", taxClass: "general", amount: 1000 });
    expect(one(gift, { rates: windows, on: "2026-11-29T18:30:00Z" })).toEqual({
      "g US-ZZ starts today": 100,
      "g US-ZZ ends tomorrow": 100,
    });
  });

  it("a discount larger than the amount taxes nothing, never a negative", () => {
    const gift = line({ id: "g", taxClass: "general", amount: 500, discount: 800 });
    expect(computeTax(input({ lines: [gift], deliveryFee: 0 }))).toEqual({ lines: [], total: 0 });
  });

  it("refuses money that is not a non-negative integer, and repeated line ids", () => {
    const gift = line({ id: "g", taxClass: "general", amount: 10.5 });
    expect(() => computeTax(input({ lines: [gift] }))).toThrow(RangeError);
    expect(() => computeTax(input({ deliveryFee: -1 }))).toThrow(RangeError);
    expect(() => computeTax(input({ lines: [cart[0], cart[0]] }))).toThrow(RangeError);
    expect(() => computeTax(input({ on: "29/11/2026" }))).toThrow(RangeError);
  });
});
