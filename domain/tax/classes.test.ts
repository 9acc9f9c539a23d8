import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { PRODUCT_TAGS } from "../catalogue/product-tags.ts";
import { PRODUCT_TAX_CLASSES, taxClassOf } from "./classes.ts";
import type { TaxClass } from "./types.ts";

describe("taxClassOf", () => {
  const cases: [string, string[], string, TaxClass][] = [
    ["a bourbon", ["WS"], "Buffalo Trace Bourbon", "spirits"],
    ["a whiskey gift set", ["GFS", "WS"], "Jameson Gift Pack", "spirits"],
    ["a ready-made cocktail", ["CO"], "Cutwater Margarita", "spirits"],
    ["a sparkling rosé", ["SW", "RS"], "Chandon Rosé", "wine"],
    ["sake", ["SK"], "Gekkeikan Sake", "wine"],
    ["a dollar wine", ["5C", "RW"], "Barefoot Merlot", "wine"],
    ["a lager", ["BE"], "Modelo Especial", "beer"],
    ["a hard seltzer", ["HS"], "White Claw Black Cherry", "beer"],
    ["a vape", ["VP"], "Vuse Alto Pods", "vapor"],
    ["nicotine pouches", ["NP"], "ZYN Cool Mint 6mg", "nicotine"],
    ["a cigar", ["TB"], "Swisher Sweets", "tobacco"],
    ["a tonic", ["MX"], "Fever-Tree Indian Tonic Water", "soft_drink"],
    ["club soda", ["MX"], "Q Club Soda", "soft_drink"],
    ["spring water", ["MX"], "Fiji Natural Artesian Water", "non_alcoholic"],
    ["a cola", ["MX"], "Coca-Cola 12 pack", "soft_drink"],
    ["ice", ["MX"], "Bagged Ice 7 lb", "non_alcoholic"],
    ["chips", ["SN"], "Doritos Nacho Cheese", "food"],
    ["gift wrap", ["GW"], "Gift bag", "general"],
    ["condoms", ["SEX"], "Trojan ENZ", "general"],
  ];
  it.each(cases)("%s is %4$s", (_what, tags, title, expected) => {
    expect(taxClassOf({ tags, title })).toBe(expected);
  });
});

describe("PRODUCT_TAX_CLASSES", () => {
  it("holds every class a product of any tags and title is given, and no charge around the goods", () => {
    const tags = Object.keys(PRODUCT_TAGS);
    fc.assert(
      fc.property(
        fc.subarray(tags),
        fc.constantFrom("Fever-Tree Tonic", "Bagged Ice", "Spring Water", "Kettle Chips", "Gift Bag"),
        (picked, title) => {
          expect(PRODUCT_TAX_CLASSES).toContain(taxClassOf({ tags: picked, title }));
        },
      ),
    );
    expect(PRODUCT_TAX_CLASSES).not.toContain("delivery_fee");
    expect(PRODUCT_TAX_CLASSES).not.toContain("tip");
  });
});
