import { sql } from "kysely";
import { isProductTag, PRODUCT_TAGS } from "#domain/catalogue/product-tags.ts";
import type {
  AvailableCategories,
  Category,
  CategoryGroup,
  CategoryPage,
  MainMenu,
  Product,
  ProductGroup,
} from "#domain/catalogue/types.ts";
import { CATEGORY_GROUP_NOT_FOUND, CATEGORY_NOT_FOUND } from "#domain/copy.ts";
import { notFound } from "#server/errors.ts";
import type { Db } from "#server/platform/db.ts";
import {
  type CategorySnapshot,
  cachedMenuData,
  categorySnapshot,
  shelfCategoryCounts,
} from "./catalogue-cache.ts";
import { listGroups } from "./listing.ts";
import { readProducts } from "./product-reader.ts";
import type { ResolvedStore } from "./store-resolution.ts";

/** Spec §5/§9: group pages show 12 products per group. */
export const GROUP_PAGE_SIZE = 12;
/** Groups by brand, for categories without children, show the biggest few brands. */
const BRAND_GROUPS = 8;

export async function categoryTree(db: Db): Promise<Category[]> {
  return (await categorySnapshot(db)).tree;
}

/** GET /menu/category/{url_name}: the category with its children, and its parent. */
export async function categoryPage(db: Db, urlName: string, parentUrlName?: string): Promise<CategoryPage> {
  const snapshot = await categorySnapshot(db);
  const category = snapshot.byUrlName.get(urlName);
  const parent = category ? parentOf(snapshot, category) : null;
  if (!category || (parentUrlName !== undefined && parent?.url_name !== parentUrlName)) {
    throw notFound(CATEGORY_NOT_FOUND, "category_not_found");
  }
  return { category, parent };
}

/** Categories with at least one product on the resolved store's shelf, counted at that store. */
export async function availableCategories(db: Db, store: ResolvedStore | null): Promise<AvailableCategories> {
  if (!store) return { store_id: null, categories: [] };
  const [snapshot, countOf] = await Promise.all([categorySnapshot(db), shelfCategoryCounts(db, store.id)]);
  const categories = snapshot.all
    .filter((c) => (countOf.get(c._id) ?? 0) > 0)
    .map((c) => ({ ...c, product_count: countOf.get(c._id) ?? 0, subcategories: [] }));
  return { store_id: store.id, categories };
}

/**
 * GET /menu/category-group/{url_name} (and /{parent}/{name}): the group category and up to 12 products per
 * group. Groups are its child categories; without children, its product tags (nicotine-tobacco: cigars,
 * pouches, vapes); failing that (a single-tag group such as gifting), its biggest brands.
 */
export async function categoryGroup(
  db: Db,
  store: ResolvedStore | null,
  urlName: string,
  parentUrlName?: string,
): Promise<CategoryGroup> {
  const snapshot = await categorySnapshot(db);
  const category = snapshot.byUrlName.get(urlName);
  const parent = category ? parentOf(snapshot, category) : null;
  if (!category || (parentUrlName !== undefined && parent?.url_name !== parentUrlName)) {
    throw notFound(CATEGORY_GROUP_NOT_FOUND, "category_group_not_found");
  }
  let groups: ProductGroup[] = await filledGroups(db, store, rowsOf(snapshot, category));
  if (groups.length < 2) {
    const brands = await brandGroups(db, store, category);
    if (brands.length > groups.length) groups = brands;
  }
  return { category, parent, groups };
}

interface GroupRow {
  key: string;
  kind: "category" | "tag";
  title: string;
  url: string;
  category: Category | null;
  tags: string[];
}

/**
 * The rows of a group page: its child categories; without children, one row per product tag it covers
 * (nicotine-tobacco: cigars & tobacco, nicotine pouches, vapes), named after the tag's own category if any.
 */
function rowsOf(snapshot: CategorySnapshot, category: Category): GroupRow[] {
  if (category.subcategories.length > 0) {
    return category.subcategories.map((child) => ({
      key: child.url_name,
      kind: "category",
      title: child.web_display_name,
      url: `/${category.url_name}/${child.url_name}`,
      category: child,
      tags: child.tags,
    }));
  }
  if (category.tags.length < 2) return [];
  return category.tags.map((tag) => {
    const own = snapshot.all.find((c) => c._id !== category._id && c.tags.length === 1 && c.tags[0] === tag);
    return own
      ? {
          key: own.url_name,
          kind: "category",
          title: own.web_display_name,
          url: own.url,
          category: own,
          tags: [tag],
        }
      : {
          key: tag.toLowerCase(),
          kind: "tag",
          title: isProductTag(tag) ? PRODUCT_TAGS[tag] : tag,
          url: category.url,
          category: null,
          tags: [tag],
        };
  });
}

/** Fills group rows with their products (12 each) and counts, in one listing statement; empty rows drop out. */
async function filledGroups<T extends { key: string; tags: string[]; brandId?: number }>(
  db: Db,
  store: ResolvedStore | null,
  rows: T[],
  { count = true }: { count?: boolean } = {},
): Promise<(Omit<T, "tags" | "brandId"> & { products: Product[]; count: number })[]> {
  const listings = await listGroups(db, store?.id ?? null, rows, GROUP_PAGE_SIZE, { count });
  const products = await readProducts(
    db,
    [...listings.values()].flatMap((l) => l.skus),
    store,
  );
  const bySku = new Map(products.map((p) => [p.sku_id, p]));
  return rows.flatMap(({ tags: _tags, brandId: _brandId, ...row }) => {
    const listing = listings.get(row.key);
    if (!listing || listing.count === 0) return [];
    return [{ ...row, products: listing.skus.flatMap((sku) => bySku.get(sku) ?? []), count: listing.count }];
  });
}

/** A single-tag group (gifting) shows its biggest brands, each with its own row. */
async function brandGroups(db: Db, store: ResolvedStore | null, category: Category): Promise<ProductGroup[]> {
  if (!store) return [];
  // Which brands a shelf shows is menu data (cached like the categories); their products are read fresh.
  const brands = await cachedMenuData(db, `brand-groups:${store.id}:${category._id}`, () =>
    sql<{ id: number; name: string; slug: string }>`
    select b.id, b.name, b.slug
    from products p
    join inventory i on i.sku_id = p.sku_id and i.store_id = ${store.id}
    join brands b on b.id = p.brand_id
    where p.tags && ${category.tags}::text[] and not p.disabled and p.etch_of is null
    group by b.id
    order by count(*) desc, b.name
    limit ${BRAND_GROUPS}`
      .execute(db)
      .then((r) => r.rows),
  );
  return filledGroups(
    db,
    store,
    brands.map((brand) => ({
      key: brand.slug,
      kind: "brand" as const,
      title: brand.name,
      url: `/brands/${brand.slug}`,
      category: null,
      tags: category.tags,
      brandId: brand.id,
    })),
  );
}

function parentOf(snapshot: CategorySnapshot, category: Category): Category | null {
  return category.parent_id ? (snapshot.byId.get(category.parent_id) ?? null) : null;
}

export interface MainMenuParts {
  categories: boolean;
  curations: boolean;
  featured_images: boolean;
}

/** GET /menu/main/v4: the navigation tree, storefront curations (12 products each) and featured images. */
export async function mainMenu(db: Db, store: ResolvedStore | null, parts: MainMenuParts): Promise<MainMenu> {
  const snapshot = await categorySnapshot(db);
  const curations = parts.curations
    ? await filledGroups(
        db,
        store,
        snapshot.all
          .filter((c) => c.root_category_display === "WEB_STOREFRONT")
          .map((c) => ({
            key: c.url_name,
            title: c.web_display_name,
            url_name: c.url_name,
            url: c.url,
            tags: c.tags,
          })),
        { count: false },
      )
    : [];
  return {
    categories: parts.categories ? snapshot.tree : [],
    curations: curations.map(({ key: _key, count: _count, ...curation }) => curation),
    featured_images: parts.featured_images
      ? snapshot.all
          .filter((c) => c.image && c.root_category_display !== "WEB_SUB")
          .map((c) => ({ title: c.web_display_name, image: c.image ?? "", url: c.url }))
      : [],
  };
}
