import { z } from "zod";
import type { SubstitutionUpdate } from "#domain/orders/substitution.ts";
import type { SubstitutionReview } from "#domain/orders/types.ts";
import { cents, describes } from "#server/openapi/answers.ts";
import { productSchema } from "../catalogue/index.ts";
import { substitutionStatusSchema } from "../orders/index.ts";

/** Substitutions' answers (docs/adr/0056-api-contract.md): the shopper's review of short lines (spec §3). */

export const substitutionUpdateSchema = describes<SubstitutionUpdate>()(
  z
    .object({
      sku_id: z.string(),
      removed: z.boolean(),
      kept: z.number().int().describe("How many of the in-stock part to keep (0 when removed)."),
      added: z
        .array(z.object({ sku_id: z.string(), qty: z.number().int() }))
        .describe("Replacements, each a product of the same store with its quantity."),
    })
    .meta({ id: "SubstitutionUpdate", description: "The answer to one short line: removed, kept, added." }),
);

export const substitutionReviewSchema = describes<SubstitutionReview>()(
  z
    .object({
      order_id: z.string(),
      order_number: z.number().int(),
      store: z.object({ id: z.string(), name: z.string() }),
      status: substitutionStatusSchema.nullable(),
      open: z
        .boolean()
        .describe("Whether answers are still taken (the order has not left the store, nothing settled yet)."),
      products: z.array(
        z.object({
          sku_id: z.string(),
          title: z.string(),
          quantity: z.number().int(),
          stock_level: z.number().int(),
          price: cents(),
          image: z.string().nullable(),
          suggestions: z
            .array(productSchema)
            .describe("What the store suggests instead, priced at the order's store (in stock only)."),
          answer: substitutionUpdateSchema
            .nullable()
            .describe("The answer given (the shopper's, or the store's default), once settled."),
        }),
      ),
      subtotal: cents(),
      total: cents(),
    })
    .meta({ id: "SubstitutionReview", description: "An order's short lines as the shopper reviews them." }),
);
