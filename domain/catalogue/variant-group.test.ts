import { describe, expect, it } from "vitest";
import { assignVariantGroups, titleWithoutSize, variantBaseKey } from "./variant-group.ts";

describe("variant groups", () => {
  it.each([
    ["Fireball Cinnamon Whiskey 100ml Carrier", "Fireball Cinnamon Whiskey Carrier"],
    ["Smirnoff 80 Proof Pet", "Smirnoff 80 Proof"],
    ["Skyy Vodka Mini", "Skyy Vodka"],
    ["Don Julio 3 x 375ml", "Don Julio"],
    ["Smirnoff 1.75L", "Smirnoff"],
    ["Ketel One Botanical 3-Pack", "Ketel One Botanical"],
  ])("size words out: %s → %s", (title, expected) => {
    expect(titleWithoutSize(title)).toBe(expected);
  });

  it("groups the sizes of one product within a source", () => {
    const groups = assignVariantGroups([
      {
        sku: "IA-15626-750",
        source: "iowa",
        brand: "Jameson",
        title: "Jameson",
        volumeMl: 750,
        packageQty: 1,
      },
      {
        sku: "IA-15628-1750",
        source: "iowa",
        brand: "Jameson",
        title: "Jameson",
        volumeMl: 1750,
        packageQty: 1,
      },
      {
        sku: "IA-15621-50",
        source: "iowa",
        brand: "Jameson",
        title: "Jameson Mini",
        volumeMl: 50,
        packageQty: 10,
      },
      { sku: "BC-10157-750", source: "bc", brand: "Jameson", title: "Jameson", volumeMl: 750, packageQty: 1 },
      {
        sku: "IA-15700-750",
        source: "iowa",
        brand: "Jameson",
        title: "Jameson Black Barrel",
        volumeMl: 750,
        packageQty: 1,
      },
    ]);
    expect(groups.get("IA-15626-750")).toBe(variantBaseKey("iowa", "Jameson", "Jameson"));
    expect(groups.get("IA-15628-1750")).toBe(groups.get("IA-15626-750"));
    expect(groups.get("IA-15621-50")).toBe(groups.get("IA-15626-750"));
    expect(groups.get("BC-10157-750")).not.toBe(groups.get("IA-15626-750"));
    expect(groups.get("IA-15700-750")).not.toBe(groups.get("IA-15626-750"));
  });

  it("gives the later of two same-size products a group of its own, whatever the input order", () => {
    const a = { sku: "IA-100-750", source: "iowa", brand: "X", title: "X Gin", volumeMl: 750, packageQty: 1 };
    const b = { ...a, sku: "IA-200-750" };
    for (const items of [
      [a, b],
      [b, a],
    ]) {
      const groups = assignVariantGroups(items);
      expect(groups.get("IA-100-750")).toBe("iowa:x:x-gin");
      expect(groups.get("IA-200-750")).toBe("iowa:x:x-gin:ia-200-750");
    }
  });
});
