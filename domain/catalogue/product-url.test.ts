import { describe, expect, it } from "vitest";
import { productUrl } from "./product-url.ts";
import { isSku } from "./sku.ts";

describe("productUrl (spec §2: {categoryUrl}/{title-slug}/{sku_id})", () => {
  it.each([
    [
      { sku_id: "IA-10157-750", title: "Jameson Irish Whiskey", default_category: "whiskey" },
      "/whiskey/jameson-irish-whiskey/IA-10157-750",
    ],
    [
      { sku_id: "BC-562835-6", title: "Parallel 49 Filthy Dirty IPA", default_category: "beer" },
      "/beer/parallel-49-filthy-dirty-ipa/BC-562835-6",
    ],
    [
      { sku_id: "IA-1-750", title: "Maker's Mark 46", default_category: "whiskey" },
      "/whiskey/makers-mark-46/IA-1-750",
    ],
    [
      { sku_id: "NC-9-1", title: "Rosé & Bubbles", default_category: "rose" },
      "/rose/rose-and-bubbles/NC-9-1",
    ],
    [{ sku_id: "NC-9-2", title: "!!!", default_category: "more" }, "/more/product/NC-9-2"],
  ])("%o → %s", (product, url) => {
    expect(productUrl(product)).toBe(url);
  });

  it("ends with a SKU the product route recognises", () => {
    const url = productUrl({ sku_id: "IA-10157-750_ETCH", title: "Jameson", default_category: "whiskey" });
    expect(isSku(url.split("/").at(-1) ?? "")).toBe(true);
  });
});
