import { describe, expect, it } from "vitest";
import type { SubstitutionLine } from "#domain/orders/substitution.ts";
import { answersFromForm, choiceOf, estimatedChange, reviewItems, reviewReducer } from "./review-state.ts";

const bourbon: SubstitutionLine = {
  sku_id: "A-1",
  title: "Bourbon",
  quantity: 3,
  stock_level: 1,
  price: 3000,
};
const gin: SubstitutionLine = { sku_id: "B-1", title: "Gin", quantity: 1, stock_level: 0, price: 2500 };
const vodka = { sku_id: "K-1", title: "Vodka", price: 2000 };

describe("the substitution review's state", () => {
  const start = reviewItems([bourbon, gin]);

  it("starts from what the store would do: keep what it has, remove what it has none of", () => {
    expect(start.map(choiceOf)).toEqual(["keep", "remove"]);
    expect(start.map((i) => i.recorded)).toEqual([null, null]);
    expect(estimatedChange(start)).toBe(-2 * 3000 - 2500);
  });

  it("records 'Removed {title}', 'Replaced {title}' and 'Reset {title}'", () => {
    let items = reviewReducer(start, { type: "remove", sku: "A-1" });
    expect(items[0]).toMatchObject({
      answer: { removed: true, kept: 0, added: [] },
      recorded: "Removed Bourbon",
    });
    items = reviewReducer(items, { type: "replace", sku: "A-1", product: vodka, keepInStock: true });
    expect(items[0]).toMatchObject({
      answer: { removed: false, kept: 1, added: [{ sku_id: "K-1", qty: 2 }] },
      recorded: "Replaced Bourbon",
    });
    expect(choiceOf(items[0])).toBe("replace");
    expect(estimatedChange(items)).toBe(-2 * 3000 + 2 * 2000 - 2500);
    items = reviewReducer(items, { type: "reset", sku: "A-1" });
    expect(items[0]).toMatchObject({
      answer: { removed: false, kept: 1, added: [] },
      recorded: "Reset Bourbon",
    });
  });

  it("replaces the whole line when nothing is kept, and the quantity stays between 1 and 99", () => {
    let items = reviewReducer(start, { type: "replace", sku: "B-1", product: vodka, keepInStock: false });
    expect(items[1].answer).toEqual({
      sku_id: "B-1",
      removed: true,
      kept: 0,
      added: [{ sku_id: "K-1", qty: 1 }],
    });
    items = reviewReducer(items, { type: "quantity", sku: "B-1", qty: 0 });
    expect(items[1].answer.added[0].qty).toBe(1);
    items = reviewReducer(items, { type: "quantity", sku: "B-1", qty: 500 });
    expect(items[1].answer.added[0].qty).toBe(99);
  });

  it("stores the server's message against its SKU and clears it on the next choice", () => {
    let items = reviewReducer(start, { type: "errors", errors: { "B-1": "Vodka just sold out." } });
    expect(items.map((i) => i.error)).toEqual([null, "Vodka just sold out."]);
    items = reviewReducer(items, { type: "remove", sku: "B-1" });
    expect(items[1].error).toBeNull();
  });
});

describe("the review form's fields", () => {
  const form = (entries: [string, string][]) => {
    const f = new FormData();
    for (const [k, v] of entries) f.append(k, v);
    return f;
  };
  it.each([
    [
      [],
      [
        { sku_id: "A-1", removed: false, kept: 1, added: [] },
        { sku_id: "B-1", removed: true, kept: 0, added: [] },
      ],
    ],
    [
      [
        ["choice:A-1", "replace"],
        ["with:A-1", "K-1"],
        ["qty:A-1", "2"],
        ["keepstock:A-1", "on"],
        ["choice:B-1", "replace"],
        ["with:B-1", "K-1"],
      ],
      [
        { sku_id: "A-1", removed: false, kept: 1, added: [{ sku_id: "K-1", qty: 2 }] },
        { sku_id: "B-1", removed: true, kept: 0, added: [{ sku_id: "K-1", qty: 1 }] },
      ],
    ],
    [
      [
        ["choice:A-1", "remove"],
        ["choice:B-1", "replace"],
      ],
      [
        { sku_id: "A-1", removed: true, kept: 0, added: [] },
        { sku_id: "B-1", removed: true, kept: 0, added: [] },
      ],
    ],
  ] as [[string, string][], unknown][])("%o", (entries, answers) => {
    expect(answersFromForm(form(entries), [bourbon, gin])).toEqual(answers);
  });
});
