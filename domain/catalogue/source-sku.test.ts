import { describe, expect, it } from "vitest";
import { GIFT_BAG_SKU } from "./constants.ts";
import { isEtchedSku, isSku } from "./sku.ts";
import { bcSku, curatedSku, etchedSku, iowaSku } from "./source-sku.ts";

describe("seeded SKUs", () => {
  it.each([
    [iowaSku("10006", 750), "IA-10006-750"],
    [iowaSku("100015", 3500), "IA-100015-3500"],
    [bcSku("562835", 341, 6), "BC-562835-6X341"],
    [bcSku("198267", 3000, 1), "BC-198267-3000"],
    [bcSku("18", 330, 6), "BC-18-6X330"],
    [curatedSku("MX001", "1L"), "NC-MX001-1L"],
    [curatedSku("hs001", "12x355"), "NC-HS001-12X355"],
    [curatedSku("GIFTBAG", "1"), GIFT_BAG_SKU],
    [etchedSku("IA-19476-750"), "IA-19476-750_ETCH"],
  ])("%s", (sku, expected) => {
    expect(sku).toBe(expected);
    expect(isSku(sku)).toBe(true);
  });

  it("marks engraved SKUs", () => {
    expect(isEtchedSku(etchedSku("IA-19476-750"))).toBe(true);
    expect(isEtchedSku("IA-19476-750")).toBe(false);
  });

  it("depends only on the source ids: same input, same SKU", () => {
    expect(bcSku("562835", 341, 6)).toBe(bcSku("562835", 341, 6));
  });

  it("refuses ids that would break the SKU form", () => {
    expect(() => iowaSku("100-15", 750)).toThrow();
    expect(() => curatedSku("MX 1", "1L")).toThrow();
    expect(() => curatedSku("MX1", "1.5L")).toThrow();
    expect(() => etchedSku("IA-1-750_ETCH")).toThrow();
  });
});
