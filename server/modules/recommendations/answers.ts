import { z } from "zod";
import { describes, instant } from "#server/openapi/answers.ts";
import { productSchema } from "../catalogue/index.ts";
import type { CoPurchaseRefresh } from "./co-purchase.ts";
import type { UserRecommendations } from "./learned.ts";

/** The recommendations' and favourites' answers (docs/adr/0056-api-contract.md). */

export const userRecommendationsSchema = describes<UserRecommendations>()(
  z.object({
    products: z.array(productSchema),
    buy_again: z.array(z.string()).describe("The SKUs among products the shopper bought before."),
  }),
);

export const favouriteSkusSchema = z.object({ skus: z.array(z.string()).describe("The latest first.") });

export const coPurchaseRefreshSchema = describes<CoPurchaseRefresh>()(
  z.object({
    refreshed_at: instant(),
    orders: z.number().int().describe("Completed orders of the window counted."),
    pairs: z.number().int().describe("Rows of the table (each pair both ways)."),
  }),
);
