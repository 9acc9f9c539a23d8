import { compareCodeUnits } from "../compare.ts";
import { PRICE_BANDS } from "./price-bands.ts";

/** Facet lists are cut to the biggest values (a selected value always stays). */
export const FACET_LIMIT = 50;

export type FacetDimension = "category" | "brand" | "price" | "volume" | "country";
export const FACET_DIMENSIONS: readonly FacetDimension[] = [
  "category",
  "brand",
  "price",
  "volume",
  "country",
];

/** The values of one facet dimension, numbered in the order they were first added. */
export class FacetVocabulary {
  readonly names: string[] = [];
  private readonly numbers = new Map<string, number>();

  constructor(names: readonly string[] = []) {
    for (const name of names) this.add(name);
  }

  /** The value's number, added if new; -1 for no value. */
  add(name: string | null): number {
    if (name === null) return -1;
    let n = this.numbers.get(name);
    if (n === undefined) {
      n = this.names.length;
      this.names.push(name);
      this.numbers.set(name, n);
    }
    return n;
  }

  numberOf(name: string): number | undefined {
    return this.numbers.get(name);
  }
}

/** The price bands as a vocabulary: a price's number is its band's index in PRICE_BANDS (priceBandIndex). */
export const PRICE_BAND_VOCABULARY = new FacetVocabulary(PRICE_BANDS.map((b) => b.value));

/**
 * A search's candidates column by column: per dimension, each candidate's value as its number in the
 * dimension's vocabulary (-1: no value). Every column has one entry per candidate.
 */
export type FacetColumns = Record<FacetDimension, { vocabulary: FacetVocabulary; numbers: Int32Array }>;

/** Selected values per dimension (category: default_category keys, brand: brand ids, price: band values). */
export type FacetFilters = Partial<Record<FacetDimension, readonly (string | number)[]>>;

/** A facet value as the catalogue stores it (brand: the brand id as text) and its count. */
export interface FacetCount {
  value: string;
  count: number;
}

export type FacetCounts = Record<FacetDimension, FacetCount[]>;

/**
 * Facet counts over the candidates of a search. Each dimension counts the candidates that pass every selected
 * filter but its own, so a shopper sees what choosing another value there would give. Missing values (no
 * country) are not counted. Each list: selected values first, then the biggest, ties by value; at most
 * FACET_LIMIT. Numbers and typed arrays because a broad search has thousands of candidates.
 */
export function countFacets(columns: FacetColumns, filters: FacetFilters): FacetCounts {
  const dims = FACET_DIMENSIONS.map((d) => columns[d]);
  const selected = FACET_DIMENSIONS.map((d, i) => selectedNumbers(dims[i].vocabulary, filters[d]));
  const tallies = dims.map((c) => new Int32Array(c.vocabulary.names.length));
  const size = dims[0].numbers.length;
  for (let i = 0; i < size; i++) {
    // A candidate failing one filter still counts in that filter's dimension; failing two, in none.
    let failed = -1;
    let failures = 0;
    for (let d = 0; d < dims.length && failures < 2; d++) {
      const chosen = selected[d];
      if (chosen === null) continue;
      const n = dims[d].numbers[i];
      if (n < 0 || chosen[n] === 0) {
        failed = d;
        failures++;
      }
    }
    if (failures === 1) {
      const n = dims[failed].numbers[i];
      if (n >= 0) tallies[failed][n]++;
    } else if (failures === 0) {
      for (let d = 0; d < dims.length; d++) {
        const n = dims[d].numbers[i];
        if (n >= 0) tallies[d][n]++;
      }
    }
  }
  return Object.fromEntries(
    FACET_DIMENSIONS.map((d, i) => [d, topValues(dims[i].vocabulary, tallies[i], selected[i])]),
  ) as FacetCounts;
}

/** A 0/1 mark per value number, or null when nothing is selected in the dimension. */
function selectedNumbers(
  vocabulary: FacetVocabulary,
  values: FacetFilters[FacetDimension],
): Uint8Array | null {
  if (!values?.length) return null;
  const marks = new Uint8Array(vocabulary.names.length);
  for (const value of values) {
    const n = vocabulary.numberOf(String(value));
    if (n !== undefined) marks[n] = 1;
  }
  return marks;
}

function topValues(
  vocabulary: FacetVocabulary,
  tally: Int32Array,
  selected: Uint8Array | null,
): FacetCount[] {
  // Values counted less than the FACET_LIMIT-th biggest count cannot make the list: they are never sorted.
  const floor = nthBiggest(tally, FACET_LIMIT);
  const chosen: FacetCount[] = [];
  const others: FacetCount[] = [];
  for (let n = 0; n < tally.length; n++) {
    const count = tally[n];
    if (count === 0) continue;
    if (selected?.[n]) chosen.push({ value: vocabulary.names[n], count });
    else if (count >= floor) others.push({ value: vocabulary.names[n], count });
  }
  const biggestFirst = (a: FacetCount, b: FacetCount) =>
    b.count - a.count || compareCodeUnits(a.value, b.value);
  return [...chosen.sort(biggestFirst), ...others.sort(biggestFirst)].slice(0, FACET_LIMIT);
}

/** The n-th biggest non-zero count (1 when there are fewer than n). */
function nthBiggest(tally: Int32Array, n: number): number {
  const counted = tally.filter((count) => count > 0);
  if (counted.length <= n) return 1;
  return counted.sort()[counted.length - n];
}
