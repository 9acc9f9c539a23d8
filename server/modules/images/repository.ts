import type { Db } from "#server/platform/db.ts";

/** What the art needs to know about a product or a category. */
export function findProductArt(db: Db, sku: string) {
  return db
    .selectFrom("products")
    .select(["title", "brand_name", "tags", "volume_label", "volume_ml", "package_qty"])
    .where("sku_id", "=", sku)
    .executeTakeFirst();
}

export function findCategoryArt(db: Db, urlName: string) {
  return db
    .selectFrom("categories")
    .select(["name", "url_name", "product_tags"])
    .where("url_name", "=", urlName)
    .executeTakeFirst();
}
