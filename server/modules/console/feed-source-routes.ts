import type { FastifyInstance } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { sessionHeaders as headers } from "../sessions/index.ts";
import { requireStaff } from "./access.ts";
import type { ConsoleContext } from "./context.ts";
import { FETCH_FEED_SOURCES } from "./feed-source-jobs.ts";
import {
  feedSourceBody,
  feedSourceDeletedSchema,
  feedSourceQuery,
  feedSourceSchema,
} from "./feed-source-schemas.ts";
import {
  anyFeedSourceDue,
  deleteFeedSource,
  type FeedSourceContext,
  fetchDueFeedSources,
  fetchFeedSourceNow,
  getFeedSource,
  putFeedSource,
} from "./feed-sources.ts";
import { NO_STORE, OTHER_STORE, STAFF_ONLY, STORE_REQUIRED } from "./route-errors.ts";

const tags = ["console"];
const noSource =
  "No store has that id (`store_not_found`), or the store has no scheduled feed (`feed_source_not_found`).";
const forbidden = `${STAFF_ONLY} ${OTHER_STORE}`;

/** How often the workers look for due feeds: a feed is fetched within this of its time. */
export const FEED_SWEEP_MS = 5 * 60 * 1000;

/**
 * Scheduled shelf feeds (issue 34 §1, docs/adr/0073-scheduled-shelf-feeds.md): a store's point-of-sale file fetched
 * from its HTTPS address on a schedule, with its credentials sealed.
 */
const feedSourceRoutes: FastifyPluginAsyncZod<{ ctx: FeedSourceContext }> = async (app, { ctx }) => {
  app.get(
    "/api/console/feeds/source",
    {
      config: { auth: "user", errors: { 400: STORE_REQUIRED, 403: forbidden, 404: noSource } },
      schema: {
        operationId: "getConsoleFeedSource",
        tags,
        response: { 200: feedSourceSchema },
        summary:
          "The store's scheduled feed: its address, how its file is read, its schedule, whether credentials are kept (never the credentials) and what the last fetch did",
        headers,
        querystring: feedSourceQuery,
      },
    },
    async (req) => getFeedSource(ctx, requireStaff(req), req.query.store_id),
  );

  app.put(
    "/api/console/feeds/source",
    {
      config: {
        auth: "user",
        errors: {
          400: `${STORE_REQUIRED} Or an address that may not be fetched: not https://, or on this server or a private network (\`feed_url_refused\`); or a CSV without its columns named (\`feed_mapping_required\`).`,
          403: forbidden,
          404: NO_STORE,
        },
      },
      schema: {
        operationId: "putConsoleFeedSource",
        tags,
        response: { 200: feedSourceSchema },
        summary:
          "Set the store's scheduled feed: the HTTPS address its point-of-sale file is fetched from (with HTTP Basic or a bearer token, kept sealed), how the file is read, every how many hours, and whether a fetched dry run is applied at once or waits for review; a new address is fetched at once; audited",
        headers,
        body: feedSourceBody,
      },
    },
    async (req) => putFeedSource(ctx, requireStaff(req), req.body),
  );

  app.delete(
    "/api/console/feeds/source",
    {
      config: { auth: "user", errors: { 400: STORE_REQUIRED, 403: forbidden, 404: noSource } },
      schema: {
        operationId: "deleteConsoleFeedSource",
        tags,
        response: { 200: feedSourceDeletedSchema },
        summary: "Stop fetching the store's feed and forget its address and credentials; audited",
        headers,
        querystring: feedSourceQuery,
      },
    },
    async (req) => deleteFeedSource(ctx, requireStaff(req), req.query.store_id),
  );

  app.post(
    "/api/console/feeds/source/fetch",
    {
      config: {
        auth: "user",
        errors: {
          400: STORE_REQUIRED,
          403: forbidden,
          404: noSource,
          409: "The feed is being fetched now (`feed_fetch_running`).",
        },
      },
      schema: {
        operationId: "fetchConsoleFeedSource",
        tags,
        response: { 200: feedSourceSchema },
        summary:
          "Fetch the store's feed now, whatever its schedule: its dry run made (and applied when the store said so), or why not, in the answer's last fetch",
        headers,
        querystring: feedSourceQuery,
      },
    },
    async (req) => fetchFeedSourceNow(ctx, requireStaff(req), req.query.store_id),
  );
};

/**
 * The scheduled feeds' routes and, where the queues are worked, their job: every FEED_SWEEP_MS the workers send it
 * when a source is due (and a store saving a new address sends it at once).
 */
export async function registerFeedSources(app: FastifyInstance, deps: ConsoleContext): Promise<void> {
  const ctx: FeedSourceContext = {
    db: deps.db,
    config: deps.config,
    jobs: deps.jobs,
    now: deps.now ?? (() => new Date()),
    warn: (storeId, err) =>
      app.log.warn({ storeId, error: err.message }, "feed source fetch failed on our side"),
  };
  await deps.jobs.define(FETCH_FEED_SOURCES);
  await app.register(feedSourceRoutes, { ctx });
  if (!deps.workers) return;
  await deps.jobs.work(FETCH_FEED_SOURCES, async () => {
    await fetchDueFeedSources(ctx);
  });
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  const sweep = async () => {
    try {
      const now = ctx.now();
      if (await anyFeedSourceDue(ctx.db, now))
        await deps.jobs.send(FETCH_FEED_SOURCES, {}, { singletonKey: now.toISOString().slice(0, 15) });
    } catch (err) {
      app.log.warn({ err }, "feed sources sweep failed");
    }
    if (!closed) timer = setTimeout(sweep, FEED_SWEEP_MS).unref();
  };
  app.addHook("onReady", async () => {
    void sweep();
  });
  app.addHook("preClose", async () => {
    closed = true;
    clearTimeout(timer);
  });
}
