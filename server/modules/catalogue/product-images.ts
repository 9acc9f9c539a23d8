import type { Transaction } from "kysely";
import type { Database } from "#db/schema.ts";
import { drawnImageOf } from "#domain/images/photo.ts";
import type { Db } from "#server/platform/db.ts";

/** The product's title when there is one (a photo is given only to a product the catalogue has). */
export function productForPhoto(db: Db, sku: string) {
  return db
    .selectFrom("products")
    .select(["sku_id", "title", "image"])
    .where("sku_id", "=", sku)
    .executeTakeFirst();
}

/**
 * Points the product's `image` at its photo, or back at its drawn art (`null`), in the caller's transaction; the
 * caller announces the shelf change so every instance forgets its product answers.
 */
export async function setProductImage(
  tx: Transaction<Database>,
  sku: string,
  image: string | null,
): Promise<void> {
  await tx
    .updateTable("products")
    .set({ image: image ?? drawnImageOf(sku) })
    .where("sku_id", "=", sku)
    .execute();
}
