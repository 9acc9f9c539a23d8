import { productUrl } from "#domain/catalogue/product-url.ts";
import type { PriceRange, Product, ProductName } from "#domain/catalogue/types.ts";
import { PRODUCT_NOT_FOUND } from "#domain/copy.ts";
import { notFound } from "#server/errors.ts";
import type { Db } from "#server/platform/db.ts";
import { categorySnapshot, defaultCategoryUrlName } from "./catalogue-cache.ts";
import { readProducts } from "./product-reader.ts";
import type { ResolvedStore } from "./store-resolution.ts";

export const productNotFound = () => notFound(PRODUCT_NOT_FOUND, "product_not_found");

/** GET /menu/product/{skus}: the products found, with variants and options; none found → 404. */
export async function productsBySku(db: Db, skus: string[], store: ResolvedStore | null): Promise<Product[]> {
  const products = await readProducts(db, skus, store, { variants: true });
  if (products.length === 0) throw productNotFound();
  return products;
}

export async function productName(db: Db, sku: string): Promise<ProductName> {
  const [row, snapshot] = await Promise.all([
    db
      .selectFrom("products")
      .select(["sku_id", "title", "default_category"])
      .where("sku_id", "=", sku)
      .executeTakeFirst(),
    categorySnapshot(db),
  ]);
  if (!row) throw productNotFound();
  const default_category = defaultCategoryUrlName(snapshot, row.default_category);
  return { sku_id: row.sku_id, title: row.title, url: productUrl({ ...row, default_category }) };
}

/** Lowest and highest shelf price across the stores that sell the product (null when none does). */
export async function productPrices(db: Db, sku: string): Promise<PriceRange> {
  const row = await db
    .selectFrom("products as p")
    .leftJoin("inventory as i", "i.sku_id", "p.sku_id")
    .select((eb) => [eb.fn.min("i.price_cents").as("min"), eb.fn.max("i.price_cents").as("max")])
    .where("p.sku_id", "=", sku)
    .groupBy("p.sku_id")
    .executeTakeFirst();
  if (!row) throw productNotFound();
  return { minPrice: row.min ?? null, maxPrice: row.max ?? null };
}
