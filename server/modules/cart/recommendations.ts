import { mixRecommendations } from "../../../domain/catalogue/co-purchase.ts";
import type { Product } from "../../../domain/catalogue/types.ts";
import type { Db } from "../../platform/db.ts";
import { type ResolvedStore, readProducts } from "../catalogue/index.ts";
import { frequentlyBoughtWith } from "../recommendations/index.ts";
import { findCart } from "./repository.ts";

export const CHECKOUT_RECOMMENDATION_LIMIT = 6;

/**
 * POST /menu/recommendation/checkout {skus}: what completed orders bought with these SKUs first (frequently bought
 * together), then products of the same categories, the most rated first; all in stock at the store, none already
 * asked about; saved as the cart's recommendations.
 */
export async function checkoutRecommendations(
  db: Db,
  owner: string | null,
  skus: string[],
  fallbackStore: ResolvedStore | null,
): Promise<{ products: Product[] }> {
  const cart = owner ? await findCart(db, owner) : undefined;
  const firstLineStore = cart
    ? await db
        .selectFrom("cart_lines as l")
        .innerJoin("stores as s", "s.id", "l.store_id")
        .select(["s.id", "s.name", "s.is_shipping"])
        .where("l.cart_id", "=", cart.id)
        .orderBy("l.seq")
        .limit(1)
        .executeTakeFirst()
    : undefined;
  const store = firstLineStore ?? fallbackStore;
  if (!store) return { products: [] };
  const rows = await db
    .selectFrom("products as p")
    .innerJoin("inventory as i", (j) => j.onRef("i.sku_id", "=", "p.sku_id").on("i.store_id", "=", store.id))
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
  const boughtWith = await frequentlyBoughtWith(db, skus, store.id, CHECKOUT_RECOMMENDATION_LIMIT, skus);
  const recommended = mixRecommendations(
    [boughtWith, rows.map((r) => r.sku_id)],
    CHECKOUT_RECOMMENDATION_LIMIT,
    skus,
  );
  if (cart) {
    await db
      .updateTable("carts")
      .set({ recommendations: recommended, updated_at: new Date() })
      .where("id", "=", cart.id)
      .execute();
  }
  return { products: await readProducts(db, recommended, store) };
}
