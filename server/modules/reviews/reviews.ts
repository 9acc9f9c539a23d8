import {
  averageAfter,
  checkReview,
  REVIEW_ALREADY,
  REVIEW_NOT_BOUGHT,
  reviewAuthor,
  reviewingOrder,
} from "#domain/orders/after-order.ts";
import type { OrderStatus } from "#domain/orders/status.ts";
import { AppError, badRequest, notFound } from "#server/errors.ts";
import type { Db } from "#server/platform/db.ts";
import { addProductRating } from "../catalogue/index.ts";

export const REVIEWS_PAGE_SIZE = 10;
export const PRODUCT_NOT_FOUND = "Product Not Found";

export interface Review {
  id: number;
  rating: number;
  text: string | null;
  author: string;
  created_at: string;
}

export interface ProductReviews {
  sku: string;
  average_rating: number | null;
  rating_count: number;
  page: number;
  page_size: number;
  /** Written reviews and bare ratings kept here (rating_count may also count ratings from before). */
  total: number;
  reviews: Review[];
  /** For a signed-in shopper: may they rate it now, and what they said if they did. */
  viewer: { can_review: boolean; review: Review | null } | null;
}

const toReview = (r: {
  id: number;
  rating: number;
  text: string | null;
  author: string;
  created_at: Date;
}) => ({
  id: Number(r.id),
  rating: r.rating,
  text: r.text,
  author: r.author,
  created_at: new Date(r.created_at).toISOString(),
});

/** The user's delivered orders that brought `sku`, newest first, as the review rule reads them. */
async function ordersWithSku(db: Db, userId: string, sku: string) {
  const rows = await db
    .selectFrom("orders as o")
    .innerJoin("order_lines as l", "l.order_id", "o.id")
    .select(["o.id", "o.order_status"])
    .where("o.user_id", "=", userId)
    .where("l.sku_id", "=", sku)
    .orderBy("o.created_at", "desc")
    .execute();
  return rows.map((r) => ({ id: r.id, order_status: r.order_status as OrderStatus, skus: [sku] }));
}

/** GET /order/reviews?sku=&page= (spec §7): the product's rating, and its reviews a page at a time, newest first. */
export async function productReviews(
  db: Db,
  sku: string,
  page: number,
  userId: string | null,
): Promise<ProductReviews> {
  const product = await db
    .selectFrom("products")
    .select(["sku_id", "average_rating", "rating_count"])
    .where("sku_id", "=", sku)
    .executeTakeFirst();
  if (!product) throw notFound(PRODUCT_NOT_FOUND, "product_not_found");
  const [rows, { total }] = await Promise.all([
    db
      .selectFrom("product_reviews")
      .select(["id", "rating", "text", "author", "created_at"])
      .where("sku_id", "=", sku)
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(REVIEWS_PAGE_SIZE)
      .offset((page - 1) * REVIEWS_PAGE_SIZE)
      .execute(),
    db
      .selectFrom("product_reviews")
      .select((eb) => eb.fn.countAll<number>().as("total"))
      .where("sku_id", "=", sku)
      .executeTakeFirstOrThrow(),
  ]);
  let viewer: ProductReviews["viewer"] = null;
  if (userId) {
    const mine = await db
      .selectFrom("product_reviews")
      .select(["id", "rating", "text", "author", "created_at"])
      .where("sku_id", "=", sku)
      .where("user_id", "=", userId)
      .executeTakeFirst();
    viewer = {
      review: mine ? toReview(mine) : null,
      can_review: !mine && reviewingOrder(await ordersWithSku(db, userId, sku), sku) !== null,
    };
  }
  return {
    sku: product.sku_id,
    average_rating: product.average_rating,
    rating_count: product.rating_count,
    page,
    page_size: REVIEWS_PAGE_SIZE,
    total: Number(total),
    reviews: rows.map(toReview),
    viewer,
  };
}

/**
 * POST /order/reviews (spec §7): a shopper who received the product in a delivered order rates it, once. In one
 * transaction, under a lock on the product's row: the review is written (one per shopper and product: a second is
 * 409) and the product's average_rating and rating_count move by it, so two reviews at once both count. The
 * shelf's trigger (migration 0006) carries the new rating to search's sorting.
 */
export async function postReview(
  db: Db,
  userId: string,
  input: { sku: string; rating: number; text: string | null },
): Promise<{ review: Review; average_rating: number; rating_count: number }> {
  const checked = checkReview({ rating: input.rating, text: input.text });
  if (!checked.ok) throw badRequest(checked.message, "invalid_review");
  const exists = await db
    .selectFrom("products")
    .select("sku_id")
    .where("sku_id", "=", input.sku)
    .executeTakeFirst();
  if (!exists) throw notFound(PRODUCT_NOT_FOUND, "product_not_found");
  const order = reviewingOrder(await ordersWithSku(db, userId, input.sku), input.sku);
  if (!order) throw new AppError(403, "review_not_allowed", REVIEW_NOT_BOUGHT);
  const user = await db
    .selectFrom("users")
    .select(["firstname", "lastname"])
    .where("id", "=", userId)
    .executeTakeFirstOrThrow();

  return db.transaction().execute(async (tx) => {
    // Every review of this product queues here; the values read under the lock are the latest committed.
    const product = await tx
      .selectFrom("products")
      .select(["average_rating", "rating_count"])
      .where("sku_id", "=", input.sku)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const written = await tx
      .insertInto("product_reviews")
      .values({
        sku_id: input.sku,
        user_id: userId,
        order_id: order.id,
        rating: checked.value.rating,
        text: checked.value.text,
        author: reviewAuthor(user.firstname, user.lastname),
      })
      .onConflict((oc) => oc.columns(["sku_id", "user_id"]).doNothing())
      .returning(["id", "rating", "text", "author", "created_at"])
      .executeTakeFirst();
    if (!written) throw new AppError(409, "already_reviewed", REVIEW_ALREADY);
    const average = averageAfter(product.average_rating, product.rating_count, checked.value.rating);
    const updated = await addProductRating(tx, input.sku, average);
    return {
      review: toReview(written),
      average_rating: updated.average_rating ?? average,
      rating_count: updated.rating_count,
    };
  });
}
