import { describe, expect, it } from "vitest";
import { type PartLine, type PartTaxInput, partTax } from "./part-tax.ts";
import { chicago } from "./rates/index.ts";

/** A Chicago store's part: a $30 bourbon and a $5 cola, the $3.99 fee, no tip. */
const SPIRITS: PartLine = {
  id: "bourbon",
  taxClass: "spirits",
  amount: 3000,
  quantity: 1,
  volumeMl: 750,
  abv: 45,
};
const COLA: PartLine = {
  id: "cola",
  taxClass: "soft_drink",
  amount: 500,
  quantity: 1,
  volumeMl: 2000,
  abv: null,
};

const part = (over: Partial<PartTaxInput>): PartTaxInput => ({
  rates: chicago.rates,
  rules: chicago.rules,
  on: "2026-11-29",
  lines: [SPIRITS, COLA],
  discount: 0,
  discountOnFee: false,
  fee: 399,
  tip: 0,
  ...over,
});

/** Each line's tax, summed over its jurisdictions and tax types. */
const byLine = (input: PartTaxInput) => {
  const sums: Record<string, number> = {};
  for (const line of partTax(input).lines) sums[line.lineId] = (sums[line.lineId] ?? 0) + line.cents;
  return sums;
};

describe("a store part's tax with a promo (issue 33 §1: whether a discount reduces the base)", () => {
  const undiscounted = byLine(part({}));

  it("a promo on every line lowers each line's tax by its share", () => {
    const shared = byLine(part({ discount: 700 }));
    expect(shared.bourbon).toBeLessThan(undiscounted.bourbon);
    expect(shared.cola).toBeLessThan(undiscounted.cola);
    expect(shared.delivery_fee).toBe(undiscounted.delivery_fee);
  });

  it("a promo that covers only the bourbon lowers only the bourbon's tax, as if its share were all of it", () => {
    const covered = byLine(part({ discount: 700, lines: [SPIRITS, { ...COLA, promoEligible: false }] }));
    expect(covered.cola).toBe(undiscounted.cola);
    // The same as the bourbon alone with the whole $7 off it.
    expect(covered.bourbon).toBe(byLine(part({ discount: 700, lines: [SPIRITS] })).bourbon);
    expect(covered.bourbon).toBeLessThan(undiscounted.bourbon);
  });

  it("free delivery lowers the fee's tax to nothing and leaves the goods' alone", () => {
    const free = byLine(part({ discount: 399, discountOnFee: true }));
    expect(free.delivery_fee ?? 0).toBe(0);
    expect(undiscounted.delivery_fee).toBeGreaterThan(0);
    expect(free.bourbon).toBe(undiscounted.bourbon);
    expect(free.cola).toBe(undiscounted.cola);
  });

  it("a promo that covers none of the part's lines lowers none of them", () => {
    const none = byLine(
      part({
        discount: 700,
        lines: [
          { ...SPIRITS, promoEligible: false },
          { ...COLA, promoEligible: false },
        ],
      }),
    );
    expect(none).toEqual(undiscounted);
  });

  it("the tax lines add up to the total whichever lines the promo covers", () => {
    for (const flags of [
      [true, true],
      [true, false],
      [false, true],
      [false, false],
    ]) {
      const result = partTax(
        part({ discount: 1234, lines: [SPIRITS, COLA].map((l, i) => ({ ...l, promoEligible: flags[i] })) }),
      );
      expect(result.lines.reduce((s, l) => s + l.cents, 0)).toBe(result.total);
    }
  });
});
