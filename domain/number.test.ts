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

  it("matches toLocaleString('en-US') for whole numbers", () => {
    fc.assert(
      fc.property(fc.integer({ min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }), (n) => {
        expect(formatCount(n)).toBe(n.toLocaleString("en-US"));
      }),
    );
  });
});
