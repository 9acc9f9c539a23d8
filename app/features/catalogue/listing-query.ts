import { PRICE_BAND_VALUES, type PriceBandValue } from "#domain/catalogue/price-bands.ts";
import type { SearchFilters, SearchOptions } from "#domain/catalogue/types.ts";

/**
 * The listing state of category and search pages lives in the URL query (so it works without JavaScript and
 * survives reload): ?brand=…&price=…&volume=…&country=…&category=…&sort=…&page=N (1-based).
 */

/** Spec §5/§9: 60 products per page. */
export const PAGE_SIZE = 60;
const MAX_PAGE = 10_000;
const MAX_VALUES = 50;

export const FACET_KEYS = ["category", "brand", "price", "volume", "country"] as const;
export type FacetKey = (typeof FACET_KEYS)[number];

export const SORT_CHOICES = [
  { value: "relevance", label: "Relevance" },
  { value: "price-asc", label: "Price: low to high" },
  { value: "price-desc", label: "Price: high to low" },
  { value: "name", label: "Name: A to Z" },
] as const;
export type SortChoice = (typeof SORT_CHOICES)[number]["value"];

export interface ListingQuery {
  filters: Required<SearchFilters>;
  sort: SortChoice;
  /** 1-based. */
  page: number;
}

const URL_NAME = /^[a-z0-9]+(?:[-_][a-z0-9]+)*$/i;
const SLUG = /^[a-z0-9-]+$/;
const PRICE_VALUES = new Set<string>(PRICE_BAND_VALUES);

const accept: Record<FacetKey, (value: string) => boolean> = {
  category: (v) => v.length <= 80 && URL_NAME.test(v),
  brand: (v) => v.length <= 120 && SLUG.test(v),
  price: (v) => PRICE_VALUES.has(v),
  volume: (v) => v.length <= 120,
  country: (v) => v.length <= 120,
};

function valuesOf(params: URLSearchParams, key: FacetKey): string[] {
  const values = params
    .getAll(key)
    .map((v) => v.trim())
    .filter((v) => v.length > 0 && accept[key](v));
  return [...new Set(values)].slice(0, MAX_VALUES);
}

/** Reads the listing state from the URL, dropping values the API would refuse. */
export function parseListingQuery(params: URLSearchParams): ListingQuery {
  const sortParam = params.get("sort");
  const sort = SORT_CHOICES.some((s) => s.value === sortParam) ? (sortParam as SortChoice) : "relevance";
  const pageParam = Number(params.get("page"));
  const page = Number.isInteger(pageParam) && pageParam >= 1 ? Math.min(pageParam, MAX_PAGE) : 1;
  return {
    filters: {
      category: valuesOf(params, "category"),
      brand: valuesOf(params, "brand"),
      price: valuesOf(params, "price") as PriceBandValue[],
      volume: valuesOf(params, "volume"),
      country: valuesOf(params, "country"),
    },
    sort,
    page,
  };
}

const SORTS: Record<SortChoice, SearchOptions["sort"]> = {
  relevance: undefined,
  "price-asc": { field: "price", order: "asc" },
  "price-desc": { field: "price", order: "desc" },
  name: { field: "title", order: "asc" },
};

/** The search options (POST /menu/search/v4 and /categories) for a listing state; skip selects the page. */
export function searchOptionsFor(query: ListingQuery): SearchOptions {
  const filters: SearchFilters = {};
  for (const key of FACET_KEYS) {
    const values = query.filters[key];
    if (values.length > 0) (filters as Record<string, string[]>)[key] = values;
  }
  const sort = SORTS[query.sort];
  return {
    skip: (query.page - 1) * PAGE_SIZE,
    hitsPerPage: PAGE_SIZE,
    ...(sort ? { sort } : {}),
    filters,
    facets: true,
  };
}

export function activeFilterCount(query: ListingQuery): number {
  return FACET_KEYS.reduce((n, key) => n + query.filters[key].length, 0);
}

export function pageCount(count: number): number {
  return Math.max(1, Math.ceil(count / PAGE_SIZE));
}

/** The query string for a listing state, in a stable order; defaults (relevance, page 1) are left out. */
export function listingSearch(query: ListingQuery): string {
  const params = new URLSearchParams();
  for (const key of FACET_KEYS) for (const value of query.filters[key]) params.append(key, value);
  if (query.sort !== "relevance") params.set("sort", query.sort);
  if (query.page > 1) params.set("page", String(query.page));
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** A filter value turned on or off; changing filters goes back to page 1. */
export function toggleFilter(query: ListingQuery, key: FacetKey, value: string): ListingQuery {
  const current = query.filters[key] as string[];
  const next = current.includes(value) ? current.filter((v) => v !== value) : [...current, value];
  return { ...query, filters: { ...query.filters, [key]: next }, page: 1 };
}

export function clearFilters(query: ListingQuery): ListingQuery {
  return {
    ...query,
    filters: { category: [], brand: [], price: [], volume: [], country: [] },
    page: 1,
  };
}

export function withPage(query: ListingQuery, page: number): ListingQuery {
  return { ...query, page };
}

/** The page numbers a pager shows: first, last, and the current page's neighbours; null marks a gap. */
export function pagerPages(current: number, total: number): (number | null)[] {
  const wanted = new Set([1, total, current - 1, current, current + 1].filter((p) => p >= 1 && p <= total));
  const sorted = [...wanted].sort((a, b) => a - b);
  const out: (number | null)[] = [];
  for (const p of sorted) {
    const last = out[out.length - 1];
    if (typeof last === "number" && p - last > 1) out.push(p - last === 2 ? last + 1 : null);
    out.push(p);
  }
  return out;
}
