import {
  BUY_AGAIN_LIMIT,
  FAVOURITES_MAX,
  FBT_LIMIT,
  mixRecommendations,
  rankBuyAgain,
  USER_RECOMMENDATION_LIMIT,
} from "#domain/catalogue/co-purchase.ts";
import type { Product } from "#domain/catalogue/types.ts";
import { PRODUCT_NOT_FOUND } from "#domain/copy.ts";
import { ORDER_STATUS } from "#domain/orders/status.ts";
import { AppError, notFound } from "#server/errors.ts";
import type { Db } from "#server/platform/db.ts";
import { type ResolvedStore, readProducts } from "../catalogue/index.ts";
import { frequentlyBoughtWith, inStockAt } from "./co-purchase.ts";

/** A shopper's past products are read from this many of their latest completed orders. */
const PAST_ORDERS = 50;

export const USER_NOT_FOUND = "No shopper has that id.";
export const FAVOURITES_FULL = `Your favourites hold at most ${FAVOURITES_MAX} products. Remove one to add another.`;

const productNotFound = () => notFound(PRODUCT_NOT_FOUND, "product_not_found");

/** GET /menu/recommendation/fbt/{id}: what completed orders bought with the product, in stock at the store. */
export async function fbtProducts(db: Db, store: ResolvedStore | null, sku: string): Promise<Product[]> {
  const exists = await db
    .selectFrom("products")
    .select("sku_id")
    .where("sku_id", "=", sku)
    .executeTakeFirst();
  if (!exists) throw productNotFound();
  return readProducts(db, await frequentlyBoughtWith(db, [sku], store?.id ?? null, FBT_LIMIT), store);
}

export interface UserRecommendations {
  products: Product[];
  buy_again: string[];
}

/**
 * GET /menu/recommendation/user/{id}: buy again (the shopper's products of completed orders, by the domain's rule,
 * in stock at their store), then what completed orders bought with them, then nothing else: a shopper with no
 * completed order gets an empty list and the client shows the generic call's.
 */
export async function userRecommendations(
  db: Db,
  store: ResolvedStore | null,
  userId: string,
): Promise<UserRecommendations> {
  const purchases = await db
    .selectFrom("order_lines as l")
    .innerJoin(
      (eb) =>
        eb
          .selectFrom("orders")
          .select(["id", "created_at"])
          .where("user_id", "=", userId)
          .where("order_status", "=", ORDER_STATUS.completed)
          .orderBy("created_at", "desc")
          .limit(PAST_ORDERS)
          .as("o"),
      (join) => join.onRef("o.id", "=", "l.order_id"),
    )
    .select(["l.sku_id as sku", "l.order_id as orderId", "o.created_at as orderedAt"])
    .where("l.qty", ">", 0)
    .execute();
  if (purchases.length === 0 || !store) return { products: [], buy_again: [] };
  const past = rankBuyAgain(purchases, Number.POSITIVE_INFINITY);
  const buyAgain = (await inStockAt(db, store.id, past)).slice(0, BUY_AGAIN_LIMIT);
  const goesWith = await frequentlyBoughtWith(db, past, store.id, USER_RECOMMENDATION_LIMIT, past);
  const skus = mixRecommendations([buyAgain, goesWith], USER_RECOMMENDATION_LIMIT);
  const products = await readProducts(db, skus, store);
  const shown = new Set(products.map((p) => p.sku_id));
  return { products, buy_again: buyAgain.filter((s) => shown.has(s)) };
}

/** The user call answers only for the shopper asking: any other id is not found (no hint that it exists). */
export function ownId(signedIn: string, asked: string): string {
  if (signedIn !== asked) throw notFound(USER_NOT_FOUND, "user_not_found");
  return asked;
}

/** The SKUs a shopper hearted, the latest first. */
export async function favouriteSkus(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom("favourites")
    .select("sku_id")
    .where("user_id", "=", userId)
    .orderBy("created_at", "desc")
    .orderBy("sku_id")
    .execute();
  return rows.map((r) => r.sku_id);
}

/** Hearts a product (again: nothing changes). Unknown SKU: 404; a full list: 409. */
export async function addFavourite(db: Db, userId: string, sku: string): Promise<{ skus: string[] }> {
  await db.transaction().execute(async (tx) => {
    const product = await tx
      .selectFrom("products")
      .select("sku_id")
      .where("sku_id", "=", sku)
      .executeTakeFirst();
    if (!product) throw productNotFound();
    // One shopper's hearts are counted and added one at a time: the cap holds under parallel requests.
    await tx.selectFrom("users").select("id").where("id", "=", userId).forUpdate().executeTakeFirst();
    const already = await tx
      .selectFrom("favourites")
      .select("sku_id")
      .where("user_id", "=", userId)
      .where("sku_id", "=", sku)
      .executeTakeFirst();
    if (already) return;
    const { n } = await tx
      .selectFrom("favourites")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("user_id", "=", userId)
      .executeTakeFirstOrThrow();
    if (Number(n) >= FAVOURITES_MAX) throw new AppError(409, "favourites_full", FAVOURITES_FULL);
    await tx
      .insertInto("favourites")
      .values({ user_id: userId, sku_id: sku })
      .onConflict((oc) => oc.doNothing())
      .execute();
  });
  return { skus: await favouriteSkus(db, userId) };
}

/** Un-hearts a product (one not hearted: nothing changes). */
export async function removeFavourite(db: Db, userId: string, sku: string): Promise<{ skus: string[] }> {
  await db.deleteFrom("favourites").where("user_id", "=", userId).where("sku_id", "=", sku).execute();
  return { skus: await favouriteSkus(db, userId) };
}

/** The favourites list: the hearted products priced at the store, the latest first. */
export async function favouriteProducts(
  db: Db,
  store: ResolvedStore | null,
  userId: string,
): Promise<Product[]> {
  return readProducts(db, await favouriteSkus(db, userId), store);
}
