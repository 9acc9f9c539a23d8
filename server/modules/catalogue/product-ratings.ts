import { sql, type Transaction } from "kysely";
import type { Database } from "#db/schema.ts";

/** A product's rating after one more review (call with its row locked); answers the stored values. */
export async function addProductRating(tx: Transaction<Database>, skuId: string, average: number) {
  return tx
    .updateTable("products")
    .set({ rating_count: sql`rating_count + 1`, average_rating: average })
    .where("sku_id", "=", skuId)
    .returning(["average_rating", "rating_count"])
    .executeTakeFirstOrThrow();
}
