import { type RawBuilder, sql } from "kysely";
import { FACET_DIMENSIONS, type FacetDimension } from "#domain/catalogue/facet-counts.ts";
import { PRICE_BANDS } from "#domain/catalogue/price-bands.ts";
import type { SearchSortField } from "#domain/catalogue/types.ts";
import { type Db, executePrepared } from "#server/platform/db.ts";
import { type ProductRow, parseProductRows, productRowsJson } from "../catalogue/index.ts";

/** When full-text search finds fewer hits than this, typo-tolerant trigram matches are added after them. */
export const TYPO_FALLBACK_BELOW = 5;

export interface SearchFilterValues {
  category?: string[];
  brand?: number[];
  price?: string[];
  volume?: string[];
  country?: string[];
}

export interface SearchPlan {
  storeId: string;
  /**
   * Text to match; prefix = the last word matches as a prefix (autocomplete); typed = the query as the shopper
   * typed it when `query` is its spelling correction (the trigram pass looks for what was typed).
   */
  text: { query: string; prefix: boolean; typed?: string } | null;
  /** Only products carrying one of these tags. */
  scopeTags: string[] | null;
  /** Selected values per dimension (category: default_category keys, brand: brand ids, price: band values). */
  filters: SearchFilterValues;
  sort: { field: SearchSortField; order: "asc" | "desc" };
  skip: number;
  limit: number;
  /** Also hand back every candidate's SKU and price, for the facet counts. */
  facets: boolean;
}

/** Every candidate of a search (before the filters), for the facet counts: SKUs and the store's prices in the same order. */
export interface CandidatePrices {
  skus: string[];
  prices: number[];
}

export interface SearchRows {
  skus: string[];
  /** Card rows of the page's products (any order), for productsFromRows. */
  productRows: ProductRow[];
  total: number;
  hasTobacco: boolean;
  /** Trigram matches were added after the full-text ones. */
  typoTolerant: boolean;
  /** How many products full text matched (before the filters; trigram matches not counted). */
  fullTextMatches: number;
  /** Null when facets were not asked for. */
  candidates: CandidatePrices | null;
  /**
   * The facet_attributes_version the statement's snapshot saw (migrations 0008, 0010), when it has text or
   * facets: the data search holds in process must be at least as new.
   */
  attributesVersion: number | null;
}

/**
 * Search: candidates on the store's shelf (full-text matches ranked by ts_rank, found through the GIN index on
 * (store_id, search), or the whole scope when there is no text), then in the same statement the counts, the
 * page with its product rows and, for the facets, every candidate's SKU and price. When full text finds
 * little, the SKUs whose title or brand is like the words are looked up and, if there are any, a second pass
 * adds those on the shelf after the full-text matches.
 *
 * The facets are counted in process (facet-dictionary.ts), not here: grouping thousands of candidates five
 * ways took a second statement as long as this one, on a second connection (ADR 0015).
 */
export async function runSearchStatement(db: Db, plan: SearchPlan): Promise<SearchRows> {
  const first = await execute(db, plan, null);
  if (!plan.text || first.matched >= TYPO_FALLBACK_BELOW) return first.rows;
  const typos = await typoCandidates(db, typoWords(plan.text));
  if (typos.length === 0) return first.rows;
  const second = await execute(db, plan, typos);
  return { ...second.rows, typoTolerant: second.matched > first.matched, fullTextMatches: first.matched };
}

/**
 * The words typos are looked for in, lower-cased, as typed: in autocomplete not the last one, which is still
 * being typed ("jamesn i").
 */
function typoWords(text: NonNullable<SearchPlan["text"]>): string {
  const words = (text.typed ?? text.query).toLowerCase().trim().split(/\s+/);
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

/** Runs the search; `typos`: trigram candidates to add after the full-text matches (the second pass). */
async function execute(
  db: Db,
  plan: SearchPlan,
  typos: string[] | null,
): Promise<{ matched: number; rows: SearchRows }> {
  // The store's shelf (migration 0006-shelf) carries everything the filters and sort need, so nothing is
  // joined. Brands stay ids here (names come from an in-process map).
  const onShelf = sql`s.store_id = ${plan.storeId}
    ${plan.scopeTags ? sql`and s.tags && ${sql.val(plan.scopeTags)}::text[]` : sql``}`;
  const columns = candidateColumns(plan);
  // ts_rank reads every match's vector: only worth it when the page is ordered by relevance.
  const ranked = plan.text !== null && plan.sort.field === "relevance";
  const candidates = plan.text
    ? textCandidates(plan.text, columns, onShelf, typos, ranked)
    : sql`m as materialized (select ${columns}, 0::real as rank from shelf s where ${onShelf})`;

  const order = orderBy(plan.sort, plan.text !== null);
  const selected = filterClause(plan.filters);
  // The page's product rows come back in the same statement: no second round trip to build the cards.
  // string_agg and array_agg read the candidates in one pass, so SKUs and prices pair up by position.
  const [row] = await executePrepared(
    db,
    sql<{ totals: unknown; skus: unknown; products: unknown; attributes_version: number | null }>`
    with ${candidates},
    page as materialized (select * from m where ${selected} order by ${order} limit ${plan.limit} offset ${plan.skip})
    select
      (select json_build_array(count(*), count(*) filter (where ${selected}),
        coalesce(bool_or(is_tobacco) filter (where ${selected}), false)
        ${plan.facets ? sql`, coalesce(string_agg(sku_id, ','), ''), coalesce(array_to_json(array_agg(price)), '[]')` : sql``})
        from m) as totals,
      (select coalesce(json_agg(sku_id order by ${order}), '[]'::json) from page) as skus,
      ${productRowsJson(plan.storeId, sql`array(select sku_id from page)`)} as products,
      ${plan.facets || plan.text ? sql`(select version from facet_attributes_version)` : sql`null::int`} as attributes_version
  `,
  );
  const [matched, total, hasTobacco, skus, prices] = parseJson(row.totals) as [
    number,
    number,
    boolean,
    string?,
    number[]?,
  ];
  return {
    matched: Number(matched),
    rows: {
      skus: parseJson(row.skus) as string[],
      productRows: parseProductRows(row.products),
      total: Number(total),
      hasTobacco: Boolean(hasTobacco),
      typoTolerant: false,
      fullTextMatches: Number(matched),
      candidates:
        plan.facets && skus !== undefined && prices !== undefined
          ? { skus: skus ? skus.split(",") : [], prices }
          : null,
      attributesVersion: row.attributes_version === null ? null : Number(row.attributes_version),
    },
  };
}

function textCandidates(
  text: NonNullable<SearchPlan["text"]>,
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
  const words = (text.typed ?? text.query).toLowerCase();
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
 * only what this statement reads: the sort keys, the tobacco flag, the filtered dimensions and, for the
 * facets, the price.
 */
function candidateColumns(plan: SearchPlan) {
  const wanted = new Set<CandidateColumn>(["sku_id", "rating_count", "average_rating", "is_tobacco"]);
  if (plan.sort.field === "price" || plan.facets) wanted.add("price");
  if (plan.sort.field === "title") wanted.add("title");
  for (const d of FACET_DIMENSIONS) {
    if (plan.filters[d]?.length) wanted.add(d === "price" ? "price_band" : d);
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

/** Every selected filter. */
function filterClause(filters: SearchFilterValues) {
  const clauses = FACET_DIMENSIONS.filter((d) => filters[d]?.length).map((d) =>
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
