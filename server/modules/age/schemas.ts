import { z } from "zod";
import { storeHeadersSchema } from "../catalogue/index.ts";

/** The session headers, and the position the cart is read at (spec §7: lat/lng, as every cart call). */
export const ageHeaders = storeHeadersSchema.extend({
  "x-platform": z.string().optional(),
  "x-user": z.string().optional(),
  "x-csrf-token": z.string().optional(),
});

/** GET /menu/verify/result/{id} reads only. */

/** POST /menu/cart/verify takes no fields: the cart and the user say everything. */
export const cartVerifyBody = z.object({}).describe("Nothing: `{}`.");

export const verificationParams = z.object({
  id: z
    .string()
    .min(1)
    .max(64)
    .regex(/^av_[A-Za-z0-9-]+$/, "must be the id POST /menu/cart/verify gave"),
});

/** A PDF417 barcode's text is a few hundred characters; 4,096 is far above any licence's. */
export const MAX_SUBMITTED_BARCODE = 4096;

export const scanBody = z.object({
  token: z.string().min(16).max(128),
  barcode: z
    .string()
    .min(1)
    .max(MAX_SUBMITTED_BARCODE)
    .describe("The PDF417 text decoded in the browser, as decoded (control characters included)."),
});

export type ScanBody = z.infer<typeof scanBody>;
