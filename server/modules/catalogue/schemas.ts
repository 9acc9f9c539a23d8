import { z } from "zod";
import { SKU_PATTERN } from "#domain/catalogue/sku.ts";

/** Edge schemas shared by the catalogue, search and content routes. */

export const skuSchema = z
  .string()
  .regex(
    SKU_PATTERN,
    "must be a SKU such as AB-1234-750 (2-3 letters or digits, a dash, two dash-separated parts)",
  );

export const MAX_SKUS_PER_REQUEST = 60;

/** "sku,sku,…": 1 to 60 SKUs, duplicates dropped, order kept. */
export const skuListSchema = z
  .string()
  .min(1)
  .max(2048)
  .transform((value) => [...new Set(value.split(",").map((s) => s.trim()))])
  .pipe(
    z.array(skuSchema).min(1).max(MAX_SKUS_PER_REQUEST, `at most ${MAX_SKUS_PER_REQUEST} SKUs per request`),
  );

export const urlNameSchema = z
  .string()
  .min(1)
  .max(80)
  .regex(/^[a-z0-9]+(?:[-_][a-z0-9]+)*$/i, "must be a url name such as red-wine");

export const tagSchema = z
  .string()
  .regex(/^[A-Za-z0-9]{1,5}$/, "must be a tag of 1 to 5 letters or digits such as WS")
  .transform((t) => t.toUpperCase());

export const storeIdSchema = z.string().regex(/^[\w-]{1,64}$/, "must be a store id");

/** Numbers sent as text (headers, query): a plain decimal within range. */
const decimalText = (min: number, max: number, what: string) =>
  z
    .string()
    .trim()
    .regex(/^-?\d{1,3}(\.\d+)?$/, `must be a ${what}`)
    .transform(Number)
    .pipe(z.number().min(min, `must be a ${what}`).max(max, `must be a ${what}`));

export const latitudeSchema = decimalText(-90, 90, "latitude between -90 and 90");
export const longitudeSchema = decimalText(-180, 180, "longitude between -180 and 180");

/** Query booleans: true/false/1/0. */
export const queryBoolean = z
  .enum(["true", "false", "1", "0"], { message: "must be true or false" })
  .transform((v) => v === "true" || v === "1");

/** Headers every store-priced route reads (spec §7): the store, or the shopper's position. */
export const storeHeadersSchema = z.object({
  "x-store-id": storeIdSchema.optional(),
  lat: latitudeSchema.optional(),
  lng: longitudeSchema.optional(),
});

/** The same position may come in the query string. */
export const geoQuerySchema = z.object({
  lat: latitudeSchema.optional(),
  lng: longitudeSchema.optional(),
});

/** Accept-Version: 4, or absent (spec §7). */
export const acceptVersionSchema = z.object({
  "accept-version": z.literal("4", { message: "only version 4 is served" }).optional(),
});

export const productHeadersSchema = storeHeadersSchema.extend(acceptVersionSchema.shape);
