import { describe, expect, it } from "vitest";
import type { ConsoleOrder } from "#domain/orders/types.ts";
import { shortLinesFrom } from "./short-lines.ts";

const products = [
  { sku_id: "A-1", title: "Bourbon", qty: 3 },
  { sku_id: "B-1", title: "Gin", qty: 1 },
] as ConsoleOrder["products"];

const form = (entries: [string, string][]) => {
  const f = new FormData();
  for (const [k, v] of entries) f.append(k, v);
  return f;
};

describe("the console's short-lines form", () => {
  it("reads the ticked lines, their shelf counts and suggestions (each once, at most five)", () => {
    expect(
      shortLinesFrom(
        form([
          ["short", "A-1"],
          ["shelf:A-1", "1"],
          ["suggest:A-1", "K-1"],
          ["suggest:A-1", "K-1"],
          ["suggest:A-1", "K-2"],
          ["short", "B-1"],
          ["shelf:B-1", ""],
          ["shelf:X", "9"],
        ]),
        products,
      ),
    ).toEqual({
      ok: true,
      lines: [
        { sku_id: "A-1", stock_level: 1, suggestions: ["K-1", "K-2"] },
        { sku_id: "B-1", stock_level: 0, suggestions: [] },
      ],
    });
  });

  it.each([
    [[], "Tick the items you are short of."],
    [[["short", "Z-9"]], "That item is not on this order."],
    [
      [
        ["short", "A-1"],
        ["shelf:A-1", "3"],
      ],
      "For Bourbon, enter how many you have: a whole number from 0 to 2.",
    ],
    [
      [
        ["short", "A-1"],
        ["shelf:A-1", "1.5"],
      ],
      "For Bourbon, enter how many you have: a whole number from 0 to 2.",
    ],
    [
      [
        ["short", "A-1"],
        ["shelf:A-1", "-1"],
      ],
      "For Bourbon, enter how many you have: a whole number from 0 to 2.",
    ],
  ] as [[string, string][], string][])("refuses %o: %s", (entries, message) => {
    expect(shortLinesFrom(form(entries), products)).toEqual({ ok: false, message });
  });
});
