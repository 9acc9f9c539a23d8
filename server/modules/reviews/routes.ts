import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { REVIEW_TEXT_MAX } from "#domain/orders/after-order.ts";
import type { Db } from "#server/platform/db.ts";
import { sessionHeaders as headers, requireUser } from "../sessions/index.ts";
import { productReviewsSchema, reviewPostedSchema } from "./answers.ts";
import { postReview, productReviews } from "./reviews.ts";

const tags = ["reviews"];
const sku = z.string().min(3).max(60).describe("The product's SKU.");

/** Spec §7: GET and POST /order/reviews (product ratings by sku and page; posting a rating). */
export const reviewRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    "/order/reviews",
    {
      config: { auth: "optional", errors: { 404: "No product has that SKU (`product_not_found`)." } },
      schema: {
        operationId: "getProductReviews",
        response: { 200: productReviewsSchema },
        tags,
        summary:
          "A product's rating (average_rating, rating_count) and its reviews, 10 a page, newest first; for a signed-in shopper, whether they may rate it",
        headers,
        querystring: z.object({
          sku,
          page: z.coerce.number().int().min(1).max(10_000).default(1),
        }),
      },
    },
    async (req) => productReviews(db, req.query.sku, req.query.page, req.actor.userId),
  );

  app.post(
    "/order/reviews",
    {
      config: {
        auth: "user",
        errors: {
          400: "The rating is not 1 to 5, or the text is too long (`invalid_review`).",
          403: "The shopper has no delivered order with this product (`review_not_allowed`).",
          404: "No product has that SKU (`product_not_found`).",
          409: "The shopper already rated this product (`already_reviewed`).",
        },
      },
      schema: {
        operationId: "postProductReview",
        response: { 200: reviewPostedSchema },
        tags,
        summary:
          "Rate a product received in a delivered order, 1 to 5 stars with optional words; once per shopper and product. Moves the product's average_rating and rating_count",
        headers,
        body: z.object({
          sku,
          rating: z.number().int().min(1).max(5),
          text: z
            .string()
            .max(REVIEW_TEXT_MAX * 2)
            .nullish()
            .describe(`At most ${REVIEW_TEXT_MAX} characters once trimmed.`),
        }),
      },
    },
    async (req) =>
      postReview(db, requireUser(req).userId, {
        sku: req.body.sku,
        rating: req.body.rating,
        text: req.body.text ?? null,
      }),
  );
};
