import { performance } from "node:perf_hooks";
import { countFacets, type FacetCount, type FacetCounts } from "#domain/catalogue/facet-counts.ts";
import { PRICE_BANDS, priceBandLabel } from "#domain/catalogue/price-bands.ts";
import type {
  Category,
  Facets,
  FacetValue,
  SearchResults,
  SearchSuggestion,
} from "#domain/catalogue/types.ts";
import { CATEGORY_NOT_FOUND } from "#domain/copy.ts";
import { notFound } from "#server/errors.ts";
import type { Db } from "#server/platform/db.ts";
import {
  brandNames,
  type CategorySnapshot,
  categorySnapshot,
  defaultCategoryKeys,
  defaultCategoryUrlName,
  productsFromRows,
  type ResolvedStore,
  withDescendants,
} from "../catalogue/index.ts";
import { suggestBrands } from "./brand-suggestions.ts";
import { facetColumns } from "./facet-dictionary.ts";
import type { SearchOptionsInput } from "./schemas.ts";
import {
  runSearchStatement,
  type SearchFilterValues,
  type SearchPlan,
  type SearchRows,
} from "./search-statement.ts";
import { checkSpelling, type SpellingCheck } from "./spelling-vocabulary.ts";

const NO_ROWS: SearchRows = {
  skus: [],
  productRows: [],
  total: 0,
  hasTobacco: false,
  typoTolerant: false,
  fullTextMatches: 0,
  candidates: null,
  attributesVersion: null,
};

/** Autocomplete answers with at most this many suggestions (brands first, then product titles). */
export const AUTOCOMPLETE_LIMIT = 8;

export interface SearchScope {
  query?: string;
  url_names?: string[];
  tags?: string[];
}

/**
 * Search and category listing (POST /menu/search/v4, /search/v4/categories, /category-tags/{tag}/filter):
 * products on the resolved store's shelf, not engraved copies, matched and ranked by the text, restricted to
 * the scope, filtered, sorted and paged, with facet counts.
 */
export async function search(
  db: Db,
  store: ResolvedStore | null,
  scope: SearchScope,
  options: SearchOptionsInput,
): Promise<SearchResults> {
  const started = performance.now();
  const snapshot = await categorySnapshot(db);
  const scopeTags = scopeTagsOf(snapshot, scope);
  const query = scope.query?.trim() || null;
  const autocomplete = options.autocomplete && query !== null;
  const hitsPerPage = autocomplete ? Math.min(options.hitsPerPage, AUTOCOMPLETE_LIMIT) : options.hitsPerPage;
  const page = options.page ?? 0;
  const skip = options.skip ?? page * hitsPerPage;
  const sortField = options.sort?.field ?? "relevance";
  const sort = {
    field: sortField,
    order: options.sort?.order ?? (sortField === "price" || sortField === "title" ? "asc" : "desc"),
  } as const;
  const wantFacets = options.facets && !autocomplete;

  const names = await brandNames(db, { slugs: options.filters.brand });
  const filters: SearchFilterValues = {
    // Unknown slugs map to no brand id (-1), so they match nothing.
    brand: options.filters.brand?.map((slug) => names.idBySlug.get(slug) ?? -1),
    price: options.filters.price,
    volume: options.filters.volume,
    country: options.filters.country,
  };
  if (options.filters.category) {
    const chosen = options.filters.category.flatMap((u) => snapshot.byUrlName.get(u) ?? []);
    // Unknown url_names match nothing (a filter that selects no category gives no products).
    filters.category = chosen.length ? defaultCategoryKeys(withDescendants(chosen)) : ["~no-such-category~"];
  }

  const plan = (spelling: SpellingCheck | null): SearchPlan | null =>
    store && {
      storeId: store.id,
      text: query
        ? { query: spelling?.correction?.query ?? query, prefix: autocomplete, typed: query }
        : null,
      scopeTags,
      filters,
      sort,
      skip,
      limit: hitsPerPage,
      facets: wantFacets,
    };
  // Typos are corrected before the search runs: one statement looks for what the shopper meant.
  let spelling = query ? await checkSpelling(db, query, autocomplete) : null;
  // Brand suggestions do not depend on the search: on a connection pool they run beside it.
  let [rows, brandSuggestions] = await Promise.all([
    searchRows(db, plan(spelling)),
    autocomplete && store && query ? suggestBrands(db, store.id, query) : [],
  ]);
  if (query && spelling && rows.attributesVersion !== null && rows.attributesVersion > spelling.version) {
    // The catalogue changed after the vocabulary was read: correct again with its words as the search saw
    // them, and search again if that changes the query.
    const again = await checkSpelling(db, query, autocomplete, rows.attributesVersion);
    if (again.correction?.query !== spelling.correction?.query) rows = await searchRows(db, plan(again));
    spelling = again;
  }
  // A correction that full text finds nothing for was a wrong guess: what was found (if anything) came from
  // the trigram pass over the words as typed.
  const corrected = rows.fullTextMatches > 0 ? (spelling?.correction?.query ?? null) : null;
  const attributesVersion = rows.attributesVersion;
  const [products, facetCounts] = await Promise.all([
    productsFromRows(db, rows.productRows, rows.skus, store),
    rows.candidates && attributesVersion !== null
      ? facetColumns(db, rows.candidates, attributesVersion).then((columns) => countFacets(columns, filters))
      : null,
  ]);

  let suggestions: SearchSuggestion[] = [];
  if (autocomplete) {
    const titles = new Set<string>();
    const productSuggestions: SearchSuggestion[] = [];
    for (const p of products) {
      if (titles.has(p.title)) continue;
      titles.add(p.title);
      productSuggestions.push({ type: "product", text: p.title, url: p.url });
    }
    suggestions = [...brandSuggestions, ...productSuggestions].slice(0, AUTOCOMPLETE_LIMIT);
  }

  return {
    products: products.map((p, i) => ({ ...p, position: skip + i + 1 })),
    count: rows.total,
    facets: await labelFacets(db, snapshot, facetCounts),
    has_tobacco: rows.hasTobacco,
    page: Math.floor(skip / hitsPerPage),
    skip,
    hitsPerPage,
    suggestions,
    analytics: {
      query,
      took_ms: Math.round((performance.now() - started) * 10) / 10,
      typo_tolerant: rows.typoTolerant || corrected !== null,
      corrected_query: corrected,
      store_id: store?.id ?? null,
    },
  };
}

function searchRows(db: Db, plan: SearchPlan | null): Promise<SearchRows> {
  return plan ? runSearchStatement(db, plan) : Promise.resolve(NO_ROWS);
}

/** The tags a scope covers: the categories' tags (with their children's), or the tags given. */
function scopeTagsOf(snapshot: CategorySnapshot, scope: SearchScope): string[] | null {
  if (scope.tags) return scope.tags;
  if (!scope.url_names) return null;
  const categories: Category[] = scope.url_names.flatMap((u) => snapshot.byUrlName.get(u) ?? []);
  if (categories.length === 0) throw notFound(CATEGORY_NOT_FOUND, "category_not_found");
  return [...new Set(withDescendants(categories).flatMap((c) => c.tags))];
}

async function labelFacets(db: Db, snapshot: CategorySnapshot, raw: FacetCounts | null): Promise<Facets> {
  if (!raw) return { category: [], brand: [], price: [], volume: [], country: [] };
  // Products may name their default category by id or by url_name: merge both spellings.
  const categories = new Map<string, FacetValue>();
  for (const { value: key, count } of raw.category) {
    const urlName = defaultCategoryUrlName(snapshot, key);
    const label = snapshot.byUrlName.get(urlName)?.web_display_name ?? key;
    const entry = categories.get(urlName) ?? { value: urlName, label, count: 0 };
    entry.count += count;
    categories.set(urlName, entry);
  }
  const names = await brandNames(db, { ids: raw.brand.map((b) => Number(b.value)) });
  const bandOrder = PRICE_BANDS.map((b) => b.value);
  const plain = ({ value, count }: FacetCount): FacetValue => ({ value, label: value, count });
  return {
    category: [...categories.values()].sort((a, b) => b.count - a.count || a.label.localeCompare(b.label)),
    brand: raw.brand.flatMap(({ value, count }) => {
      const brand = names.byId.get(Number(value));
      return brand ? [{ value: brand.slug, label: brand.name, count }] : [];
    }),
    price: raw.price
      .map(({ value, count }) => ({ value, label: priceBandLabel(value) ?? value, count }))
      .sort((a, b) => bandOrder.indexOf(a.value) - bandOrder.indexOf(b.value)),
    volume: raw.volume.map(plain),
    country: raw.country.map(plain),
  };
}
