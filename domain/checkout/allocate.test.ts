import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { allocate } from "./allocate.ts";

describe("allocate", () => {
  it.each([
    [100, [1, 1, 1], [34, 33, 33]],
    [500, [4000, 1000], [400, 100]],
    [1, [1, 1], [1, 0]],
    [700, [0, 0], [700, 0]],
    [0, [3, 4], [0, 0]],
    [999, [2500, 0, 2500], [500, 0, 499]],
  ])("%i over %j → %j", (amount, weights, parts) => {
    expect(allocate(amount, weights)).toEqual(parts);
  });

  it("adds up exactly and stays near proportional", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.array(fc.integer({ min: 0, max: 100_000 }), { minLength: 1, maxLength: 6 }),
        (amount, weights) => {
          const parts = allocate(amount, weights);
          expect(parts.reduce((s, p) => s + p, 0)).toBe(amount);
          const total = weights.reduce((s, w) => s + w, 0);
          if (total > 0)
            for (const [i, p] of parts.entries())
              expect(Math.abs(p - (amount * weights[i]) / total)).toBeLessThan(1);
        },
      ),
    );
  });
});
