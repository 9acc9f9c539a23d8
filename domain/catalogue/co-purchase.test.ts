import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type CoPurchasePair,
  coPurchaseScore,
  mixRecommendations,
  plainSku,
  rankBuyAgain,
  rankCoPurchase,
} from "./co-purchase.ts";

const pair = (sku_a: string, sku_b: string, together: number, orders_a: number, orders_b: number) => ({
  sku_a,
  sku_b,
  together,
  orders_a,
  orders_b,
});

describe("co-purchase score", () => {
  it.each([
    [{ together: 1, orders_a: 1, orders_b: 1 }, 1],
    [{ together: 2, orders_a: 4, orders_b: 1 }, 1],
    [{ together: 1, orders_a: 4, orders_b: 4 }, 0.25],
    [{ together: 3, orders_a: 9, orders_b: 4 }, 0.5],
    [{ together: 0, orders_a: 9, orders_b: 4 }, 0],
    [{ together: 1, orders_a: 0, orders_b: 4 }, 0],
    [{ together: Number.NaN, orders_a: 1, orders_b: 1 }, 0],
    [{ together: -1, orders_a: 1, orders_b: 1 }, 0],
  ])("%o → %d", (p, score) => {
    expect(coPurchaseScore(p)).toBeCloseTo(score, 10);
  });

  it("is between 0 and 1 and symmetric for any counts", () => {
    fc.assert(
      fc.property(fc.nat(1000), fc.nat(1000), fc.nat(1000), (together, a, b) => {
        const s = coPurchaseScore({ together, orders_a: a, orders_b: b });
        expect(s).toBeGreaterThanOrEqual(0);
        expect(s).toBeLessThanOrEqual(1);
        expect(s).toBe(coPurchaseScore({ together, orders_a: b, orders_b: a }));
      }),
    );
  });
});

describe("ranking what goes with the anchors", () => {
  const pairs: CoPurchasePair[] = [
    // The best-seller came with the bourbon in 3 of its 30 orders; the bitters in 2 of their 2.
    pair("BOURBON", "BESTSELLER", 3, 4, 30),
    pair("BOURBON", "BITTERS", 2, 4, 2),
    pair("BOURBON", "CHERRIES", 1, 4, 1),
    pair("BOURBON", "ICE", 1, 4, 4),
    pair("GIN", "TONIC", 2, 2, 2),
    pair("GIN", "BITTERS", 1, 2, 2),
    pair("RUM", "COLA", 0, 2, 2),
  ];

  it.each<[string, string[], { exclude?: string[]; limit: number }, string[]]>([
    [
      "one anchor: shared share of orders first",
      ["BOURBON"],
      { limit: 10 },
      ["BITTERS", "CHERRIES", "BESTSELLER", "ICE"],
    ],
    ["the limit", ["BOURBON"], { limit: 2 }, ["BITTERS", "CHERRIES"]],
    [
      "excluded SKUs are left out",
      ["BOURBON"],
      { exclude: ["CHERRIES"], limit: 2 },
      ["BITTERS", "BESTSELLER"],
    ],
    // BITTERS: 2/√8 + 1/√4 ≈ 1.21 beats TONIC's 1 and CHERRIES' 0.5.
    ["scores add up over anchors", ["BOURBON", "GIN"], { limit: 3 }, ["BITTERS", "TONIC", "CHERRIES"]],
    ["anchors never recommend each other", ["GIN", "TONIC"], { limit: 5 }, ["BITTERS"]],
    ["no shared order, no recommendation", ["RUM"], { limit: 5 }, []],
    ["unknown anchor", ["VODKA"], { limit: 5 }, []],
    ["no anchors", [], { limit: 5 }, []],
    ["a zero limit", ["BOURBON"], { limit: 0 }, []],
  ])("%s", (_, anchors, opts, expected) => {
    expect(rankCoPurchase(anchors, pairs, opts)).toEqual(expected);
  });

  it("counts an engraved bottle as its bottle, on either side", () => {
    const etched = [pair("AB-1-750", "CD-2-750_ETCH", 1, 1, 1), pair("AB-1-750", "CD-2-750", 1, 1, 2)];
    expect(rankCoPurchase(["AB-1-750_ETCH"], etched, { limit: 5 })).toEqual(["CD-2-750"]);
    expect(rankCoPurchase(["AB-1-750"], etched, { limit: 5, exclude: ["CD-2-750_ETCH"] })).toEqual([]);
    expect(plainSku("CD-2-750_ETCH")).toBe("CD-2-750");
  });

  it("breaks ties by shared orders, then by SKU", () => {
    const tied = [pair("A", "Z", 1, 1, 1), pair("A", "Y", 2, 4, 1), pair("A", "X", 1, 1, 1)];
    expect(rankCoPurchase(["A"], tied, { limit: 5 })).toEqual(["Y", "X", "Z"]);
  });
});

describe("buy it again", () => {
  const at = (day: number) => new Date(Date.UTC(2026, 0, day));
  it.each<[string, { sku: string; orderId: string; orderedAt: Date }[], number, string[]]>([
    ["nothing bought", [], 5, []],
    [
      "more orders first, then the latest",
      [
        { sku: "OLD", orderId: "o1", orderedAt: at(1) },
        { sku: "NEW", orderId: "o3", orderedAt: at(3) },
        { sku: "OFTEN", orderId: "o1", orderedAt: at(1) },
        { sku: "OFTEN", orderId: "o2", orderedAt: at(2) },
      ],
      5,
      ["OFTEN", "NEW", "OLD"],
    ],
    [
      "two lines of one order are one order",
      [
        { sku: "A", orderId: "o1", orderedAt: at(1) },
        { sku: "A", orderId: "o1", orderedAt: at(1) },
        { sku: "B", orderId: "o2", orderedAt: at(2) },
      ],
      5,
      ["B", "A"],
    ],
    [
      "an engraved bottle is its bottle",
      [
        { sku: "AB-1-750_ETCH", orderId: "o1", orderedAt: at(1) },
        { sku: "AB-1-750", orderId: "o2", orderedAt: at(2) },
        { sku: "CD-2-750", orderId: "o3", orderedAt: at(3) },
      ],
      5,
      ["AB-1-750", "CD-2-750"],
    ],
    [
      "the limit",
      [
        { sku: "A", orderId: "o1", orderedAt: at(1) },
        { sku: "B", orderId: "o2", orderedAt: at(2) },
      ],
      1,
      ["B"],
    ],
  ])("%s", (_, purchases, limit, expected) => {
    expect(rankBuyAgain(purchases, limit)).toEqual(expected);
  });
});

describe("mixing lists", () => {
  it.each<[string, string[][], number, string[], string[]]>([
    [
      "in order, each once",
      [
        ["A", "B"],
        ["B", "C"],
      ],
      10,
      [],
      ["A", "B", "C"],
    ],
    ["the limit cuts the later lists first", [["A", "B"], ["C"]], 2, [], ["A", "B"]],
    ["excluded SKUs never appear", [["A", "B"], ["C"]], 10, ["B"], ["A", "C"]],
    ["nothing", [], 10, [], []],
  ])("%s", (_, lists, limit, exclude, expected) => {
    expect(mixRecommendations(lists, limit, exclude)).toEqual(expected);
  });

  it("never repeats and never exceeds the limit", () => {
    fc.assert(
      fc.property(fc.array(fc.array(fc.constantFrom("A", "B", "C", "D", "E"))), fc.nat(6), (lists, limit) => {
        const out = mixRecommendations(lists, limit);
        expect(new Set(out).size).toBe(out.length);
        expect(out.length).toBeLessThanOrEqual(limit);
      }),
    );
  });
});
