import { describe, expect, it } from "vitest";
import { bundleDeal } from "./bundle-deal.ts";

describe("bundleDeal (spec §5: 'Buy {n} Save $amount')", () => {
  it.each([
    // price, package item price, package qty → text
    [1099, 199, 6, "Buy 6 Save $0.95"],
    [1500, 300, 6, "Buy 6 Save $3"],
    [4299, 1199, 4, "Buy 4 Save $4.97"],
    [2000, 250, 12, "Buy 12 Save $10"],
    [120000, 11000, 12, "Buy 12 Save $120"],
  ])("price %i, item %i × %i → %s", (price, item, qty, text) => {
    expect(bundleDeal(price, item, qty)).toBe(text);
  });

  it.each([
    ["no price", null, 199, 6],
    ["no package item price", 1099, null, 6],
    ["no package qty", 1099, 199, null],
    ["undefined figures", undefined, undefined, undefined],
    ["no saving", 1200, 200, 6],
    ["pack dearer than singles", 1300, 200, 6],
    ["single item", 199, 250, 1],
  ])("%s → null", (_why, price, item, qty) => {
    expect(bundleDeal(price, item, qty)).toBeNull();
  });
});
