import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { sessionHeaders as headers } from "../sessions/index.ts";
import { requireStaff } from "./access.ts";
import type { ConsoleContext } from "./context.ts";
import {
  feedParams,
  feedPreviewBody,
  feedPreviewSchema,
  feedQuery,
  feedSettingsSchema,
  feedStatusSchema,
} from "./feed-schemas.ts";
import { applyFeed, feedSettings, feedStatus, previewFeed } from "./feeds.ts";
import { NO_STORE, OTHER_STORE, STAFF_ONLY, STORE_REQUIRED } from "./route-errors.ts";

const tags = ["console"];
const noFeed = "No store has that id (`store_not_found`), or the store has no such feed (`feed_not_found`).";

/** A feed file of 12,000 lines and more: the only console call whose body may be this large. */
const FEED_BODY_LIMIT = 10 * 1024 * 1024;

/**
 * Shelf feeds (issue 34 §1, docs/adr/0070-shelf-feeds.md): a store uploads its point-of-sale export, reviews the
 * dry run, and applies it; shoppers see the new shelf at once.
 */
export const feedRoutes: FastifyPluginAsyncZod<{ ctx: ConsoleContext }> = async (app, { ctx }) => {
  const { db } = ctx;

  app.post(
    "/api/console/feeds",
    {
      bodyLimit: FEED_BODY_LIMIT,
      config: {
        auth: "user",
        errors: {
          400: `${STORE_REQUIRED} Or an accepted match the preview did not offer (\`feed_match_not_offered\`), a named product for a line that was matched (\`feed_line_not_open\`) or a SKU the catalogue does not have (\`feed_unknown_sku\`).`,
          403: `${STAFF_ONLY} ${OTHER_STORE}`,
          404: `${NO_STORE} Or no such feed for \`from_feed\` (\`feed_not_found\`).`,
          409: "The feed named by `from_feed` did not keep its file (`feed_file_not_kept`): upload it again.",
          422: "The file has problems (`feed_rejected`): `details` lists each by line and column; nothing is kept.",
        },
      },
      schema: {
        operationId: "previewConsoleFeed",
        tags,
        response: { 200: feedPreviewSchema },
        summary:
          "Read a store's point-of-sale file (a Square export, or a CSV with a column mapping) and answer its dry run: what it would change on the shelf, the fuzzy matches to review and the lines nothing matched; nothing changes until it is applied",
        headers,
        body: feedPreviewBody,
      },
    },
    async (req) => previewFeed(db, requireStaff(req), req.body),
  );

  app.get(
    "/api/console/feeds/settings",
    {
      config: {
        auth: "user",
        errors: { 400: STORE_REQUIRED, 403: `${STAFF_ONLY} ${OTHER_STORE}`, 404: NO_STORE },
      },
      schema: {
        operationId: "getConsoleFeedSettings",
        tags,
        response: { 200: feedSettingsSchema },
        summary:
          "How the store's latest feed file was read (Square or a mapped CSV, its columns, the Square location, the policy for products it leaves out), for the next upload to start from",
        headers,
        querystring: feedQuery,
      },
    },
    async (req) => feedSettings(db, requireStaff(req), req.query.store_id),
  );

  app.post(
    "/api/console/feeds/:id/apply",
    {
      config: {
        auth: "user",
        errors: { 400: STORE_REQUIRED, 403: `${STAFF_ONLY} ${OTHER_STORE}`, 404: noFeed },
      },
      schema: {
        operationId: "applyConsoleFeed",
        tags,
        response: { 200: feedStatusSchema },
        summary:
          "Apply a previewed feed, a batch per transaction (an apply cut off resumes where it stopped; applying again changes nothing more); shoppers see the new shelf at once; audited",
        headers,
        params: feedParams,
        querystring: feedQuery,
      },
    },
    async (req) => applyFeed(db, requireStaff(req), req.params.id, req.query.store_id),
  );

  app.get(
    "/api/console/feeds/:id",
    {
      config: {
        auth: "user",
        errors: { 400: STORE_REQUIRED, 403: `${STAFF_ONLY} ${OTHER_STORE}`, 404: noFeed },
      },
      schema: {
        operationId: "getConsoleFeed",
        tags,
        response: { 200: feedStatusSchema },
        summary: "Where a feed's apply stands: previewed, applying (batches done of the total) or applied",
        headers,
        params: feedParams,
        querystring: feedQuery,
      },
    },
    async (req) => feedStatus(db, requireStaff(req), req.params.id, req.query.store_id),
  );
};
