import type { Insertable, Transaction } from "kysely";
import type { Database, ProductsTable } from "#db/schema.ts";
import { drawnImageOf } from "#domain/images/photo.ts";
import type { Db } from "#server/platform/db.ts";

/**
 * A new product in the catalogue (a store's approved proposal: docs/adr/0075-product-proposals.md), on the proposing
 * store's shelf at its price and count, in the caller's transaction; the caller announces the change. The shelf
 * table's triggers list it for search at commit.
 */
export async function addCatalogueProduct(
  tx: Transaction<Database>,
  product: Omit<Insertable<ProductsTable>, "image">,
  shelf: { storeId: string; priceCents: number; stock: number },
): Promise<void> {
  await tx
    .insertInto("products")
    .values({ ...product, image: drawnImageOf(product.sku_id) })
    .execute();
  await tx
    .insertInto("inventory")
    .values({
      store_id: shelf.storeId,
      sku_id: product.sku_id,
      price_cents: shelf.priceCents,
      stock: shelf.stock,
    })
    .execute();
}

/** Whether the catalogue has a category by this url_name, with its product tag. */
export function categoryForNewProduct(db: Db, urlName: string) {
  return db
    .selectFrom("categories")
    .select(["url_name", "tag", "product_tags"])
    .where("url_name", "=", urlName)
    .executeTakeFirst();
}
