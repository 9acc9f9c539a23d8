import { describe, expect, it } from "vitest";
import { MAX_STOCK, stableHash, stockLevel, storeCarries } from "./inventory.ts";

const skus = Array.from({ length: 20_000 }, (_, i) => `IA-${10_000 + i}-750`);

describe("deterministic assortments", () => {
  it("hashes with FNV-1a (known vectors)", () => {
    expect(stableHash("")).toBe(0x811c9dc5);
    expect(stableHash("a")).toBe(0xe40c292c);
    expect(stableHash("foobar")).toBe(0xbf9cf968);
  });

  it.each([0.7, 0.8, 0.9])("a store with coverage %f carries about that share", (coverage) => {
    const carried = skus.filter((sku) => storeCarries("st_chi-river-north", sku, coverage)).length;
    expect(carried / skus.length).toBeCloseTo(coverage, 1);
  });

  it("gives the same answer every time and different assortments to different stores", () => {
    const a = skus.filter((sku) => storeCarries("st_a", sku, 0.8));
    expect(skus.filter((sku) => storeCarries("st_a", sku, 0.8))).toEqual(a);
    expect(skus.filter((sku) => storeCarries("st_b", sku, 0.8))).not.toEqual(a);
  });

  it("stocks 0 to 60 units, about 5% out of stock", () => {
    const levels = skus.map((sku) => stockLevel("st_chi-river-north", sku));
    expect(Math.min(...levels)).toBe(0);
    expect(Math.max(...levels)).toBe(MAX_STOCK);
    const outOfStock = levels.filter((l) => l === 0).length / levels.length;
    expect(outOfStock).toBeGreaterThan(0.04);
    expect(outOfStock).toBeLessThan(0.06);
  });
});
