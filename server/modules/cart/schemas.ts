import { z } from "zod";
import { MAX_LINE_QUANTITY } from "#domain/cart/constants.ts";
import {
  MAX_SKUS_PER_REQUEST,
  queryBoolean,
  skuSchema,
  storeHeadersSchema,
  storeIdSchema,
} from "../catalogue/index.ts";

/** Raw engraving text is capped generously here; the cleaned line is held to ENGRAVING_LINE_MAX by the service. */
const rawEngravingLine = z.string().max(200, "must be at most 200 characters").optional();

const engravingSchema = z
  .object({ line_1: rawEngravingLine, line_2: rawEngravingLine, line_3: rawEngravingLine })
  .nullable()
  .optional();

export const lineIdSchema = z.string().regex(/^[\w-]{1,64}$/, "must be a cart line id");

const quantity = z
  .number({ message: "must be a number" })
  .int("must be a whole number")
  .min(1, "must be at least 1")
  .max(MAX_LINE_QUANTITY, `must be at most ${MAX_LINE_QUANTITY}`);

const lineFields = {
  qty: quantity,
  cart_id: lineIdSchema.optional(),
  meta: z.object({ engraving: engravingSchema }).optional(),
  substitution_preference: z.enum(["substitute", "refund"]).optional(),
  group_mapping: z.string().max(64).nullable().optional(),
};

export const MAX_LINES_PER_REQUEST = 20;

const cartFlags = {
  checkout: z.boolean().optional(),
  roundUp: z.boolean().optional(),
  shipping_name: z.string().min(1).max(40).optional(),
};

export const addBody = z.object({
  skus: z
    .array(z.object({ sku: skuSchema, store_id: storeIdSchema, ...lineFields }))
    .min(1, "must name at least one item")
    .max(MAX_LINES_PER_REQUEST),
  ...cartFlags,
});

export const updateBody = z
  .object({
    skus: z
      .array(
        z
          .object({ sku: skuSchema.optional(), store_id: storeIdSchema.optional(), ...lineFields })
          .refine((l) => l.cart_id !== undefined || (l.sku !== undefined && l.store_id !== undefined), {
            message: "must name the line by cart_id, or by sku and store_id",
          }),
      )
      .max(MAX_LINES_PER_REQUEST)
      .default([]),
    ...cartFlags,
  })
  // Flags alone (roundUp, shipping_name) change the cart without touching a line.
  .refine((b) => b.skus.length > 0 || b.roundUp !== undefined || b.shipping_name !== undefined, {
    message: "must name at least one item, or a flag (roundUp, shipping_name) to change",
    path: ["skus"],
  });

export const deleteBody = z
  .object({
    ids: z.array(lineIdSchema).max(100).optional(),
    skus: z.array(skuSchema).max(100).optional(),
  })
  .refine((b) => (b.ids?.length ?? 0) + (b.skus?.length ?? 0) > 0, {
    message: "must name ids or skus to remove",
  });

export const syncBody = z
  .object({
    skus: z
      .array(z.object({ sku: skuSchema, store_id: storeIdSchema, ...lineFields }))
      .max(MAX_SKUS_PER_REQUEST)
      .optional(),
  })
  .optional();

export const cartQuery = z.object({
  tipAmount: z.coerce.number().int("must be whole cents").min(0).max(100_000).optional(),
  tipPercent: z.coerce.number().min(0).max(100).optional(),
  checkout: queryBoolean.optional(),
});

export const shippingBody = z.object({ shipping_name: z.string().min(1).max(40) });

export const recommendationBody = z.object({
  skus: z.array(skuSchema).min(1).max(MAX_SKUS_PER_REQUEST),
});

/** Every cart request may carry the position and the multi-store consent (spec §7). */
export const cartHeaders = storeHeadersSchema.extend({
  "x-multi-store": queryBoolean.optional(),
});

/** POST /menu/cart/promo/v2: {code} (null removes it) or {credit} (true: all of it; cents; false or 0: none). */
export const promoBody = z.union([
  z.object({
    code: z
      .string()
      .trim()
      .min(2, "Enter a code.")
      .max(32)
      .regex(/^[A-Za-z0-9_-]+$/, "A code is letters, digits, - and _.")
      .nullable(),
  }),
  z.object({ credit: z.union([z.boolean(), z.number().int().min(0).max(10_000_000)]) }),
]);
