import { describe, expect, it } from "vitest";
import { tipAmountFromForm, tipOptions } from "./tip-form.ts";

describe("the tip page's tip", () => {
  it("offers 15, 18 and 20 % of the subtotal, a custom amount and none", () => {
    expect(tipOptions(4599)).toEqual([
      { value: "15", percent: 15, amount: 690 },
      { value: "18", percent: 18, amount: 828 },
      { value: "20", percent: 20, amount: 920 },
      { value: "custom", percent: null, amount: null },
      { value: "none", percent: null, amount: 0 },
    ]);
  });

  it.each([
    ["15", "", { ok: true, amount: 690 }],
    ["20", "99", { ok: true, amount: 920 }],
    ["none", "5", { ok: true, amount: 0 }],
    ["", "", { ok: true, amount: 0 }],
    ["custom", "5", { ok: true, amount: 500 }],
    ["custom", " $7.5 ", { ok: true, amount: 750 }],
    ["custom", "0.01", { ok: true, amount: 1 }],
    ["custom", "100", { ok: true, amount: 10000 }],
    ["custom", "100.01", { ok: false, message: "A tip on this order can be at most $100.00." }],
    ["custom", "five", { ok: false, message: "Enter your tip in dollars, like 5 or 7.50." }],
    ["custom", "-5", { ok: false, message: "Enter your tip in dollars, like 5 or 7.50." }],
    ["custom", "5.999", { ok: false, message: "Enter your tip in dollars, like 5 or 7.50." }],
    ["25", "", { ok: false, message: "Choose a tip." }],
  ])("choice %s with custom %j on a $45.99 order: %j", (choice, custom, expected) => {
    expect(tipAmountFromForm(choice, custom, 4599)).toEqual(expected);
  });
});
