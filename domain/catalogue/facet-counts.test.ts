import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  countFacets as countColumns,
  FACET_DIMENSIONS,
  FACET_LIMIT,
  type FacetColumns,
  type FacetDimension,
  type FacetFilters,
  FacetVocabulary,
  PRICE_BAND_VOCABULARY,
} from "./facet-counts.ts";
import { priceBandIndex, priceBandOf } from "./price-bands.ts";

interface FacetCandidate {
  attributes: { category: string; brand: string | null; volume: string | null; country: string | null };
  priceCents: number;
}

/** The candidates as columns, the way the search builds them. */
function countFacets(candidates: FacetCandidate[], filters: FacetFilters) {
  const column = (read: (c: FacetCandidate) => string | null) => {
    const vocabulary = new FacetVocabulary();
    return { vocabulary, numbers: Int32Array.from(candidates, (c) => vocabulary.add(read(c))) };
  };
  const columns: FacetColumns = {
    category: column((c) => c.attributes.category),
    brand: column((c) => c.attributes.brand),
    price: {
      vocabulary: PRICE_BAND_VOCABULARY,
      numbers: Int32Array.from(candidates, (c) => priceBandIndex(c.priceCents)),
    },
    volume: column((c) => c.attributes.volume),
    country: column((c) => c.attributes.country),
  };
  return countColumns(columns, filters);
}

const candidate = (
  category: string,
  brand: string | null,
  priceCents: number,
  volume: string | null = "750 mL",
  country: string | null = "Ireland",
): FacetCandidate => ({ attributes: { category, brand, volume, country }, priceCents });

const WHISKEYS = [
  candidate("whiskey", "1", 2999),
  candidate("whiskey", "1", 4599, "1.75 L"),
  candidate("whiskey", "1", 2499),
  candidate("whiskey", "2", 2699, "750 mL", "United States"),
  candidate("whiskey", "3", 4199, "750 mL", "United States"),
];

/** The counts as a map per dimension, for comparing without the order. */
const asMaps = (counts: ReturnType<typeof countFacets>) =>
  Object.fromEntries(
    FACET_DIMENSIONS.map((d) => [d, Object.fromEntries(counts[d].map((v) => [v.value, v.count]))]),
  );

describe("facet counts", () => {
  it("counts every dimension when nothing is selected", () => {
    expect(asMaps(countFacets(WHISKEYS, {}))).toEqual({
      category: { whiskey: 5 },
      brand: { 1: 3, 2: 1, 3: 1 },
      price: { "20-40": 3, "40-75": 2 },
      volume: { "750 mL": 4, "1.75 L": 1 },
      country: { Ireland: 3, "United States": 2 },
    });
  });

  it("counts a dimension without its own filter and the others with it", () => {
    const counts = asMaps(countFacets(WHISKEYS, { brand: [1], volume: ["750 mL"] }));
    // Brand ignores the brand filter (but not the volume one); volume ignores the volume filter.
    expect(counts.brand).toEqual({ 1: 2, 2: 1, 3: 1 });
    expect(counts.volume).toEqual({ "750 mL": 2, "1.75 L": 1 });
    expect(counts.price).toEqual({ "20-40": 2 });
    expect(counts.country).toEqual({ Ireland: 2 });
  });

  it.each<[string, FacetFilters, Record<string, number>]>([
    ["a price band", { price: ["40-75"] }, { 1: 1, 3: 1 }],
    ["two countries", { country: ["Ireland", "United States"] }, { 1: 3, 2: 1, 3: 1 }],
    ["a value no candidate has", { country: ["Japan"] }, {}],
    ["a missing value never matching", { volume: ["750 mL"], country: ["Ireland"] }, { 1: 2 }],
  ])("filters other dimensions by %s", (_, filters, brands) => {
    expect(asMaps(countFacets(WHISKEYS, filters)).brand).toEqual(brands);
  });

  it("leaves missing values out", () => {
    const counts = countFacets([candidate("mixers", null, 399, null, null)], {});
    expect(asMaps(counts)).toEqual({
      category: { mixers: 1 },
      brand: {},
      price: { "under-10": 1 },
      volume: {},
      country: {},
    });
  });

  it("puts selected values first, then the biggest, ties by value", () => {
    const counts = countFacets(WHISKEYS, { brand: ["3"] });
    expect(counts.brand.map((b) => b.value)).toEqual(["3", "1", "2"]);
    expect(counts.country).toEqual([{ value: "United States", count: 1 }]);
  });

  it(`keeps the ${FACET_LIMIT} biggest values and every selected one`, () => {
    // Brands b0–b59 have two candidates each, b60–b79 one.
    const many = Array.from({ length: 80 }, (_, i) =>
      Array<FacetCandidate>(i < 60 ? 2 : 1).fill(candidate("rum", `b${i}`, 999)),
    ).flat();
    const top = countFacets(many, {}).brand;
    expect(top).toHaveLength(FACET_LIMIT);
    expect(top.every((b) => b.count === 2)).toBe(true);
    const withSmall = countFacets(many, { brand: ["b79"] }).brand;
    expect(withSmall).toHaveLength(FACET_LIMIT);
    expect(withSmall[0]).toEqual({ value: "b79", count: 1 });
  });

  it(`keeps the ${FACET_LIMIT} biggest when every count differs`, () => {
    // Brand bi has i + 1 candidates: the list is b59 (60) down to b10 (11).
    const many = Array.from({ length: 60 }, (_, i) =>
      Array<FacetCandidate>(i + 1).fill(candidate("rum", `b${i}`, 999)),
    ).flat();
    const top = countFacets(many, {}).brand;
    expect(top.map((b) => b.count)).toEqual(Array.from({ length: FACET_LIMIT }, (_, i) => 60 - i));
  });

  it(`lists the same ${FACET_LIMIT} values as sorting every count`, () => {
    const brand = fc.integer({ min: 0, max: 150 }).map(String);
    fc.assert(
      fc.property(
        fc.array(brand, { maxLength: 600 }),
        fc.array(brand, { maxLength: 3 }),
        (brands, chosen) => {
          const counts = new Map<string, number>();
          for (const b of brands) counts.set(b, (counts.get(b) ?? 0) + 1);
          const isChosen = (v: string) => chosen.includes(v);
          const expected = [...counts]
            .map(([value, count]) => ({ value, count }))
            .sort(
              (a, b) =>
                Number(isChosen(b.value)) - Number(isChosen(a.value)) ||
                b.count - a.count ||
                (a.value < b.value ? -1 : a.value > b.value ? 1 : 0),
            )
            .slice(0, FACET_LIMIT);
          const list = brands.map((b) => candidate("rum", b, 999));
          expect(countFacets(list, { brand: chosen }).brand).toEqual(expected);
        },
      ),
    );
  });

  it("agrees with counting each dimension over the candidates passing the other filters", () => {
    const value = fc.constantFrom("a", "b", "c");
    const candidates = fc.array(
      fc.record({
        attributes: fc.record({
          category: value,
          brand: fc.option(value),
          volume: fc.option(value),
          country: fc.option(value),
        }),
        priceCents: fc.integer({ min: 0, max: 12_000 }),
      }),
      { maxLength: 40 },
    );
    const filters = fc.record(
      {
        category: fc.array(value, { maxLength: 2 }),
        brand: fc.array(value, { maxLength: 2 }),
        price: fc.array(fc.constantFrom("under-10", "10-20", "75-plus"), { maxLength: 2 }),
        volume: fc.array(value, { maxLength: 2 }),
        country: fc.array(value, { maxLength: 2 }),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(candidates, filters, (list, chosen) => {
        const dimensionValue = (c: FacetCandidate, d: FacetDimension) =>
          d === "price" ? priceBandOf(c.priceCents).value : c.attributes[d];
        const passes = (c: FacetCandidate, d: FacetDimension) => {
          const selected = chosen[d];
          const v = dimensionValue(c, d);
          return !selected?.length || (v !== null && selected.map(String).includes(v));
        };
        const expected = Object.fromEntries(
          FACET_DIMENSIONS.map((d) => {
            const counts: Record<string, number> = {};
            for (const c of list) {
              const v = dimensionValue(c, d);
              if (v === null || !FACET_DIMENSIONS.every((o) => o === d || passes(c, o))) continue;
              counts[v] = (counts[v] ?? 0) + 1;
            }
            return [d, counts];
          }),
        );
        expect(asMaps(countFacets(list, chosen))).toEqual(expected);
      }),
    );
  });
});
