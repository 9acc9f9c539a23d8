import type { Brand, BrandPage } from "#domain/catalogue/types.ts";
import { BRAND_NOT_FOUND } from "#domain/copy.ts";
import { slugify } from "#domain/slug.ts";
import { notFound } from "#server/errors.ts";
import type { Db } from "#server/platform/db.ts";
import { brandIndex } from "./catalogue-cache.ts";
import { listSkus } from "./listing.ts";
import { readProducts } from "./product-reader.ts";
import type { ResolvedStore } from "./store-resolution.ts";

/** A brand page lists at most this many products (popular first). */
export const BRAND_PAGE_LIMIT = 240;

export async function brandList(db: Db): Promise<Brand[]> {
  return brandIndex(db);
}

/**
 * POST /menu/brands?name=jack-daniels: dashes are spaces (spec §7) and case does not matter; the slug form
 * also matches, so "jack-daniels" finds "Jack Daniel's". `enabled` (default true) leaves disabled products out.
 */
export async function brandPage(
  db: Db,
  store: ResolvedStore | null,
  name: string,
  enabled: boolean,
): Promise<BrandPage> {
  const spaced = name.replaceAll("-", " ").trim().toLowerCase();
  const row = await db
    .selectFrom("brands")
    .selectAll()
    .where((eb) => eb.or([eb(eb.fn("lower", ["name"]), "=", spaced), eb("slug", "=", slugify(name))]))
    .orderBy("id")
    .executeTakeFirst();
  if (!row) throw notFound(BRAND_NOT_FOUND, "brand_not_found");
  const { skus } = await listSkus(
    db,
    store?.id ?? null,
    { brandId: row.id, includeDisabled: !enabled },
    BRAND_PAGE_LIMIT,
  );
  const products = await readProducts(db, skus, store);
  const counted = (await brandIndex(db)).find((b) => b.slug === row.slug);
  return {
    brand: {
      name: row.name,
      slug: row.slug,
      has_tobacco: row.has_tobacco,
      product_count: counted?.product_count ?? 0,
    },
    products,
    has_tobacco: row.has_tobacco || products.some((p) => p.is_tobacco),
  };
}
