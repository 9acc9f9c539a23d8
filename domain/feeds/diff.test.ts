import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  applyChanges,
  diffShelf,
  type MissingPolicy,
  planBatches,
  type ShelfRow,
  shelfValues,
} from "./diff.ts";
import { type ColumnMapping, gtinCheckDigit, readFeed, renderGenericFeed } from "./layouts.ts";
import type { MatchedLine } from "./match.ts";
import { type CatalogueEntry, matchFeed } from "./match.ts";

const matched = (skuId: string, line: number, priceCents: number, quantity: number): MatchedLine => ({
  skuId,
  by: "upc",
  line: { line, name: skuId, priceCents, quantity },
});

const SHELF: ShelfRow[] = [
  { skuId: "a", priceCents: 2499, stock: 10 },
  { skuId: "b", priceCents: 4299, stock: 0 },
  { skuId: "c", priceCents: 1500, stock: 3 },
  { skuId: "d", priceCents: 999, stock: 5 },
  { skuId: "e", priceCents: 999, stock: 0 },
  { skuId: "h", priceCents: 1999, stock: 2, hidden: true },
];

const FEED = [
  matched("a", 2, 2699, 10), // price up
  matched("b", 3, 3999, 6), // price down, back in stock
  matched("c", 4, 1500, 3), // unchanged
  matched("n", 5, 5999, 4), // new
  matched("h", 6, 1999, 2), // hidden, listed again
];

describe("diffShelf", () => {
  it("lists price ups and downs, stock, new products, and leaves missing ones under 'keep'", () => {
    expect(diffShelf(SHELF, FEED, "keep")).toEqual({
      changes: [
        { kind: "update", skuId: "a", line: 2, price: { from: 2499, to: 2699 } },
        { kind: "update", skuId: "b", line: 3, price: { from: 4299, to: 3999 }, stock: { from: 0, to: 6 } },
        { kind: "new", skuId: "n", line: 5, priceCents: 5999, stock: 4 },
        { kind: "update", skuId: "h", line: 6, show: true },
      ],
      counts: {
        priceUp: 1,
        priceDown: 1,
        stockChanged: 1,
        backInStock: 1,
        newlyStocked: 1,
        missing: 2,
        missingChanged: 0,
        unchanged: 1,
      },
    });
  });

  it("zeroes missing products under 'zero' (those with stock)", () => {
    const { changes, counts } = diffShelf(SHELF, FEED, "zero");
    expect(changes.filter((c) => c.kind === "zero")).toEqual([
      { kind: "zero", skuId: "d", stock: { from: 5, to: 0 } },
    ]);
    expect(counts).toMatchObject({ missing: 2, missingChanged: 1 });
  });

  it("hides missing products under 'hide'", () => {
    const { changes, counts } = diffShelf(SHELF, FEED, "hide");
    expect(changes.filter((c) => c.kind === "hide")).toEqual([
      { kind: "hide", skuId: "d" },
      { kind: "hide", skuId: "e" },
    ]);
    expect(counts).toMatchObject({ missing: 2, missingChanged: 2 });
  });

  it("refuses two lines for one product", () => {
    expect(() => diffShelf(SHELF, [matched("a", 2, 1, 1), matched("a", 3, 1, 1)], "keep")).toThrow(
      RangeError,
    );
  });
});

describe("shelfValues", () => {
  it("gives setShelfValues' set for each change", () => {
    expect(shelfValues({ kind: "update", skuId: "a", line: 2, price: { from: 1, to: 2 } })).toEqual({
      price_cents: 2,
    });
    expect(shelfValues({ kind: "update", skuId: "a", line: 2, stock: { from: 1, to: 0 } })).toEqual({
      stock: 0,
    });
    expect(shelfValues({ kind: "new", skuId: "n", line: 2, priceCents: 5, stock: 1 })).toEqual({
      price_cents: 5,
      stock: 1,
    });
    expect(shelfValues({ kind: "zero", skuId: "d", stock: { from: 4, to: 0 } })).toEqual({ stock: 0 });
    expect(shelfValues({ kind: "hide", skuId: "d" })).toEqual({});
  });
});

describe("planBatches", () => {
  it("cuts the changes in order", () => {
    const { changes } = diffShelf(SHELF, FEED, "hide");
    expect(planBatches(changes, 2).map((b) => [b.index, b.changes.map((c) => c.skuId)])).toEqual([
      [0, ["a", "b"]],
      [1, ["n", "h"]],
      [2, ["d", "e"]],
    ]);
    expect(planBatches([], 500)).toEqual([]);
    expect(() => planBatches(changes, 0)).toThrow(RangeError);
  });
});

// Properties ---------------------------------------------------------------------------------------------------

const skuArb = fc.constantFrom(...Array.from({ length: 30 }, (_, i) => `p${i}`));
const shelfArb = fc.uniqueArray(
  fc.record(
    {
      skuId: skuArb,
      priceCents: fc.integer({ min: 1, max: 100_000 }),
      stock: fc.integer({ min: 0, max: 50 }),
      hidden: fc.constant(true as const),
    },
    { requiredKeys: ["skuId", "priceCents", "stock"] },
  ),
  { selector: (r) => r.skuId, maxLength: 30 },
);
const feedArb = fc
  .uniqueArray(
    fc.record({
      skuId: skuArb,
      priceCents: fc.integer({ min: 1, max: 100_000 }),
      quantity: fc.integer({ min: 0, max: 50 }),
    }),
    { selector: (r) => r.skuId, maxLength: 30 },
  )
  .map((rows) => rows.map((r, i) => matched(r.skuId, i + 2, r.priceCents, r.quantity)));
const policyArb = fc.constantFrom<MissingPolicy>("keep", "zero", "hide");

describe("properties", () => {
  it("the diff applied to the shelf gives the feed's shelf for matched products, and the policy for the rest", () => {
    fc.assert(
      fc.property(shelfArb, feedArb, policyArb, (shelf, feed, policy) => {
        const { changes, counts } = diffShelf(shelf, feed, policy);
        const after = new Map(applyChanges(shelf, changes).map((r) => [r.skuId, r]));
        for (const m of feed) {
          expect(after.get(m.skuId)).toEqual({
            skuId: m.skuId,
            priceCents: m.line.priceCents,
            stock: m.line.quantity,
          });
        }
        const inFeed = new Set(feed.map((m) => m.skuId));
        for (const row of shelf.filter((r) => !inFeed.has(r.skuId))) {
          const expected =
            policy === "keep" ? row : policy === "zero" ? { ...row, stock: 0 } : { ...row, hidden: true };
          expect(after.get(row.skuId)).toEqual(expected);
        }
        expect(after.size).toBe(new Set([...shelf.map((r) => r.skuId), ...inFeed]).size);
        // Nothing changes twice, and a diff of the result is empty.
        expect(new Set(changes.map((c) => c.skuId)).size).toBe(changes.length);
        expect(diffShelf([...after.values()], feed, policy).changes).toEqual([]);
        expect(counts.priceUp + counts.priceDown).toBe(
          changes.filter((c) => c.kind === "update" && c.price).length,
        );
        expect(counts.newlyStocked).toBe(changes.filter((c) => c.kind === "new").length);
        expect(counts.missing).toBe(shelf.filter((r) => !inFeed.has(r.skuId)).length);
      }),
    );
  });

  it("batches partition the changes, in order, none over the size", () => {
    fc.assert(
      fc.property(
        shelfArb,
        feedArb,
        policyArb,
        fc.integer({ min: 1, max: 12 }),
        (shelf, feed, policy, size) => {
          const { changes } = diffShelf(shelf, feed, policy);
          const batches = planBatches(changes, size);
          expect(batches.flatMap((b) => b.changes)).toEqual(changes);
          expect(batches.map((b) => b.index)).toEqual(batches.map((_, i) => i));
          for (const b of batches) {
            expect(b.changes.length).toBeGreaterThan(0);
            expect(b.changes.length).toBeLessThanOrEqual(size);
          }
          expect(batches.length).toBe(Math.ceil(changes.length / size));
        },
      ),
    );
  });
});

describe("a 12,000-line feed", () => {
  it("parses, matches and diffs", () => {
    const mapping: ColumnMapping = {
      upc: "UPC",
      sku: "SKU",
      name: "Name",
      size: "Size",
      price: "Price",
      quantity: "Qty",
    };
    const words = [
      "Reserve",
      "Barrel",
      "Single",
      "Malt",
      "Vodka",
      "Gin",
      "Rum",
      "Bourbon",
      "Rye",
      "Tequila",
      "Añejo",
    ];
    const catalogue: CatalogueEntry[] = [];
    const shelf: ShelfRow[] = [];
    const lines = [];
    for (let i = 0; i < 12_000; i++) {
      const body = String(10_000_000_000 + i * 7);
      const upc = `${body}${gtinCheckDigit(body)}`;
      const title = `Distillery ${i} ${words[i % words.length]} ${words[(i * 7) % words.length]}`;
      catalogue.push({ skuId: `iowa-${i}-750`, upc: i % 3 === 0 ? null : upc, title, volumeMl: 750 });
      if (i % 2 === 0) shelf.push({ skuId: `iowa-${i}-750`, priceCents: 1999, stock: i % 5 });
      lines.push({
        // A third by UPC, a third by SKU, a third by name only.
        ...(i % 3 === 1 ? { upc } : {}),
        ...(i % 3 === 2 ? { sku: `iowa-${i}-750` } : {}),
        ...(i % 3 === 0 ? { sku: `POS-${i}` } : {}),
        name: title,
        size: "750ml",
        priceCents: 1999 + (i % 7) - 3,
        quantity: i % 11,
      });
    }
    const read = readFeed(renderGenericFeed(lines, mapping), { mapping });
    if (!read.ok) throw new Error(JSON.stringify(read.problems.slice(0, 3)));
    expect(read.lines).toHaveLength(12_000);
    const result = matchFeed(read.lines, catalogue);
    expect(
      result.matched.length + result.unmatched.length + new Set(result.proposed.map((p) => p.line.line)).size,
    ).toBe(12_000);
    expect(result.matched.length).toBe(8_000);
    const { changes, counts } = diffShelf(shelf, result.matched, "zero");
    expect(counts.newlyStocked).toBeGreaterThan(0);
    expect(planBatches(changes, 500).flatMap((b) => b.changes)).toHaveLength(changes.length);
  });
});
