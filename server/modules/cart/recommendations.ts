import type { Product } from "#domain/catalogue/types.ts";
import type { Db } from "#server/platform/db.ts";
import { type ResolvedStore, readProducts } from "../catalogue/index.ts";
import { checkoutPicks } from "../recommendations/index.ts";
import { findCart } from "./repository.ts";

/**
 * POST /menu/recommendation/checkout {skus}: the recommendations module's checkout picks at the store of the cart's
 * first line (else the request's store), saved as the cart's recommendations.
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
  const recommended = await checkoutPicks(db, skus, store.id);
  if (cart) {
    await db
      .updateTable("carts")
      .set({ recommendations: recommended, updated_at: new Date() })
      .where("id", "=", cart.id)
      .execute();
  }
  return { products: await readProducts(db, recommended, store) };
}
