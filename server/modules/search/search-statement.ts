import { type RawBuilder, sql } from "kysely";
import { PRICE_BANDS } from "../../../domain/catalogue/price-bands.ts";
import type { SearchSortField } from "../../../domain/catalogue/types.ts";
import { compareCodeUnits } from "../../../domain/compare.ts";
import { type Db, executePrepared, hasConnectionPool } from "../../platform/db.ts";
import { type ProductRow, parseProductRows, productRowsJson } from "../catalogue/index.ts";

/** When full-text search finds fewer hits than this, typo-tolerant trigram matches are added after them. */
export const TYPO_FALLBACK_BELOW = 5;
/** Facet lists are cut to the biggest values (a selected value always stays). */
export const FACET_LIMIT = 50;

export type FacetDimension = "category" | "brand" | "price" | "volume" | "country";
export const FACET_DIMENSIONS: FacetDimension[] = ["category", "brand", "price", "volume", "country"];

export interface SearchFilterValues {
  category?: string[];
  brand?: number[];
  price?: string[];
  volume?: string[];
  country?: string[];
}

export interface SearchPlan {
  storeId: string;
  /** Text to match; prefix = the last word matches as a prefix (autocomplete). */
  text: { query: string; prefix: boolean } | null;
  /** Only products carrying one of these tags. */
  scopeTags: string[] | null;
  /** Selected values per dimension (category: default_category keys, brand: brand ids, price: band values). */
  filters: SearchFilterValues;
  sort: { field: SearchSortField; order: "asc" | "desc" };
  skip: number;
  limit: number;
  facets: boolean;
}

/** A facet value as the database sees it (brand: the brand id as text) and its count. */
export interface FacetCount {
  value: string;
  count: number;
}

export interface SearchRows {
  skus: string[];
  /** Card rows of the page's products (any order), for productsFromRows. */
  productRows: ProductRow[];
  total: number;
  hasTobacco: boolean;
  typoTolerant: boolean;
  facets: Record<FacetDimension, FacetCount[]> | null;
}

/**
 * Search: candidates on the store's shelf (full-text matches ranked by ts_rank, found through the GIN index on
 * (store_id, search), or the whole scope when there is no text), then the counts, the page with its product rows
 * and the facet counts. When full text finds little, the SKUs whose title or brand is like the words are looked up
 * and, if there are any, a second pass adds those on the shelf after the full-text matches.
 *
 * On a connection pool the page and the facets are two prepared statements run at once on two connections:
 * each finds the candidates again (an index scan), but the answer waits for the slower half instead of both.
 * On a single connection (PGlite) they are one statement: one plan, one pass.
 */
export async function runSearchStatement(db: Db, plan: SearchPlan): Promise<SearchRows> {
  const first = await execute(db, plan, null);
  if (!plan.text || first.matched >= TYPO_FALLBACK_BELOW) return first.rows;
  const typos = await typoCandidates(db, typoWords(plan.text));
  if (typos.length === 0) return first.rows;
  const second = await execute(db, plan, typos);
  return { ...second.rows, typoTolerant: second.matched > first.matched };
}

/**
 * The words typos are looked for in, lower-cased: in autocomplete not the last one, which is still being typed
 * ("jamesn i").
 */
function typoWords(text: { query: string; prefix: boolean }): string {
  const words = text.query.toLowerCase().trim().split(/\s+/);
  return (text.prefix && words.length > 1 ? words.slice(0, -1) : words).join(" ");
}

/** SKUs whose title or brand name is like the words, on any shelf (migration 0007-typo-candidates). */
async function typoCandidates(db: Db, words: string): Promise<string[]> {
  const rows = await executePrepared(
    db,
    sql<{ sku_id: string }>`select sku_id from typo_candidates(${words})`,
  );
  return rows.map((r) => r.sku_id);
}

type Part = "page" | "facets";
const ALL_PARTS: readonly Part[] = ["page", "facets"];

/** Runs the search; `typos`: trigram candidates to add after the full-text matches (the second pass). */
async function execute(db: Db, plan: SearchPlan, typos: string[] | null) {
  if (!plan.facets || !hasConnectionPool(db)) return executeParts(db, plan, typos, ALL_PARTS);
  const [page, facets] = await Promise.all([
    executeParts(db, plan, typos, ["page"]),
    executeParts(db, plan, typos, ["facets"]),
  ]);
  return { matched: page.matched, rows: { ...page.rows, facets: facets.rows.facets } };
}

async function executeParts(
  db: Db,
  plan: SearchPlan,
  typos: string[] | null,
  parts: readonly Part[],
): Promise<{ matched: number; rows: SearchRows }> {
  const withPage = parts.includes("page");
  const withFacets = plan.facets && parts.includes("facets");
  // The store's shelf (migration 0006-shelf) carries everything the facets, filters and sort need, so
  // nothing is joined. Brands stay ids here (names come from an in-process map).
  const onShelf = sql`s.store_id = ${plan.storeId}
    ${plan.scopeTags ? sql`and s.tags && ${sql.val(plan.scopeTags)}::text[]` : sql``}`;
  const columns = candidateColumns(plan, withPage, withFacets);
  // ts_rank reads every match's vector: only worth it when the page is ordered by relevance.
  const ranked = withPage && plan.text !== null && plan.sort.field === "relevance";
  const candidates = plan.text
    ? textCandidates(plan.text, columns, onShelf, typos, ranked)
    : sql`m as materialized (select ${columns}, 0::real as rank from shelf s where ${onShelf})`;

  const order = orderBy(plan.sort, plan.text !== null);
  const selected = filterClause(plan.filters, null);
  // The page's product rows come back in the same statement: no second round trip to build the cards.
  const [row] = await executePrepared(
    db,
    sql<{
      totals: unknown;
      skus: unknown;
      products: unknown;
      facets: unknown;
    }>`
    with ${candidates}
    ${withPage ? sql`, page as materialized (select * from m where ${selected} order by ${order} limit ${plan.limit} offset ${plan.skip})` : sql``}
    select
      ${
        withPage
          ? sql`(select json_build_array(count(*), count(*) filter (where ${selected}),
        coalesce(bool_or(is_tobacco) filter (where ${selected}), false)) from m) as totals,
      (select coalesce(json_agg(sku_id order by ${order}), '[]'::json) from page) as skus,
      ${productRowsJson(plan.storeId, sql`array(select sku_id from page)`)} as products,`
          : sql``
      }
      ${withFacets ? facetCounts(plan.filters) : sql`null`} as facets
  `,
  );
  const [matched, total, hasTobacco] = withPage
    ? (parseJson(row.totals) as [number, number, boolean])
    : [0, 0, false];
  return {
    matched: Number(matched),
    rows: {
      skus: withPage ? (parseJson(row.skus) as string[]) : [],
      productRows: withPage ? parseProductRows(row.products) : [],
      total: Number(total),
      hasTobacco: Boolean(hasTobacco),
      typoTolerant: false,
      facets: withFacets
        ? groupFacets(parseJson(row.facets) as [FacetDimension, string, number][], plan.filters)
        : null,
    },
  };
}

/**
 * Facet counts, each applying every filter but its own dimension's. Category, price band, volume and country
 * (tens of values each) come from one grouping-sets pass over the candidates and are cut in groupFacets.
 * Brands (over a thousand on a broad query) are counted apart and only the FACET_LIMIT biggest, selected ones
 * first, leave the database: building and sending every brand group cost more than the top-N sort.
 */
function facetCounts(filters: SearchPlan["filters"]) {
  const count = (d: FacetDimension) => sql`count(*) filter (where ${filterClause(filters, d)})`;
  // grouping() sets a bit per column the row is not grouped by: 7 = by category, 11 = price band, ...
  const gs = sql`grouping(category, price_band, volume, country)`;
  const selectedBrand = filters.brand?.length
    ? sql`brand = any(${sql.val(filters.brand)}::int[]) desc,`
    : sql``;
  return sql`(select coalesce(json_agg(json_build_array(d, v, n)), '[]'::json) from (
        select (case ${gs} when 7 then 'category' when 11 then 'price' when 13 then 'volume' else 'country' end) as d,
          coalesce(category, price_band, volume, country) as v,
          case ${gs} when 7 then ${count("category")} when 11 then ${count("price")}
            when 13 then ${count("volume")} else ${count("country")} end as n
        from m
        group by grouping sets ((category), (price_band), (volume), (country))
        union all
        (select 'brand', brand::text, ${count("brand")} as n
          from m where brand is not null
          group by brand
          order by ${selectedBrand} n desc, brand::text
          limit ${sql.lit(FACET_LIMIT)})
      ) g
      where v is not null and n > 0)`;
}

function textCandidates(
  text: { query: string; prefix: boolean },
  columns: RawBuilder<unknown>,
  onShelf: RawBuilder<unknown>,
  typos: string[] | null,
  ranked: boolean,
) {
  const prefix = text.prefix ? prefixTsqueries(text.query) : null;
  // q: what the GIN index looks up; whole: the full query every candidate must match (and is ranked by).
  // A short prefix ("jack d" → d:*) expands to thousands of lexemes in the index, which costs more than
  // checking the rows its complete words found: the index then looks up the complete words only.
  const q = prefix?.completeWords
    ? sql`(select case when numnode(c) > 0 then c else w end as q, w as whole
        from (select to_tsquery('english', ${prefix.completeWords}) as c, to_tsquery('english', ${prefix.whole}) as w) x)`
    : prefix
      ? sql`(select to_tsquery('english', ${prefix.whole}) as q, null::tsquery as whole)`
      : sql`(select websearch_to_tsquery('english', ${text.query}) as q, null::tsquery as whole)`;
  const rank = ranked ? sql`ts_rank(s.search, coalesce(q.whole, q.q))` : sql`0::real`;
  const matches = sql`
    q as ${q},
    ${sql.raw(typos ? "fts" : "m")} as materialized (
      select ${columns}, ${rank} as rank
      from q, shelf s where ${onShelf} and s.search @@ q.q
        ${prefix?.completeWords ? sql`and ts_match_vq(s.search, q.whole)` : sql``}
    )`;
  if (!typos) return matches;
  const words = text.query.toLowerCase();
  // Typo hits rank below every full-text hit (rank - 1), a title likeness above the same brand likeness.
  return sql`${matches},
    typo as materialized (
      select ${columns},
        greatest(word_similarity(${words}, s.title), 0.9 * word_similarity(${words}, coalesce(p.brand_name, ''))) - 1
          as rank
      from shelf s
      join products p on p.sku_id = s.sku_id
      where ${onShelf} and s.sku_id = any(${sql.val(typos)}::text[])
        and not exists (select 1 from fts where fts.sku_id = s.sku_id)
    ),
    m as materialized (select * from fts union all select * from typo)`;
}

/** Splits the facet rows by dimension, selected values first, then biggest, at most FACET_LIMIT each. */
function groupFacets(
  rows: [FacetDimension, string, number][],
  filters: SearchPlan["filters"],
): Record<FacetDimension, FacetCount[]> {
  const out = Object.fromEntries(FACET_DIMENSIONS.map((d) => [d, [] as FacetCount[]])) as Record<
    FacetDimension,
    FacetCount[]
  >;
  for (const [dim, value, count] of rows) out[dim]?.push({ value, count });
  for (const dim of FACET_DIMENSIONS) {
    const selected = new Set((filters[dim] ?? []).map(String));
    out[dim] = out[dim]
      .sort(
        (a, b) =>
          Number(selected.has(b.value)) - Number(selected.has(a.value)) ||
          b.count - a.count ||
          compareCodeUnits(a.value, b.value),
      )
      .slice(0, FACET_LIMIT);
  }
  return out;
}

/**
 * Autocomplete's tsqueries: "jack dan" → whole "jack & dan:*" (every word must match, the last one as a prefix)
 * and completeWords "jack" (null for a single word). Words are letters/digits only.
 */
export function prefixTsqueries(query: string): { whole: string; completeWords: string | null } {
  const words =
    query
      .toLowerCase()
      .replace(/['’]/g, "")
      .match(/[\p{L}\p{N}]+/gu) ?? [];
  const complete = words.slice(0, -1);
  const last = words.at(-1);
  return {
    whole: [...complete, ...(last ? [`${last}:*`] : [])].join(" & "),
    completeWords: complete.length ? complete.join(" & ") : null,
  };
}

/**
 * The shelf columns the candidates carry: every one is copied for each match (thousands on a broad query), so
 * only what this statement reads — the page its sort keys and the tobacco flag, the facets their dimensions,
 * both the filtered dimensions.
 */
function candidateColumns(plan: SearchPlan, withPage: boolean, withFacets: boolean) {
  const wanted = new Set<CandidateColumn>(["sku_id"]);
  if (withPage) {
    for (const c of ["rating_count", "average_rating", "is_tobacco"] as const) wanted.add(c);
    if (plan.sort.field === "price") wanted.add("price");
    if (plan.sort.field === "title") wanted.add("title");
  }
  for (const d of FACET_DIMENSIONS) {
    if (withFacets || plan.filters[d]?.length) wanted.add(d === "price" ? "price_band" : d);
  }
  return sql.join([...wanted].map((c) => CANDIDATE_COLUMNS[c]));
}

type CandidateColumn =
  | "sku_id"
  | "title"
  | "price"
  | "rating_count"
  | "average_rating"
  | "is_tobacco"
  | "category"
  | "brand"
  | "price_band"
  | "volume"
  | "country";

const CANDIDATE_COLUMNS: Record<CandidateColumn, RawBuilder<unknown>> = {
  sku_id: sql`s.sku_id`,
  title: sql`s.title`,
  price: sql`s.price_cents as price`,
  rating_count: sql`s.rating_count`,
  average_rating: sql`s.average_rating`,
  is_tobacco: sql`s.is_tobacco`,
  category: sql`s.default_category as category`,
  brand: sql`s.brand_id as brand`,
  price_band: sql`${bandCase()} as price_band`,
  volume: sql`s.volume_label as volume`,
  country: sql`s.country`,
};

function bandCase() {
  const whens = PRICE_BANDS.map((b) =>
    b.max === null
      ? sql`else ${sql.lit(b.value)}`
      : sql`when s.price_cents < ${sql.lit(b.max)} then ${sql.lit(b.value)}`,
  );
  return sql`(case ${sql.join(whens, sql` `)} end)`;
}

const columnOf = (dim: FacetDimension) => sql.ref(dim === "price" ? "price_band" : dim);

/** Every selected filter except `skip`'s (facet counts of a dimension ignore its own filter). */
function filterClause(filters: SearchPlan["filters"], skip: FacetDimension | null) {
  const clauses = FACET_DIMENSIONS.filter((d) => d !== skip && filters[d]?.length).map((d) =>
    d === "brand"
      ? sql`brand = any(${sql.val(filters.brand)}::int[])`
      : sql`${columnOf(d)} = any(${sql.val(filters[d])}::text[])`,
  );
  return clauses.length ? sql.join(clauses, sql` and `) : sql`true`;
}

function orderBy(sort: SearchPlan["sort"], hasText: boolean) {
  const dir = sql.raw(sort.order === "asc" ? "asc" : "desc");
  switch (sort.field) {
    case "price":
      return sql`price ${dir}, sku_id`;
    case "title":
      return sql`lower(title) ${dir}, sku_id`;
    case "rating":
      return sql`average_rating ${dir} nulls last, rating_count desc, sku_id`;
    default:
      return hasText
        ? sql`rank ${dir}, rating_count desc, sku_id`
        : sql`rating_count ${dir}, average_rating desc nulls last, sku_id`;
  }
}

function parseJson(value: unknown): unknown {
  return typeof value === "string" ? JSON.parse(value) : value;
}
