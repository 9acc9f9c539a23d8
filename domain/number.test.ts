import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatCount } from "./number.ts";

describe("formatCount", () => {
  it.each([
    [0, "0"],
    [7, "7"],
    [999, "999"],
    [1000, "1,000"],
    [2976, "2,976"],
    [14525, "14,525"],
    [100000, "100,000"],
    [1234567, "1,234,567"],
    [-1234, "-1,234"],
  ])("%i → %s", (n, text) => {
    expect(formatCount(n)).toBe(text);
  });

  it.each([0.5, 1234.5678, -0, 2 ** 60, Number.NaN])("leaves %d to ICU, as toLocaleString('en-US')", (n) => {
    expect(formatCount(n)).toBe(n.toLocaleString("en-US"));
  });

  it("matches toLocaleString('en-US') for whole numbers", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.integer({ min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }),
          // Prices and counts: each length of digits, where the groups' edges are.
          fc.integer({ min: -10_000_000, max: 10_000_000 }),
        ),
        (n) => {
          expect(formatCount(n)).toBe(n.toLocaleString("en-US"));
        },
      ),
      { numRuns: 1000 },
    );
  });
});
