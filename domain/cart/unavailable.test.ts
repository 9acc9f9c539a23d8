import { describe, expect, it } from "vitest";
import { listTitles, relocationMessage, unavailableMessage, unavailableReason } from "./unavailable.ts";

const KEPT = "Unavailable items stay in your cart, left out of the total, until you remove them.";

describe("unavailable cart lines", () => {
  it.each([
    [{ price: 3000, stock: 5, sku: "IA-1-750", engraving: null }, null],
    [{ price: null, stock: 5, sku: "IA-1-750", engraving: null }, "not_sold"],
    [{ price: 3000, stock: 0, sku: "IA-1-750", engraving: null }, "out_of_stock"],
    [{ price: 3000, stock: 5, sku: "IA-1-750_ETCH", engraving: null }, "engraving_required"],
    [
      { price: 3000, stock: 5, sku: "IA-1-750_ETCH", engraving: { line_1: "Hi", line_2: "", line_3: "" } },
      null,
    ],
  ] as const)("%j → %s", (line, reason) => {
    expect(unavailableReason(line)).toBe(reason);
  });

  it.each([
    [[], ""],
    [["Gin"], "Gin"],
    [["Gin", "Rum"], "Gin and Rum"],
    [["Gin", "Rum", "Gin", "Rye"], "Gin, Rum and Rye"],
  ])("lists %j as %j", (titles, text) => {
    expect(listTitles(titles)).toBe(text);
  });

  it("names unavailable lines by store, then those needing engraving text, and says they stay", () => {
    expect(unavailableMessage([])).toBeNull();
    expect(
      unavailableMessage([
        { title: "Gin", store_name: "Uptown", reason: "not_sold" },
        { title: "Bourbon — Engraved", store_name: "Uptown", reason: "engraving_required" },
        { title: "Rye", store_name: "Ships", reason: "out_of_stock" },
        { title: "Rum", store_name: "Uptown", reason: "out_of_stock" },
      ]),
    ).toBe(
      `Not available from Uptown: Gin and Rum. Not available from Ships: Rye. Bourbon — Engraved needs engraving text: remove and add again with your text. ${KEPT}`,
    );
  });

  it("ends each sentence with one full stop after a title that has its own", () => {
    expect(
      unavailableMessage([
        { title: "Gin & Tonic Co.", store_name: "Williamsburg Bottle Co.", reason: "not_sold" },
      ]),
    ).toBe(`Not available from Williamsburg Bottle Co.: Gin & Tonic Co. ${KEPT}`);
    expect(
      relocationMessage({
        storeName: "Williamsburg Bottle Co.",
        unavailable: ["Gin & Tonic Co."],
        lowered: [],
      }),
    ).toBe(`Not available from Williamsburg Bottle Co.: Gin & Tonic Co. ${KEPT}`);
  });

  it("tells what a move to another store left unavailable or lowered", () => {
    expect(relocationMessage({ storeName: "Uptown", unavailable: [], lowered: [] })).toBeNull();
    expect(
      relocationMessage({
        storeName: "Uptown",
        unavailable: ["Gin", "Beer"],
        lowered: [{ title: "Rye", qty: 2 }],
      }),
    ).toBe(`Not available from Uptown: Gin and Beer. Only 2 of Rye at Uptown: quantity lowered. ${KEPT}`);
    expect(
      relocationMessage({ storeName: "Uptown", unavailable: [], lowered: [{ title: "Rye", qty: 2 }] }),
    ).toBe("Only 2 of Rye at Uptown: quantity lowered.");
  });
});
