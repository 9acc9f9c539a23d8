import { z } from "zod";
import type { DiffCounts, ShelfChange } from "#domain/feeds/diff.ts";
import { cents, describes, instant } from "#server/openapi/answers.ts";
import { storeIdSchema } from "../catalogue/index.ts";
import type { FeedPreview, feedSettings, feedStatus } from "./feeds.ts";

/** Edge schemas and answers of shelf feeds (issue 34 §1, feed-routes.ts). */

export const header = z.string().trim().min(1).max(100);
export const storeId = storeIdSchema.describe("Administrators: the store (staff work on their own).");

export const columnMapping = z.object({
  upc: header.optional(),
  sku: header.optional(),
  name: header,
  size: header.optional(),
  price: header,
  quantity: header,
});

/** How a file is read besides its layout: the columns of another system's CSV, or the Square location. */
export const feedReadingShape = {
  mapping: columnMapping
    .optional()
    .describe("For a file that is not a Square export: which header holds what."),
  square_location: header
    .optional()
    .describe(
      "A Square export with several locations: whose `Current Quantity <location>` column is this store's.",
    ),
};

export const feedPreviewBody = z.object({
  store_id: storeId.optional(),
  csv: z
    .string()
    .min(1)
    .max(8_000_000)
    .optional()
    .describe(
      "The file's text: a Square item library export, or any CSV whose columns `mapping` names (UTF-8, comma-separated, a header row). Or `from_feed`.",
    ),
  from_feed: z
    .string()
    .uuid()
    .optional()
    .describe(
      "Instead of `csv`: a feed of the store's whose file is read again, as it was read (layout, mapping, location), with `accept` and `map`.",
    ),
  missing: z
    .enum(["keep", "zero", "hide"])
    .describe(
      "What happens to shelf products the file leaves out: kept as they are, their stock set to 0, or taken off the shelf.",
    ),
  ...feedReadingShape,
  accept: z
    .array(z.object({ line: z.number().int().min(2), sku_id: z.string().min(1).max(100) }))
    .max(20_000)
    .optional()
    .describe("Proposed matches the store accepted from an earlier preview of the same file (by file line)."),
  map: z
    .array(z.object({ line: z.number().int().min(2), sku_id: z.string().trim().min(1).max(100) }))
    .max(20_000)
    .optional()
    .describe(
      "Catalogue products the store names for lines nothing matched in an earlier preview of the same file (by file line). Accepted and named matches are remembered by the line's SKU (or UPC): the store's next file matches them by itself.",
    ),
});

export const feedParams = z.object({ id: z.string().uuid() });
export const feedQuery = z.object({ store_id: storeId.optional() });

const step = z.object({ from: z.number().int(), to: z.number().int() });
const shelfChangeSchema = describes<ShelfChange>()(
  z
    .discriminatedUnion("kind", [
      z.object({
        kind: z.literal("update"),
        skuId: z.string(),
        line: z.number().int(),
        price: step.optional(),
        stock: step.optional(),
        show: z.literal(true).optional(),
      }),
      z.object({
        kind: z.literal("new"),
        skuId: z.string(),
        line: z.number().int(),
        priceCents: cents(),
        stock: z.number().int(),
      }),
      z.object({ kind: z.literal("zero"), skuId: z.string(), stock: step }),
      z.object({ kind: z.literal("hide"), skuId: z.string() }),
    ])
    .meta({ id: "ShelfChange", description: "One change a feed makes to the shelf (prices in cents)." }),
);

const countsSchema = describes<DiffCounts>()(
  z
    .object({
      priceUp: z.number().int(),
      priceDown: z.number().int(),
      stockChanged: z.number().int(),
      backInStock: z.number().int(),
      newlyStocked: z.number().int(),
      missing: z.number().int(),
      missingChanged: z.number().int(),
      unchanged: z.number().int(),
    })
    .meta({ id: "FeedCounts", description: "How many of each kind of change a feed makes." }),
);

const status = z.enum(["previewed", "applying", "applied"]);
const batches = z.object({ done: z.number().int(), total: z.number().int() });

export const feedPreviewSchema = describes<FeedPreview>()(
  z
    .object({
      id: z.string(),
      store_id: z.string(),
      layout: z.string(),
      lines: z.number().int(),
      missing: z.enum(["keep", "zero", "hide"]),
      counts: countsSchema,
      changes: z
        .array(shelfChangeSchema)
        .describe("The first 200 changes, for the review; applying applies all."),
      proposed: z.array(
        z.object({
          line: z.number().int(),
          name: z.string(),
          sku_id: z.string(),
          title: z.string(),
          score: z.number(),
        }),
      ),
      unmatched: z.array(
        z.object({
          line: z.number().int(),
          name: z.string(),
          upc: z.string().nullable(),
          sku: z.string().nullable(),
          size: z.string().nullable(),
          price_cents: cents(),
          quantity: z.number().int(),
        }),
      ),
      clashes: z.array(
        z.object({ line: z.number().int(), sku_id: z.string(), other_line: z.number().int() }),
      ),
      status,
      batches,
    })
    .meta({
      id: "FeedPreview",
      description: "A shelf feed's dry run: nothing is changed until it is applied.",
    }),
);

export const feedStatusSchema = describes<Awaited<ReturnType<typeof feedStatus>>>()(
  z.object({
    id: z.string(),
    status,
    lines: z.number().int(),
    counts: countsSchema,
    batches,
    applied_at: instant().nullable(),
  }),
);

export const feedSettingsSchema = describes<Awaited<ReturnType<typeof feedSettings>>>()(
  z.object({
    store_id: z.string(),
    layout: z.enum(["square", "generic"]),
    mapping: columnMapping.nullable(),
    square_location: z.string().nullable(),
    missing: z.enum(["keep", "zero", "hide"]),
  }),
);
