import { sql } from "kysely";
import type { Db } from "#server/platform/db.ts";
import { cachedMenuData } from "./catalogue-cache.ts";

export interface ListingFilter {
  /** Products carrying any of these tags. */
  tags?: string[];
  brandId?: number;
  /** default_category values (ids or url_names). */
  defaultCategories?: string[];
  /** Price at the store, cents: min inclusive, max exclusive. */
  price?: { min: number; max: number | null };
  excludeSkus?: string[];
  excludeVariantGroup?: string;
  inStockOnly?: boolean;
  /** Also list disabled products (their price is hidden). */
  includeDisabled?: boolean;
}

/**
 * The most popular SKUs on a store's shelf matching the filter: most rated, then best rated, then SKU so
 * lists are stable. Counting every match costs a full pass, so the count is only taken when asked for.
 */
export async function listSkus(
  db: Db,
  storeId: string | null,
  filter: ListingFilter,
  limit: number,
  options: { count?: boolean } = {},
): Promise<{ skus: string[]; count: number }> {
  if (!storeId) return { skus: [], count: 0 };
  let query = db
    .selectFrom("products as p")
    .innerJoin("inventory as i", (join) =>
      join.onRef("i.sku_id", "=", "p.sku_id").on("i.store_id", "=", storeId),
    )
    .select([
      "p.sku_id",
      options.count ? sql<number>`(count(*) over ())::int`.as("total") : sql<number>`0`.as("total"),
    ])
    .where("p.etch_of", "is", null);
  if (!filter.includeDisabled) query = query.where("p.disabled", "=", false);
  if (filter.tags) query = query.where(sql<boolean>`p.tags && ${sql.val(filter.tags)}::text[]`);
  if (filter.brandId !== undefined) query = query.where("p.brand_id", "=", filter.brandId);
  if (filter.defaultCategories) query = query.where("p.default_category", "in", filter.defaultCategories);
  if (filter.price) {
    query = query.where("i.price_cents", ">=", filter.price.min);
    if (filter.price.max !== null) query = query.where("i.price_cents", "<", filter.price.max);
  }
  if (filter.excludeSkus?.length) query = query.where("p.sku_id", "not in", filter.excludeSkus);
  if (filter.excludeVariantGroup) query = query.where("p.variant_group", "<>", filter.excludeVariantGroup);
  if (filter.inStockOnly) query = query.where("i.stock", ">", 0);
  const rows = await query
    .orderBy("p.rating_count", "desc")
    .orderBy("p.average_rating", (o) => o.desc().nullsLast())
    .orderBy("p.sku_id")
    .limit(limit)
    .execute();
  return { skus: rows.map((r) => r.sku_id), count: options.count ? (rows[0]?.total ?? 0) : rows.length };
}

export interface ListingGroup {
  key: string;
  /** Products carrying any of these tags… */
  tags: string[];
  /** …and, when given, of this brand. */
  brandId?: number;
}

/**
 * Several listings in one statement (group pages, curations, generic picks): per group the `limit` most
 * popular SKUs on the store's shelf and, when asked, how many there are in all. One round trip instead of
 * one per group; each branch keeps only its top rows (a top-N sort, not a full sort of the category).
 * Which SKUs a shelf shows is menu data, cached 10 minutes (cachedMenuData); their prices are read fresh.
 */
export async function listGroups(
  db: Db,
  storeId: string | null,
  groups: ListingGroup[],
  limit: number,
  options: { count?: boolean } = {},
): Promise<Map<string, { skus: string[]; count: number }>> {
  if (!storeId || groups.length === 0) return new Map();
  const key = `groups:${storeId}:${limit}:${options.count ? 1 : 0}:${JSON.stringify(groups)}`;
  return cachedMenuData(db, key, () => queryGroups(db, storeId, groups, limit, options.count === true));
}

async function queryGroups(
  db: Db,
  storeId: string,
  groups: ListingGroup[],
  limit: number,
  withCount: boolean,
): Promise<Map<string, { skus: string[]; count: number }>> {
  const out = new Map<string, { skus: string[]; count: number }>();
  const popular = sql`p.rating_count desc, p.average_rating desc nulls last, p.sku_id`;
  // One branch per group with its own tags, so the planner sees each group's real size (a join against a
  // list of groups looked like a few rows each and sent 9,000 single-row probes into inventory).
  const branches = groups.map(
    (g) => sql`(
      select ${g.key}::text as key, p.sku_id, row_number() over (order by ${popular})::int as place,
        ${withCount ? sql`(count(*) over ())::int` : sql`0`} as total
      from products p
      join inventory i on i.sku_id = p.sku_id and i.store_id = ${storeId}
      where p.tags && ${sql.val(g.tags)}::text[] and not p.disabled and p.etch_of is null
      ${g.brandId === undefined ? sql`` : sql`and p.brand_id = ${g.brandId}`}
      order by ${popular}
      limit ${limit})`,
  );
  const rows = await sql<{ key: string; sku_id: string; place: number; total: number }>`
    ${sql.join(branches, sql` union all `)}`.execute(db);
  for (const r of [...rows.rows].sort((a, b) => a.place - b.place)) {
    const entry = out.get(r.key) ?? { skus: [], count: 0 };
    entry.skus.push(r.sku_id);
    entry.count = withCount ? r.total : entry.skus.length;
    out.set(r.key, entry);
  }
  return out;
}
