import { sql } from "kysely";
import type { Brand, Category } from "#domain/catalogue/types.ts";
import { slugify } from "#domain/slug.ts";
import type { Db } from "#server/platform/db.ts";

/** Spec §9: categories are cached for 10 minutes. Brands ride along with the same lifetime. */
export const CATALOGUE_CACHE_MS = 10 * 60 * 1000;
const ORDINAL_FALLBACK = 999;

export interface CategorySnapshot {
  /** Root categories, each with its subcategories, sorted by ordinal (999 fallback) then name. */
  tree: Category[];
  /** Every category, sorted the same way, sharing the tree's objects. */
  all: Category[];
  byId: Map<string, Category>;
  byUrlName: Map<string, Category>;
}

interface Entry<T> {
  at: number;
  value: Promise<T>;
}

const categoryCache = new WeakMap<Db, Entry<CategorySnapshot>>();
const brandCache = new WeakMap<Db, Entry<Brand[]>>();
const brandNameCache = new WeakMap<Db, Entry<BrandNames>>();

export interface BrandNames {
  byId: Map<number, { name: string; slug: string }>;
  idBySlug: Map<string, number>;
}

function cached<T>(cache: WeakMap<Db, Entry<T>>, db: Db, load: () => Promise<T>): Promise<T> {
  const hit = cache.get(db);
  if (hit && Date.now() - hit.at < CATALOGUE_CACHE_MS) return hit.value;
  const value = load();
  cache.set(db, { at: Date.now(), value });
  value.catch(() => cache.delete(db));
  return value;
}

/** The category tree with whole-catalogue product counts, loaded once per 10 minutes and shared. */
export const categorySnapshot = (db: Db) => cached(categoryCache, db, () => loadCategories(db));

/** Every brand with its product count, sorted by name; same lifetime as the categories. */
export const brandIndex = (db: Db) => cached(brandCache, db, () => loadBrands(db));

/**
 * Every brand's name and slug by id, so hot queries can group and filter by brand_id without joining brands.
 * A brand missing from the map (created since it was loaded) reloads it once.
 */
export async function brandNames(
  db: Db,
  mustKnow: { ids?: number[]; slugs?: string[] } = {},
): Promise<BrandNames> {
  const names = await cached(brandNameCache, db, () => loadBrandNames(db));
  const missing =
    mustKnow.ids?.some((id) => !names.byId.has(id)) ||
    mustKnow.slugs?.some((slug) => !names.idBySlug.has(slug));
  if (!missing) return names;
  brandNameCache.delete(db);
  return cached(brandNameCache, db, () => loadBrandNames(db));
}

async function loadBrandNames(db: Db): Promise<BrandNames> {
  const rows = await db.selectFrom("brands").select(["id", "name", "slug"]).execute();
  return {
    byId: new Map(rows.map((r) => [r.id, { name: r.name, slug: r.slug }])),
    idBySlug: new Map(rows.map((r) => [r.slug, r.id])),
  };
}

/** Products per category on one store's shelf; menu data, so cached like the categories (10 minutes). */
/**
 * Menu data that depends on the store (which categories and which SKUs a shelf shows, in what order) is
 * cached like the categories: 10 minutes, per database, at most MENU_CACHE_SIZE entries. Prices and stock
 * are never cached: products are always read fresh.
 */
const MENU_CACHE_SIZE = 1000;
const menuCache = new WeakMap<Db, Map<string, Entry<unknown>>>();

export function cachedMenuData<T>(db: Db, key: string, load: () => Promise<T>): Promise<T> {
  const entries = menuCache.get(db) ?? new Map<string, Entry<unknown>>();
  menuCache.set(db, entries);
  const hit = entries.get(key);
  if (hit && Date.now() - hit.at < CATALOGUE_CACHE_MS) return hit.value as Promise<T>;
  if (entries.size >= MENU_CACHE_SIZE) entries.delete(entries.keys().next().value as string);
  const value = load();
  entries.delete(key);
  entries.set(key, { at: Date.now(), value });
  value.catch(() => entries.delete(key));
  return value;
}

/** Products per category on one store's shelf. */
export function shelfCategoryCounts(db: Db, storeId: string): Promise<Map<string, number>> {
  return cachedMenuData(db, `shelf-counts:${storeId}`, async () => {
    const r = await sql<{ id: string; n: number }>`
      select c.id, count(*)::int as n
      from categories c
      join products p on p.tags && c.product_tags and not p.disabled and p.etch_of is null
      join inventory i on i.sku_id = p.sku_id and i.store_id = ${storeId}
      group by c.id`.execute(db);
    return new Map(r.rows.map((row) => [row.id, row.n]));
  });
}

/** Forget cached categories and brands (after seeding, or in tests that change them). */
export function invalidateCatalogueCache(db: Db): void {
  categoryCache.delete(db);
  brandCache.delete(db);
  brandNameCache.delete(db);
  menuCache.delete(db);
}

export const byOrdinal = (a: Category, b: Category) =>
  a.ordinal - b.ordinal || a.web_display_name.localeCompare(b.web_display_name);

async function loadCategories(db: Db): Promise<CategorySnapshot> {
  const rows = await db.selectFrom("categories").selectAll().execute();
  // A product counts when it is on sale somewhere, enabled, and not an engraved copy of another product.
  const counts = await sql<{ id: string; n: number }>`
    select c.id, count(p.sku_id)::int as n
    from categories c
    join products p on p.tags && c.product_tags
    where not p.disabled and p.etch_of is null
      and exists (select 1 from inventory i where i.sku_id = p.sku_id)
    group by c.id`.execute(db);
  const countOf = new Map(counts.rows.map((r) => [r.id, r.n]));

  const all: Category[] = rows.map((r) => ({
    _id: r.id,
    name: r.name,
    web_display_name: r.web_display_name,
    url_name: r.url_name,
    tag: r.tag,
    tags: r.product_tags,
    ordinal: r.ordinal ?? ORDINAL_FALLBACK,
    parent_id: r.parent_id,
    product_count: countOf.get(r.id) ?? 0,
    is_tobacco: r.is_tobacco,
    icon: r.icon,
    image: r.image,
    root_category_display: r.root_category_display,
    description: r.description,
    url: `/${r.url_name}`,
    subcategories: [],
  }));
  all.sort(byOrdinal);
  const byId = new Map(all.map((c) => [c._id, c]));
  const byUrlName = new Map(all.map((c) => [c.url_name, c]));
  const tree: Category[] = [];
  for (const category of all) {
    const parent = category.parent_id ? byId.get(category.parent_id) : undefined;
    if (parent) parent.subcategories.push(category);
    else tree.push(category);
  }
  return { tree, all, byId, byUrlName };
}

/** url_name of a product's default category; the column may hold the category's id or its url_name. */
export function defaultCategoryUrlName(snapshot: CategorySnapshot, key: string): string {
  return (snapshot.byId.get(key) ?? snapshot.byUrlName.get(key))?.url_name ?? (slugify(key) || "products");
}

/** url_names of the navigation categories whose tags a product carries, in menu order (curations left out). */
export function categoriesForTags(snapshot: CategorySnapshot, tags: string[]): string[] {
  if (tags.length === 0) return [];
  const set = new Set(tags);
  return snapshot.all
    .filter((c) => c.root_category_display !== "WEB_STOREFRONT" && c.tags.some((t) => set.has(t)))
    .map((c) => c.url_name);
}

/** The categories and every category beneath them. */
export function withDescendants(categories: Category[]): Category[] {
  const out = new Map<string, Category>();
  const visit = (c: Category) => {
    if (out.has(c._id)) return;
    out.set(c._id, c);
    c.subcategories.forEach(visit);
  };
  categories.forEach(visit);
  return [...out.values()];
}

/** Both spellings a product's default_category may use for the given categories (id and url_name). */
export function defaultCategoryKeys(categories: Category[]): string[] {
  return categories.flatMap((c) => [c._id, c.url_name]);
}

async function loadBrands(db: Db): Promise<Brand[]> {
  const rows = await sql<{ name: string; slug: string; has_tobacco: boolean; product_count: number }>`
    select b.name, b.slug, b.has_tobacco, count(p.sku_id)::int as product_count
    from brands b
    join products p on p.brand_id = b.id and not p.disabled and p.etch_of is null
    group by b.id
    order by lower(b.name), b.slug`.execute(db);
  return rows.rows;
}
