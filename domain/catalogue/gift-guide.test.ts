import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { GIFT_BANDS, giftBandOf, giftingTags } from "./gift-guide.ts";

describe("giftBandOf", () => {
  it.each([
    [0, "under-25"],
    [2499, "under-25"],
    [2500, "25-50"],
    [4999, "25-50"],
    [5000, "50-100"],
    [9999, "50-100"],
    [10000, "100-plus"],
    [250000, "100-plus"],
  ])("%i cents → %s", (cents, key) => expect(giftBandOf(cents)?.key).toBe(key));

  it("has no band for a negative price", () => expect(giftBandOf(-1)).toBeNull());

  it("puts every price in exactly one band", () => {
    fc.assert(
      fc.property(fc.nat(1_000_000), (cents) => {
        expect(GIFT_BANDS.filter((b) => cents >= b.min && (b.max === null || cents < b.max))).toHaveLength(1);
      }),
    );
  });
});

describe("giftingTags", () => {
  it.each([
    ["the category's tag and product tags", { tag: "GFS", tags: ["GFS", "EN", "GW"] }, ["GFS", "EN", "GW"]],
    ["the tag alone", { tag: "GFS" }, ["GFS"]],
    ["no category: GFS", null, ["GFS"]],
    ["blank tags: GFS", { tag: " ", tags: [""] }, ["GFS"]],
  ])("%s", (_name, category, tags) => expect(giftingTags(category)).toEqual(tags));
});
