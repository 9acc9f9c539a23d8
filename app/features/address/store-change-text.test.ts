import { describe, expect, it } from "vitest";
import { storeChangeText } from "./store-change-text.ts";

const a = { id: "a", name: "Nightcap Chelsea", shipping: false };
const b = { id: "b", name: "Nightcap Brooklyn", shipping: false };
const s = { id: "s", name: "Nightcap Shipping", shipping: true };
const co = { id: "co", name: "Williamsburg Bottle Co.", shipping: false };

describe("storeChangeText", () => {
  it.each([
    [
      a,
      b,
      "Your store changed from Nightcap Chelsea to Nightcap Brooklyn. Prices and availability may differ.",
    ],
    [
      a,
      s,
      "This address is outside our delivery zones, so your order will ship from Nightcap Shipping. Prices and delivery times may differ.",
    ],
    [
      s,
      a,
      "Good news: Nightcap Chelsea delivers to this address. Prices and availability now come from Nightcap Chelsea.",
    ],
    [
      a,
      co,
      "Your store changed from Nightcap Chelsea to Williamsburg Bottle Co. Prices and availability may differ.",
    ],
    [
      s,
      co,
      "Good news: Williamsburg Bottle Co. delivers to this address. Prices and availability now come from Williamsburg Bottle Co.",
    ],
  ])("%o → %o", (from, to, text) => {
    expect(storeChangeText({ from, to })).toBe(text);
  });
});
