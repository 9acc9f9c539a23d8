import { describe, expect, it } from "vitest";
import type { FeedLine } from "./layouts.ts";
import { acceptProposals, type CatalogueEntry, mapLines, matchFeed, sizeMl, storeCodeOf } from "./match.ts";

const CATALOGUE: CatalogueEntry[] = [
  { skuId: "iowa-38176-750", upc: "619410001103", title: "Tito's Handmade Vodka", volumeMl: 750 },
  { skuId: "iowa-38176-1750", upc: null, title: "Tito's Handmade Vodka", volumeMl: 1750 },
  {
    skuId: "iowa-26826-750",
    upc: "88000020891",
    title: "Jack Daniel's Old No. 7 Tennessee Whiskey",
    volumeMl: 750,
  },
  {
    skuId: "iowa-26826-1750",
    upc: "0088000021850",
    title: "Jack Daniel's Old No. 7 Tennessee Whiskey",
    volumeMl: 1750,
  },
  {
    skuId: "bc-1234-750",
    upc: "080432400432",
    title: "The Glenlivet 12 Year Old Single Malt",
    volumeMl: 750,
  },
  { skuId: "iowa-36308-750", upc: null, title: "Smirnoff No. 21 Vodka", volumeMl: 750 },
  { skuId: "iowa-36308-1000", upc: "not a upc", title: "Smirnoff No. 21 Vodka", volumeMl: 1000 },
];

const line = (n: number, rest: Partial<FeedLine>): FeedLine => ({
  line: n,
  name: "Something",
  priceCents: 1000,
  quantity: 1,
  ...rest,
});

describe("sizeMl", () => {
  it.each([
    ["750ml", 750],
    ["750 ML", 750],
    ["1.75L", 1750],
    ["1,75 l", 1750],
    ["1 Litre", 1000],
    ["50cl", 500],
    ["Tito's Vodka 375ml", 375],
    ["Regular", null],
    ["12 oz", null],
  ])("%j → %j", (text, ml) => expect(sizeMl(text)).toBe(ml));
});

describe("matchFeed", () => {
  it("matches by UPC first, whatever the SKU says", () => {
    const r = matchFeed([line(2, { upc: "619410001103", sku: "iowa-26826-750" })], CATALOGUE);
    expect(r.matched).toEqual([
      { line: expect.objectContaining({ line: 2 }), skuId: "iowa-38176-750", by: "upc" },
    ]);
  });

  it("matches by UPC however the catalogue wrote it (leading zeros lost or added)", () => {
    const r = matchFeed([line(2, { upc: "088000020891" }), line(3, { upc: "088000021850" })], CATALOGUE);
    expect(r.matched.map((m) => [m.skuId, m.by])).toEqual([
      ["iowa-26826-750", "upc"],
      ["iowa-26826-1750", "upc"],
    ]);
  });

  it("falls back to the SKU when the UPC is unknown or missing, before any name", () => {
    const r = matchFeed(
      [
        line(2, {
          upc: "5000299000014",
          sku: "IOWA-36308-750",
          name: "Tito's Handmade Vodka",
          size: "750ml",
        }),
        line(3, { sku: "TITO-1750", name: "Smirnoff No. 21 Vodka", size: "750ml" }),
      ],
      CATALOGUE,
      { storeSkus: new Map([["TITO-1750", "iowa-38176-1750"]]) },
    );
    expect(r.matched.map((m) => [m.line.line, m.skuId, m.by])).toEqual([
      [2, "iowa-36308-750", "sku"],
      // The store's own SKU it mapped before beats the name, which says Smirnoff.
      [3, "iowa-38176-1750", "mapped"],
    ]);
    expect(r.proposed).toEqual([]);
  });

  it("only proposes a fuzzy candidate by name and size, never matches it", () => {
    const r = matchFeed(
      [
        line(2, { sku: "1003", name: "Smirnof No 21 Vodka", size: "750ML" }),
        line(3, { name: "Glenlivet 12 Year Single Malt Scotch 750ml" }),
        line(4, { name: "Tito's Handmade Vodka", size: "1.75L" }),
        line(5, { name: "Kraken Black Spiced Rum", size: "750ml" }),
      ],
      CATALOGUE,
    );
    expect(r.matched).toEqual([]);
    expect(r.proposed.map((p) => [p.line.line, p.skuId])).toEqual([
      [2, "iowa-36308-750"],
      [3, "bc-1234-750"],
      [4, "iowa-38176-1750"],
    ]);
    expect(r.proposed.every((p) => p.score > 0.6 && p.score <= 1)).toBe(true);
    expect(r.unmatched.map((l) => l.line)).toEqual([5]);
  });

  it("never proposes another size, nor a product a line already matched exactly", () => {
    const r = matchFeed(
      [
        line(2, { upc: "619410001103", name: "Tito's Handmade Vodka", size: "750ml" }),
        line(3, { name: "Tito's Handmade Vodka", size: "750ml" }),
        line(4, { name: "Jack Daniel's Old No. 7 Tennessee Whiskey", size: "1L" }),
      ],
      CATALOGUE,
    );
    expect(r.matched.map((m) => m.skuId)).toEqual(["iowa-38176-750"]);
    expect(r.proposed).toEqual([]);
    expect(r.unmatched.map((l) => l.line)).toEqual([3, 4]);
  });

  it("lists a second line for a product already taken as a clash", () => {
    const r = matchFeed([line(2, { upc: "619410001103" }), line(3, { sku: "iowa-38176-750" })], CATALOGUE);
    expect(r.matched.map((m) => m.line.line)).toEqual([2]);
    expect(r.clashes).toEqual([
      { line: expect.objectContaining({ line: 3 }), skuId: "iowa-38176-750", otherLine: 2 },
    ]);
  });
});

describe("acceptProposals", () => {
  it("turns the accepted proposals into reviewed matches and the rest into unmatched lines", () => {
    const r = matchFeed(
      [
        line(2, { sku: "1003", name: "Smirnof No 21 Vodka", size: "750ML" }),
        line(3, { name: "Glenlivet 12 Year Single Malt Scotch 750ml" }),
        line(4, { name: "Kraken Black Spiced Rum" }),
      ],
      CATALOGUE,
    );
    const reviewed = acceptProposals(r, new Map([[2, "iowa-36308-750"]]));
    expect(reviewed.matched.map((m) => [m.line.line, m.skuId, m.by])).toEqual([
      [2, "iowa-36308-750", "reviewed"],
    ]);
    expect(reviewed.proposed).toEqual([]);
    expect(reviewed.unmatched.map((l) => l.line)).toEqual([3, 4]);
  });

  it("refuses a choice that was not proposed", () => {
    const r = matchFeed([line(3, { name: "Glenlivet 12 Year Single Malt Scotch 750ml" })], CATALOGUE);
    const reviewed = acceptProposals(r, new Map([[3, "iowa-38176-750"]]));
    expect(reviewed.matched).toEqual([]);
    expect(reviewed.unmatched.map((l) => l.line)).toEqual([3]);
  });
});

describe("the store's own mappings", () => {
  it("a UPC the catalogue does not know, mapped before, matches; the catalogue's own UPC still wins", () => {
    const r = matchFeed(
      [line(2, { upc: "5000299000014", name: "House gin" }), line(3, { upc: "088000020891", name: "x" })],
      CATALOGUE,
      {
        storeUpcs: new Map([
          ["5000299000014", "iowa-36308-750"],
          ["088000020891", "iowa-38176-1750"],
        ]),
      },
    );
    expect(r.matched.map((m) => [m.line.line, m.skuId, m.by])).toEqual([
      [2, "iowa-36308-750", "mapped"],
      [3, "iowa-26826-750", "upc"],
    ]);
  });

  it("mapLines makes the store's choices for unmatched lines matches, a product another line has a clash", () => {
    const r = matchFeed(
      [
        line(2, { upc: "088000020891", name: "Jack" }),
        line(3, { sku: "HOUSE-1", name: "Our own gin" }),
        line(4, { sku: "HOUSE-2", name: "Our second gin" }),
        line(5, { sku: "HOUSE-3", name: "Our third gin" }),
      ],
      CATALOGUE,
    );
    expect(r.unmatched.map((l) => l.line)).toEqual([3, 4, 5]);
    const bySku = new Map(CATALOGUE.map((p) => [p.skuId, p]));
    const mapped = mapLines(
      r,
      new Map([
        [3, bySku.get("iowa-36308-750")!],
        [4, bySku.get("iowa-26826-750")!],
      ]),
    );
    expect(mapped.matched.map((m) => [m.line.line, m.skuId, m.by])).toEqual([
      [2, "iowa-26826-750", "upc"],
      [3, "iowa-36308-750", "mapped"],
    ]);
    expect(mapped.clashes).toEqual([{ line: r.unmatched[1], skuId: "iowa-26826-750", otherLine: 2 }]);
    expect(mapped.unmatched.map((l) => l.line)).toEqual([5]);
  });

  it.each([
    [
      { sku: "A-1", upc: "088000020891" },
      { kind: "sku", code: "A-1" },
    ],
    [{ upc: "088000020891" }, { kind: "upc", code: "088000020891" }],
    [{}, null],
  ])("a line %o is remembered by %o", (codes, expected) => {
    expect(storeCodeOf(line(2, { name: "x", ...codes }))).toEqual(expected);
  });
});
