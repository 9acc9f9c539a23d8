import { describe, expect, it } from "vitest";
import { addedTipFromForm, checkoutTipFromForm, checkoutTipOptions, tipOptions } from "./tip-form.ts";

describe("the tip page's tip", () => {
  it("offers 15, 18 and 20 % of the subtotal, a custom amount and none when nothing was tipped at checkout", () => {
    expect(tipOptions(4599)).toEqual([
      { value: "15", percent: 15, amount: 690 },
      { value: "18", percent: 18, amount: 828 },
      { value: "20", percent: 20, amount: 920 },
      { value: "custom", percent: null, amount: null },
      { value: "none", percent: null, amount: 0 },
    ]);
  });

  it.each([
    [690, ["add-200", "add-500", "add-1000", "custom", "none"]],
    [100_00 - 500, ["add-200", "add-500", "custom", "none"]],
    [100_00, ["custom", "none"]],
  ])("with %i cents tipped at checkout, offers amounts to add to it: %j", (tipped, values) => {
    expect(tipOptions(4599, tipped).map((o) => o.value)).toEqual(values);
  });

  it.each([
    ["15", "", 0, { ok: true, amount: 690 }],
    ["20", "99", 0, { ok: true, amount: 920 }],
    ["none", "5", 0, { ok: true, amount: 0 }],
    ["", "", 0, { ok: true, amount: 0 }],
    ["custom", "5", 0, { ok: true, amount: 500 }],
    ["custom", " $7.5 ", 0, { ok: true, amount: 750 }],
    ["custom", "0.01", 0, { ok: true, amount: 1 }],
    ["custom", "100", 0, { ok: true, amount: 10000 }],
    ["custom", "100.01", 0, { ok: false, message: "A tip on this order can be at most $100.00." }],
    ["custom", "five", 0, { ok: false, message: "Enter your tip in dollars, like 5 or 7.50." }],
    ["custom", "-5", 0, { ok: false, message: "Enter your tip in dollars, like 5 or 7.50." }],
    ["custom", "5.999", 0, { ok: false, message: "Enter your tip in dollars, like 5 or 7.50." }],
    ["25", "", 0, { ok: false, message: "Choose a tip." }],
    ["add-500", "", 690, { ok: true, amount: 500 }],
    ["add-500", "", 0, { ok: false, message: "Choose a tip." }],
    ["15", "", 690, { ok: false, message: "Choose a tip." }],
    ["custom", "93.10", 690, { ok: true, amount: 9310 }],
    ["custom", "93.11", 690, { ok: false, message: "You can add at most $93.10 to your tip on this order." }],
  ])(
    "choice %s with custom %j, %i tipped at checkout, on a $45.99 order: %j",
    (choice, custom, tipped, expected) => {
      expect(addedTipFromForm(choice, custom, 4599, tipped)).toEqual(expected);
    },
  );

  it("offers checkout's own choices to change the tip chosen there", () => {
    expect(checkoutTipOptions(4599).map((o) => [o.value, o.amount])).toEqual([
      ["pct-0", 0],
      ["pct-10", 460],
      ["pct-15", 690],
      ["pct-20", 920],
      ["custom", null],
    ]);
  });

  it.each([
    ["pct-0", "", { ok: true, amount: 0 }],
    ["pct-10", "", { ok: true, amount: 460 }],
    ["custom", "3", { ok: true, amount: 300 }],
    ["custom", "101", { ok: false, message: "A tip on this order can be at most $100.00." }],
    ["none", "", { ok: false, message: "Choose a tip." }],
    ["pct-12", "", { ok: false, message: "Choose a tip." }],
  ])("changing it: choice %s with custom %j on a $45.99 order: %j", (choice, custom, expected) => {
    expect(checkoutTipFromForm(choice, custom, 4599)).toEqual(expected);
  });
});
