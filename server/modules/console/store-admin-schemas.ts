import { z } from "zod";
import { MAX_RETURN_FEE } from "#domain/door/handover.ts";
import { storeIdSchema } from "../catalogue/index.ts";

/** Edge schemas of the console's store management (store-admin-routes.ts). */

const storeId = storeIdSchema.describe("Administrators: the store (staff work on their own).");
const cents = (what: string) => z.number().int().min(0).max(10_000_000).describe(`${what}, in cents.`);

export const stockQuery = z.object({
  store_id: storeId.optional(),
  q: z.string().trim().max(100).optional().describe("Words of the title, or the start of the SKU."),
  limit: z.coerce.number().int().min(1).max(100).default(25),
  skip: z.coerce.number().int().min(0).max(100_000).default(0),
});
export const skuParams = z.object({ sku: z.string().min(1).max(100) });

const stockValues = z.object({
  price_cents: z.number().int().min(1).max(10_000_000).describe("The shelf price, in cents (more than 0)."),
  package_item_price_cents: cents("The price of one item of a pack (none: null)").nullable(),
  stock: z.number().int().min(0).max(1_000_000).describe("How many the shelf holds (an absolute count)."),
});
export const stockChangeBody = stockValues.partial().extend({
  store_id: storeId.optional(),
  was: stockValues.describe(
    "The row as the editor saw it: if a field being changed is no longer this, the change is refused (409).",
  ),
});

const hhmm = z.string().max(5);
export const hoursSchema = z
  .record(
    z.string().max(10),
    z
      .array(z.array(hhmm).length(2))
      .max(10)
      .transform((windows) => windows as [string, string][]),
  )
  .describe(
    'Opening windows by weekday in the store\'s time zone: { "mon": [["10:00","22:00"]], "sun": [] }; a close earlier than the open runs past midnight; a closed day has none.',
  );

const terms = {
  hours: hoursSchema,
  min_order_cents: cents("The minimum order"),
  delivery_fee_cents: cents("The delivery fee"),
  return_fee_cents: z
    .number()
    .int()
    .min(0)
    .max(MAX_RETURN_FEE)
    .describe(
      "Kept of an order refused at the door (no valid ID, under 21…), never more than its charge; the rest is refunded. Shown at checkout before paying. In cents, at most 5000.",
    ),
  eta_minutes: z
    .number()
    .int()
    .min(0)
    .max(24 * 60)
    .describe("The usual delivery time, in minutes."),
};
export const storeQuery = z.object({ store_id: storeId.optional() });
export const termsBody = z.object({ store_id: storeId.optional(), ...terms }).partial();

const place = {
  name: z.string().trim().min(2).max(80),
  address: z.string().trim().min(3).max(200),
  city_code: z
    .string()
    .trim()
    .min(1)
    .max(10)
    .nullable()
    .describe("The city the store belongs to (cities.code)."),
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
  timezone: z.string().min(1).max(64).describe("An IANA time zone, like America/Chicago."),
  is_shipping: z.boolean().describe("The nationwide shipping store (no zone) rather than a delivery store."),
};
export const storeParams = z.object({ id: storeIdSchema });
export const storeEditBody = z.object({ ...place, ...terms }).partial();
export const storeCreateBody = z.object({
  id: storeIdSchema.optional().describe("The new store's id (st_ and its name, when absent)."),
  ...place,
  city_code: place.city_code.optional(),
  is_shipping: place.is_shipping.optional(),
  hours: terms.hours.optional(),
  min_order_cents: terms.min_order_cents.optional(),
  delivery_fee_cents: terms.delivery_fee_cents.optional(),
  return_fee_cents: terms.return_fee_cents.optional(),
  eta_minutes: terms.eta_minutes.optional(),
});
export const zoneBody = z.object({
  zone: z
    .unknown()
    .describe(
      "A GeoJSON Polygon or MultiPolygon ([longitude, latitude] positions; closed rings; at most 5000 positions), or null for none.",
    ),
});

export const promoBody = z.object({
  code: z.string().min(1).max(40).describe("Letters, digits, dashes, underscores; stored upper case."),
  kind: z.enum(["percent", "fixed", "free_delivery", "credit"]),
  value: z
    .number()
    .int()
    .min(0)
    .max(10_000_000)
    .describe("percent: 1–100; fixed and credit: cents; free_delivery: 0."),
  description: z.string().trim().min(1).max(200),
  min_subtotal: cents("Eligible items the cart must hold").optional(),
  max_discount: cents("The most a percent off takes").nullable().optional(),
  first_order_only: z.boolean().optional(),
  starts_at: z.iso.datetime({ offset: true }).nullable().optional(),
  expires_at: z.iso.datetime({ offset: true }).nullable().optional(),
  max_uses: z.number().int().min(1).max(10_000_000).nullable().optional(),
  max_uses_per_customer: z.number().int().min(1).max(1000).nullable().optional(),
  store_ids: z.array(storeIdSchema).max(100).nullable().optional().describe("Good only at these stores."),
  tags: z
    .array(z.string().min(1).max(20))
    .max(50)
    .nullable()
    .optional()
    .describe("Good only on these product tags."),
  excluded_tags: z.array(z.string().min(1).max(20)).max(50).optional(),
  credit_valid_days: z.number().int().min(1).max(3650).nullable().optional(),
  funded_by: z
    .enum(["platform", "store"])
    .optional()
    .describe(
      "Who pays for the discount: the platform (the default: the store's statement is made whole) or the store (it comes off its sales).",
    ),
});
export const promoParams = z.object({ code: z.string().min(1).max(40) });

export const staffBody = z.object({
  email: z.string().trim().min(3).max(254),
  role: z.enum(["store_staff", "admin"]),
  store_id: storeIdSchema
    .nullable()
    .optional()
    .describe("Store staff's store; an administrator's is optional."),
});
export const userParams = z.object({ id: z.string().min(1).max(100) });

export const merchantBody = z.object({
  id: z.string().min(1).max(63),
  name: z.string().min(1).max(80),
  redirect_urls: z.array(z.string().min(1).max(2000)).min(1).max(10),
});

export const auditQuery = z.object({
  store_id: storeId.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  skip: z.coerce.number().int().min(0).max(100_000).default(0),
});

const day = (what: string) =>
  z
    .string()
    .max(10)
    .optional()
    .describe(`${what}, YYYY-MM-DD in the store's time zone; with neither end, the current month.`);
export const taxReportQuery = z.object({
  store_id: storeId.optional(),
  from: day("The period's first day"),
  to: day("The day after its last (not included)"),
});
