import { z } from "zod";
import { skuSchema } from "../catalogue/index.ts";

export const orderParams = z.object({ orderId: z.string().min(1).max(100) });

const update = z.object({
  sku_id: skuSchema.describe("The short line's SKU."),
  removed: z.boolean().describe("Drop the line (nothing kept)."),
  kept: z.number().int().min(0).max(999).describe("How many of the in-stock part to keep (0 when removed)."),
  added: z
    .array(z.object({ sku_id: skuSchema, qty: z.number().int().min(1).max(99) }))
    .max(5)
    .default([])
    .describe("Replacements from the same store, each with its quantity."),
});

/** Spec §7: PUT /order/substitution/{orderId} {user.objectId, status, products, save}. */
export const answerBody = z.object({
  user: z.object({ objectId: z.string().min(1).max(100).describe("The signed-in user's id.") }),
  status: z
    .enum(["Viewing", "Done"])
    .describe("'Viewing' while the review page is shown; 'Done' once the shopper submits."),
  products: z
    .array(update)
    .max(50)
    .default([])
    .describe("One answer per short line; lines left out take the store's default."),
  save: z
    .boolean()
    .default(true)
    .describe("With 'Done': true applies `products`; false accepts the store's defaults (keep what it has)."),
});

/** The store console: lines found short while picking. */
export const proposeBody = z.object({
  lines: z
    .array(
      z.object({
        sku_id: skuSchema,
        stock_level: z.number().int().min(0).max(999).describe("How many the shelf has (less than ordered)."),
        suggestions: z.array(skuSchema).max(5).default([]).describe("Replacements the store suggests."),
      }),
    )
    .min(1)
    .max(50)
    .refine((lines) => new Set(lines.map((l) => l.sku_id)).size === lines.length, "each SKU once"),
});
