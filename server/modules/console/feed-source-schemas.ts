import { z } from "zod";
import { FEED_EVERY_HOURS } from "#domain/feeds/schedule.ts";
import { describes, instant } from "#server/openapi/answers.ts";
import { columnMapping, feedReadingShape, storeId } from "./feed-schemas.ts";
import type { FeedSourceView } from "./feed-sources.ts";

/** Edge schemas and answers of scheduled shelf feeds (feed-source-routes.ts). */

const missing = z.enum(["keep", "zero", "hide"]);

export const feedSourceQuery = z.object({ store_id: storeId.optional() });

export const feedSourceBody = z.object({
  store_id: storeId.optional(),
  url: z
    .string()
    .trim()
    .min(1)
    .max(2000)
    .describe("Where the file is fetched: an https:// address on the internet (not a local or private one)."),
  layout: z
    .enum(["square", "generic"])
    .describe("A Square item export, or another system's CSV with `mapping`."),
  ...feedReadingShape,
  missing: missing.describe(
    "What happens to shelf products the file leaves out: kept, their stock set to 0, or taken off the shelf.",
  ),
  every_hours: z
    .number()
    .int()
    .min(FEED_EVERY_HOURS.min)
    .max(FEED_EVERY_HOURS.max)
    .describe("How often the file is fetched, in hours (1 to 24)."),
  auto_apply: z
    .boolean()
    .describe(
      "Apply each fetched dry run at once; false (the default) keeps it for the store to review and apply.",
    ),
  credentials: z
    .discriminatedUnion("kind", [
      z.object({
        kind: z.literal("basic"),
        user: z.string().min(1).max(200),
        password: z.string().min(1).max(500),
      }),
      z.object({ kind: z.literal("bearer"), token: z.string().min(1).max(4000) }),
      z.object({ kind: z.literal("none") }),
    ])
    .optional()
    .describe(
      "HTTP Basic or a bearer token, kept sealed and never answered; `none` removes them. Absent: the kept ones stay, unless the address's origin changes (then they are dropped).",
    ),
});

const counts = z.object({
  priceUp: z.number().int(),
  priceDown: z.number().int(),
  stockChanged: z.number().int(),
  backInStock: z.number().int(),
  newlyStocked: z.number().int(),
  missing: z.number().int(),
  missingChanged: z.number().int(),
  unchanged: z.number().int(),
});

export const feedSourceSchema = describes<FeedSourceView>()(
  z
    .object({
      store_id: z.string(),
      url: z.string(),
      layout: z.enum(["square", "generic"]),
      mapping: columnMapping.nullable(),
      square_location: z.string().nullable(),
      missing,
      every_hours: z.number().int(),
      auto_apply: z.boolean(),
      credentials: z
        .object({ set: z.boolean(), kind: z.enum(["basic", "bearer"]).nullable() })
        .describe(
          "Whether credentials are kept, and of which kind; the credentials themselves are never answered.",
        ),
      next_fetch_at: instant(),
      fetching: z.boolean().describe("An instance is fetching it now."),
      last_fetch: z
        .object({
          at: instant(),
          result: z.enum(["previewed", "applied", "failed"]),
          error: z.string().nullable().describe("Why the last fetch changed nothing, in the store's words."),
        })
        .nullable(),
      last_feed: z
        .object({
          id: z.string(),
          status: z.enum(["previewed", "applying", "applied"]),
          lines: z.number().int(),
          counts,
        })
        .nullable()
        .describe("The dry run the latest successful fetch made (review and apply it as an upload's)."),
    })
    .meta({ id: "FeedSource", description: "A store's scheduled shelf feed, without its credentials." }),
);

export const feedSourceDeletedSchema = z.object({ deleted: z.literal(true) });
