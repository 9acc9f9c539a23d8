import { priceBandOf } from "#domain/catalogue/price-bands.ts";
import type { Product } from "#domain/catalogue/types.ts";
import type { Db } from "#server/platform/db.ts";
import {
  type CategorySnapshot,
  categorySnapshot,
  defaultCategoryKeys,
  listGroups,
  listSkus,
  productNotFound,
  type ResolvedStore,
  readProducts,
} from "../catalogue/index.ts";

/** Similar, related and generic picks: the catalogue's own rules (category, price band, brand, popularity). */

export const RECOMMENDATION_LIMIT = 12;

async function anchor(db: Db, sku: string, storeId: string | null) {
  const row = await db
    .selectFrom("products as p")
    .leftJoin("inventory as i", (join) =>
      join.onRef("i.sku_id", "=", "p.sku_id").on("i.store_id", "=", storeId ?? ""),
    )
    .select([
      "p.sku_id",
      "p.brand_id",
      "p.default_category",
      "p.variant_group",
      "p.regular_price_cents",
      "i.price_cents",
    ])
    .where("p.sku_id", "=", sku)
    .executeTakeFirst();
  if (!row) throw productNotFound();
  return row;
}

/** Both spellings (id, url_name) of a product's default category, so either form in the data matches. */
function sameCategoryKeys(snapshot: CategorySnapshot, key: string): string[] {
  const category = snapshot.byId.get(key) ?? snapshot.byUrlName.get(key);
  return category ? defaultCategoryKeys([category]) : [key];
}

/** Same default category and price band, other variant groups, popular first. */
export async function similarProducts(db: Db, store: ResolvedStore | null, sku: string): Promise<Product[]> {
  const product = await anchor(db, sku, store?.id ?? null);
  const snapshot = await categorySnapshot(db);
  const band = priceBandOf(product.price_cents ?? product.regular_price_cents);
  const { skus } = await listSkus(
    db,
    store?.id ?? null,
    {
      defaultCategories: sameCategoryKeys(snapshot, product.default_category),
      price: { min: band.min, max: band.max },
      excludeVariantGroup: product.variant_group,
    },
    RECOMMENDATION_LIMIT,
  );
  return readProducts(db, skus, store);
}

/**
 * Same brand first, then the same category. For substitutions only products in stock are offered, since
 * the shopper is replacing something the store ran out of.
 */
export async function relatedProducts(
  db: Db,
  store: ResolvedStore | null,
  sku: string,
  options: { substitution: boolean },
): Promise<Product[]> {
  const storeId = store?.id ?? null;
  const product = await anchor(db, sku, storeId);
  const common = { excludeVariantGroup: product.variant_group, inStockOnly: options.substitution };
  const sameBrand =
    product.brand_id === null
      ? { skus: [] as string[] }
      : await listSkus(db, storeId, { ...common, brandId: product.brand_id }, RECOMMENDATION_LIMIT);
  const rest = RECOMMENDATION_LIMIT - sameBrand.skus.length;
  const sameCategory =
    rest > 0
      ? await listSkus(
          db,
          storeId,
          {
            ...common,
            defaultCategories: sameCategoryKeys(await categorySnapshot(db), product.default_category),
            excludeSkus: sameBrand.skus,
          },
          rest,
        )
      : { skus: [] as string[] };
  return readProducts(db, [...sameBrand.skus, ...sameCategory.skus], store);
}

/** Popular products across the top-level categories, taken in turn so every category shows. */
export async function genericRecommendations(db: Db, store: ResolvedStore | null): Promise<Product[]> {
  const roots = (await categorySnapshot(db)).tree.filter((c) => c.root_category_display !== "WEB_STOREFRONT");
  if (roots.length === 0) return [];
  const perCategory = Math.max(2, Math.ceil(RECOMMENDATION_LIMIT / roots.length));
  const listings = await listGroups(
    db,
    store?.id ?? null,
    roots.map((c) => ({ key: c._id, tags: c.tags })),
    perCategory,
  );
  const lists = roots.map((c) => listings.get(c._id)?.skus ?? []);
  const picked: string[] = [];
  for (let i = 0; i < perCategory && picked.length < RECOMMENDATION_LIMIT; i++) {
    for (const list of lists) {
      const sku = list[i];
      if (sku && !picked.includes(sku) && picked.length < RECOMMENDATION_LIMIT) picked.push(sku);
    }
  }
  return readProducts(db, picked, store);
}
