import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MAX_LINE_QUANTITY } from "./constants.ts";
import { type Engraving, isSameLine } from "./merge.ts";
import { needsRelocation, type PlacedLine, relocateLines, type ShelfItem } from "./relocate.ts";

const HAPPY: Engraving = { line_1: "Happy", line_2: "40th", line_3: "" };
const OTHER: Engraving = { line_1: "Love", line_2: "", line_3: "" };

const line = (id: string, store_id: string, sku: string, qty = 1, engraving: Engraving | null = null) => ({
  id,
  store_id,
  sku,
  qty,
  engraving,
});
const shelf = (entries: Partial<Record<string, number | "unsold">>) =>
  new Map<string, ShelfItem>(
    Object.entries(entries).flatMap(([sku, stock]) =>
      stock === undefined
        ? []
        : [[sku, stock === "unsold" ? { sells: false, stock: 10 } : { sells: true, stock }] as const],
    ),
  );

/** Lines as [id, store, sku, qty, engraving line 1 or ""]. */
const summary = (lines: readonly PlacedLine[]) =>
  lines.map((l) => [l.id, l.store_id, l.sku, l.qty, l.engraving?.line_1 ?? ""]);

describe("relocateLines: the cart after the address moves to another store's area", () => {
  it.each([
    {
      name: "a cart at a store that still serves the address stays as it is",
      lines: [line("1", "old", "W"), line("2", "new", "V")],
      serving: ["old", "new"],
      stock: { W: 5, V: 5 },
      after: [
        ["1", "old", "W", 1, ""],
        ["2", "new", "V", 1, ""],
      ],
      moves: [],
    },
    {
      name: "lines move to the store that now serves the address, keeping their ids and order",
      lines: [line("1", "old", "W", 2), line("2", "old", "V")],
      serving: ["new"],
      stock: { W: 5, V: 5 },
      after: [
        ["1", "new", "W", 2, ""],
        ["2", "new", "V", 1, ""],
      ],
      moves: [
        ["1", "1", false, true, null],
        ["2", "2", false, true, null],
      ],
    },
    {
      name: "a SKU the new store does not stock moves and is unavailable there; one it stops selling too",
      lines: [line("1", "old", "W"), line("2", "old", "B", 3), line("3", "old", "U")],
      serving: ["new"],
      stock: { W: 5, U: "unsold" as const },
      after: [
        ["1", "new", "W", 1, ""],
        ["2", "new", "B", 3, ""],
        ["3", "new", "U", 1, ""],
      ],
      moves: [
        ["1", "1", false, true, null],
        ["2", "2", false, false, null],
        ["3", "3", false, false, null],
      ],
    },
    {
      name: "a SKU the new store sells with none in stock is unavailable",
      lines: [line("1", "old", "W", 2)],
      serving: ["new"],
      stock: { W: 0 },
      after: [["1", "new", "W", 2, ""]],
      moves: [["1", "1", false, false, null]],
    },
    {
      name: "a moved line meeting the same SKU and engraving at the new store merges into it",
      lines: [line("1", "new", "W", 2), line("2", "old", "W", 3), line("3", "old", "V")],
      serving: ["new"],
      stock: { W: 10, V: 10 },
      after: [
        ["1", "new", "W", 5, ""],
        ["3", "new", "V", 1, ""],
      ],
      moves: [
        ["2", "1", true, true, null],
        ["3", "3", false, true, null],
      ],
    },
    {
      name: "engraved lines move with their engraving; the same text merges, other text does not",
      lines: [
        line("1", "new", "E_ETCH", 1, HAPPY),
        line("2", "old", "E_ETCH", 1, HAPPY),
        line("3", "old", "E_ETCH", 2, OTHER),
        line("4", "old", "E", 1),
      ],
      serving: ["new"],
      stock: { E_ETCH: 10, E: 10 },
      after: [
        ["1", "new", "E_ETCH", 2, "Happy"],
        ["3", "new", "E_ETCH", 2, "Love"],
        ["4", "new", "E", 1, ""],
      ],
      moves: [
        ["2", "1", true, true, null],
        ["3", "3", false, true, null],
        ["4", "4", false, true, null],
      ],
    },
    {
      name: "lines from two old stores with the same SKU merge with each other at the new store",
      lines: [line("1", "a", "W", 2), line("2", "b", "W", 1)],
      serving: ["new"],
      stock: { W: 10 },
      after: [["1", "new", "W", 3, ""]],
      moves: [
        ["1", "1", false, true, null],
        ["2", "1", true, true, null],
      ],
    },
    {
      name: "a quantity above the new store's stock is lowered to it, after merging",
      lines: [line("1", "new", "W", 2), line("2", "old", "W", 2), line("3", "old", "V", 9)],
      serving: ["new"],
      stock: { W: 3, V: 4 },
      after: [
        ["1", "new", "W", 3, ""],
        ["3", "new", "V", 4, ""],
      ],
      moves: [
        ["2", "1", true, true, 4],
        ["3", "3", false, true, 9],
      ],
    },
    {
      name: "a line at another store that serves the address stays; the rest go to the new store",
      lines: [line("1", "near", "W"), line("2", "far", "V"), line("3", "new", "X")],
      serving: ["new", "near"],
      stock: { V: 5 },
      after: [
        ["1", "near", "W", 1, ""],
        ["2", "new", "V", 1, ""],
        ["3", "new", "X", 1, ""],
      ],
      moves: [["2", "2", false, true, null]],
    },
    {
      name: "unavailable lines that merge keep their summed quantity up to the line limit",
      lines: [line("1", "a", "B", 60), line("2", "b", "B", 60)],
      serving: ["new"],
      stock: {},
      after: [["1", "new", "B", MAX_LINE_QUANTITY, ""]],
      moves: [
        ["1", "1", false, false, 120],
        ["2", "1", true, false, 120],
      ],
    },
  ])("$name", ({ lines, serving, stock, after, moves }) => {
    const result = relocateLines({ lines, serving, target: serving[0], shelf: shelf(stock) });
    expect(summary(result.lines)).toEqual(after);
    expect(result.moves.map((m) => [m.from.id, m.to.id, m.merged, m.available, m.loweredFrom])).toEqual(
      moves,
    );
    expect(needsRelocation(lines, serving)).toBe(moves.length > 0);
    expect(needsRelocation(result.lines, serving)).toBe(false);
  });

  it("keeps every line at a serving store, one line per SKU and engraving and store, and is idempotent", () => {
    const stores = ["a", "b", "c", "d"];
    const lineArb = fc.record({
      store_id: fc.constantFrom(...stores),
      sku: fc.constantFrom("W", "V", "E_ETCH"),
      qty: fc.integer({ min: 1, max: MAX_LINE_QUANTITY }),
      engraving: fc.constantFrom(null, HAPPY, OTHER),
    });
    const stockArb = fc.record({
      W: fc.integer({ min: 0, max: 120 }),
      V: fc.integer({ min: 0, max: 120 }),
      E_ETCH: fc.integer({ min: 0, max: 120 }),
    });
    fc.assert(
      fc.property(
        fc.array(lineArb, { maxLength: 10 }),
        fc.subarray(stores, { minLength: 1 }),
        stockArb,
        (raw, serving, stock) => {
          // A stored cart never holds two lines of one store, SKU and engraving.
          const lines: PlacedLine[] = [];
          raw.forEach((l, i) => {
            if (!lines.some((x) => x.store_id === l.store_id && isSameLine(x, l)))
              lines.push({ ...l, id: `${i}` });
          });
          const input = { lines, serving, target: serving[0], shelf: shelf(stock) };
          const result = relocateLines(input);
          for (const l of result.lines) expect(serving).toContain(l.store_id);
          for (const [i, a] of result.lines.entries()) {
            for (const b of result.lines.slice(i + 1)) {
              expect(a.store_id === b.store_id && isSameLine(a, b)).toBe(false);
            }
          }
          const qty = (ls: readonly PlacedLine[]) => ls.reduce((s, l) => s + l.qty, 0);
          const lowered = result.moves.some((m) => m.loweredFrom !== null);
          if (!lowered) expect(qty(result.lines)).toBe(qty(lines));
          else expect(qty(result.lines)).toBeLessThan(qty(lines));
          for (const l of result.lines) expect(l.qty).toBeLessThanOrEqual(MAX_LINE_QUANTITY);
          const again = relocateLines({ ...input, lines: result.lines });
          expect(again).toEqual({ lines: result.lines, moves: [] });
        },
      ),
    );
  });
});
