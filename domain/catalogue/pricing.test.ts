import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  bcShelfPriceCents,
  iowaShelfPriceCents,
  packageItemPriceCents,
  packSavingCents,
  storePriceCents,
} from "./pricing.ts";

describe("shelf prices from the sources", () => {
  it.each([
    [9.38, 1199], // Scoresby: 9.38 × 1.3 = 12.19 → $11.99
    [27.0, 3499], // Maker's Mark: 35.10 → $34.99
    [0.5, 99], // never below 99 cents
    [3000, 389999],
  ])("Iowa retail $%f → %i cents", (retail, cents) => {
    expect(iowaShelfPriceCents(retail)).toBe(cents);
  });

  it.each([
    [34.99, 2699], // Jameson: 27.29 USD → $26.99
    [12.5, 999], // Parallel 49 six-pack: 9.75 → $9.99
    [30250, 2359499],
  ])("BC CAD %f → %i cents", (cad, cents) => {
    expect(bcShelfPriceCents(cad)).toBe(cents);
  });

  it("ends every shelf and store price in .99", () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0.5, max: 40_000, noNaN: true }),
        fc.double({ min: 0.95, max: 1.08, noNaN: true }),
        (retail, f) => {
          const shelf = iowaShelfPriceCents(retail);
          return shelf % 100 === 99 && storePriceCents(shelf, f) % 100 === 99;
        },
      ),
    );
  });

  it("moves a store price with its factor", () => {
    expect(storePriceCents(2999, 1)).toBe(2999);
    expect(storePriceCents(2999, 1.08)).toBe(3199);
    expect(storePriceCents(2999, 0.95)).toBe(2799);
    expect(() => storePriceCents(0, 1)).toThrow(RangeError);
  });
});

describe("package item price (the Buy-n-Save bundle text)", () => {
  it.each([
    [1299, 6, 239],
    [999, 6, 189],
    [4599, 24, 219],
    [2299, 12, 219],
  ])("pack %i cents of %i → single %i cents", (pack, qty, single) => {
    expect(packageItemPriceCents(pack, qty)).toBe(single);
  });

  it("always makes buying the pack a real saving, and singles end in 9 cents", () => {
    fc.assert(
      fc.property(fc.integer({ min: 99, max: 500_000 }), fc.integer({ min: 2, max: 120 }), (pack, qty) => {
        const single = packageItemPriceCents(pack, qty);
        return (
          packSavingCents(pack, single, qty) > 0 && single % 10 === 9 && single * qty <= pack * 1.1 + qty * 11
        );
      }),
    );
  });

  it("has no single price for a single item", () => {
    expect(() => packageItemPriceCents(999, 1)).toThrow(RangeError);
  });
});
