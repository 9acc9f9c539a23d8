import { describe, expect, it } from "vitest";
import { isPriceVisible } from "./price-visibility.ts";

describe("isPriceVisible (spec §5)", () => {
  const seller = { store_id: "s1", name: "Store" };
  it.each([
    ["seller, enabled", { seller, disabled: false }, true],
    ["seller, disabled flag absent", { seller }, true],
    ["no seller", { seller: null, disabled: false }, false],
    ["seller missing", { disabled: false }, false],
    ["seller, disabled", { seller, disabled: true }, false],
    ["no seller, disabled", { seller: null, disabled: true }, false],
  ])("%s → %s", (_why, product, visible) => {
    expect(isPriceVisible(product)).toBe(visible);
  });
});
