import { describe, expect, it } from "vitest";
import { categoryText, productOfProposal, proposedSku } from "./proposal.ts";
import { isSku } from "./sku.ts";

const ID = "3f2a9c1e-77b0-4d1e-9a51-0c2d4e6f8a10";

describe("proposedSku", () => {
  it.each([
    [750, "SP-3F2A9C1E-750"],
    [1750, "SP-3F2A9C1E-1750"],
    [null, "SP-3F2A9C1E-EA"],
    [0, "SP-3F2A9C1E-EA"],
  ])("a proposal of %s ml is %s, a SKU of the spec's form", (ml, sku) => {
    expect(proposedSku(ID, ml)).toBe(sku);
    expect(isSku(sku)).toBe(true);
  });

  it("refuses an id with too few hex digits", () => {
    expect(() => proposedSku("zz-1", 750)).toThrow();
  });
});

describe("productOfProposal", () => {
  it("makes the catalogue row from the store's facts and the administrator's choices", () => {
    const row = productOfProposal(
      { id: ID, title: "House Gin", upc: "012345678905", volumeMl: 750, priceCents: 1849 },
      { title: "Zq Xv House Gin", brand: "Zq Xv", category: { urlName: "gin", tag: "GN" }, volumeMl: 750 },
    );
    expect(row).toEqual({
      sku_id: "SP-3F2A9C1E-750",
      title: "Zq Xv House Gin",
      brand_name: "Zq Xv",
      volume_ml: 750,
      volume_label: "750ml",
      tags: ["GN"],
      default_category: "gin",
      variant_group: "SP-3F2A9C1E-750",
      regular_price_cents: 1849,
      upc: "012345678905",
      source: "store",
      source_ref: ID,
      is_tobacco: false,
      category_text: "Gin",
    });
  });

  it("a tobacco category makes a tobacco product (age rules and tax follow the tag)", () => {
    const row = productOfProposal(
      { id: ID, title: "Pipe blend", upc: null, volumeMl: null, priceCents: 999 },
      { title: "Pipe blend", brand: null, category: { urlName: "tobacco", tag: "TB" }, volumeMl: null },
    );
    expect(row).toMatchObject({ is_tobacco: true, volume_label: null, sku_id: "SP-3F2A9C1E-EA" });
  });
});

describe("categoryText", () => {
  it("names the kind, the tags and the origin once each", () => {
    expect(categoryText({ type: "Gin", tags: ["GN"], country: "Scotland" })).toBe("Gin Scotland");
  });
});
