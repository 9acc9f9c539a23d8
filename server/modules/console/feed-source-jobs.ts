import { defineJob } from "#server/platform/jobs.ts";

/**
 * Fetch every store feed that is due (docs/adr/0073-scheduled-shelf-feeds.md): sent by the sweep when one is, and at
 * once when a store saves a new address. Each source is claimed before it is fetched, so runs at once on several
 * instances fetch each source once; a run cut off leaves its claim to lapse and the next run takes it.
 */
export const FETCH_FEED_SOURCES = defineJob<Record<string, never>>("fetch-feed-sources", {
  retryLimit: 3,
  retryDelaySeconds: 60,
  retryBackoff: true,
  expireInSeconds: 15 * 60,
});
