import { z } from "zod";
import { describes, instant } from "#server/openapi/answers.ts";
import type { ProductReviews, postReview, Review } from "./reviews.ts";

/** The reviews' answers (docs/adr/0056-api-contract.md). */

const reviewSchema = describes<Review>()(
  z
    .object({
      id: z.number().int(),
      rating: z.number().int().describe("1 to 5 stars."),
      text: z.string().nullable(),
      author: z.string().describe("The reviewer's first name and initial."),
      created_at: instant(),
    })
    .meta({ id: "Review", description: "A product rating, with its text when one was written." }),
);

export const productReviewsSchema = describes<ProductReviews>()(
  z.object({
    sku: z.string(),
    average_rating: z.number().nullable(),
    rating_count: z.number().int(),
    page: z.number().int(),
    page_size: z.number().int(),
    total: z.number().int().describe("Written reviews and bare ratings kept here."),
    reviews: z.array(reviewSchema),
    viewer: z
      .object({ can_review: z.boolean(), review: reviewSchema.nullable() })
      .nullable()
      .describe("For a signed-in shopper: may they rate it now, and what they said if they did."),
  }),
);

export const reviewPostedSchema = describes<Awaited<ReturnType<typeof postReview>>>()(
  z.object({ review: reviewSchema, average_rating: z.number(), rating_count: z.number().int() }),
);
