import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { PRICE_BANDS, priceBandIndex, priceBandLabel, priceBandOf } from "./price-bands.ts";

describe("price bands", () => {
  it.each([
    [0, "under-10"],
    [999, "under-10"],
    [1000, "10-20"],
    [1999, "10-20"],
    [2000, "20-40"],
    [3999, "20-40"],
    [4000, "40-75"],
    [7499, "40-75"],
    [7500, "75-plus"],
    [3_000_000, "75-plus"],
  ])("%i cents → %s", (cents, band) => {
    expect(priceBandOf(cents).value).toBe(band);
  });

  it("indexes the band whose bounds hold the price, for every price", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), (cents) => {
        const band = PRICE_BANDS[priceBandIndex(cents)];
        expect(cents).toBeGreaterThanOrEqual(band.min);
        if (band.max !== null) expect(cents).toBeLessThan(band.max);
      }),
    );
    for (const [i, band] of PRICE_BANDS.entries()) {
      expect(priceBandIndex(band.min)).toBe(i);
      if (band.max !== null) expect(priceBandIndex(band.max - 1)).toBe(i);
    }
  });

  it("covers every price once, in order, without gaps", () => {
    for (let i = 1; i < PRICE_BANDS.length; i++) expect(PRICE_BANDS[i].min).toBe(PRICE_BANDS[i - 1].max);
    expect(PRICE_BANDS[0].min).toBe(0);
    expect(PRICE_BANDS.at(-1)?.max).toBeNull();
  });

  it.each([
    ["under-10", "Under $10"],
    ["75-plus", "$75 & up"],
    ["nope", null],
  ])("label of %s is %s", (value, label) => {
    expect(priceBandLabel(value)).toBe(label);
  });
});
