import { mixRecommendations } from "#domain/catalogue/co-purchase.ts";
import type { Db } from "#server/platform/db.ts";
import { frequentlyBoughtWith } from "./co-purchase.ts";

export const CHECKOUT_RECOMMENDATION_LIMIT = 6;

/**
 * What to suggest at checkout for these SKUs (POST /menu/recommendation/checkout, the cart's route): what completed
 * orders bought with them first (frequently bought together), then products of the same categories, the most rated
 * first; all in stock at the store, none already asked about.
 */
export async function checkoutPicks(db: Db, skus: string[], storeId: string): Promise<string[]> {
  const rows = await db
    .selectFrom("products as p")
    .innerJoin("inventory as i", (j) => j.onRef("i.sku_id", "=", "p.sku_id").on("i.store_id", "=", storeId))
    .select("p.sku_id")
    .where("p.default_category", "in", (eb) =>
      eb.selectFrom("products").select("default_category").where("sku_id", "in", skus),
    )
    .where("p.sku_id", "not in", skus)
    .where("p.etch_of", "is", null)
    .where("p.disabled", "=", false)
    .where("i.stock", ">", 0)
    .orderBy("p.rating_count", "desc")
    .orderBy("p.sku_id")
    .limit(CHECKOUT_RECOMMENDATION_LIMIT)
    .execute();
  const boughtWith = await frequentlyBoughtWith(db, skus, storeId, CHECKOUT_RECOMMENDATION_LIMIT, skus);
  return mixRecommendations([boughtWith, rows.map((r) => r.sku_id)], CHECKOUT_RECOMMENDATION_LIMIT, skus);
}
