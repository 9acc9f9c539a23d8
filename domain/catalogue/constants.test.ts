import { describe, expect, it } from "vitest";
import { GIFT_BAG_SKU, GIFTING_CATEGORY, HOME_TILES, ORDINAL_FALLBACK } from "./constants.ts";
import { ENGRAVING_PRICE_CENTS, etchedVariant } from "./etching.ts";
import { defaultCategoryFor } from "./product-tags.ts";
import { isSku } from "./sku.ts";

describe("catalogue constants (spec §9)", () => {
  it("lists the home tiles by name and code, in order", () => {
    expect(HOME_TILES.map((t) => [t.name, t.code])).toEqual([
      ["Beer", "BE"],
      ["Wine", "WN"],
      ["Spirits", "ST"],
      ["Nicotine & Tobacco", "TB"],
      ["Seltzer", "HS"],
      ["Rosé", "RS"],
      ["Sex", "SEX"],
      ["More", "OT"],
    ]);
  });

  it("has the gifts entry, the ordinal fallback and a gift bag SKU in the product SKU form", () => {
    expect(GIFTING_CATEGORY).toEqual({ url: "gifting", tag: "GFS", ordinal: 5 });
    expect(ORDINAL_FALLBACK).toBe(999);
    expect(isSku(GIFT_BAG_SKU)).toBe(true);
  });
});

describe("engraved variants", () => {
  it("are the master plus _ETCH, titled Engraved, $20 dearer", () => {
    expect(etchedVariant({ sku: "IA-19476-750", title: "Maker's Mark", regularPriceCents: 3499 })).toEqual({
      sku: "IA-19476-750_ETCH",
      title: "Maker's Mark — Engraved",
      regularPriceCents: 3499 + ENGRAVING_PRICE_CENTS,
      etchOf: "IA-19476-750",
    });
  });
});

describe("default category", () => {
  it.each([
    [["WS", "GFS"], "whiskey"],
    [["SW", "RS"], "champagne-sparkling"],
    [["RW", "5C"], "red-wine"],
    [["BE", "IR", "LR"], "beer"],
    [["NP"], "nicotine-tobacco"],
    [["GFS"], "gifting"],
  ])("%j → %s", (tags, category) => {
    expect(defaultCategoryFor(tags)).toBe(category);
  });

  it("refuses a product that only has campaign tags", () => {
    expect(() => defaultCategoryFor(["5C", "MT"])).toThrow();
  });
});
