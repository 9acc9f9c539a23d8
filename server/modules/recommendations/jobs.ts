import { defineJob } from "#server/platform/jobs.ts";

/**
 * Rebuild the co-purchase table; each run sends the next (CO_PURCHASE_REFRESH_MINUTES later) in its transaction.
 * Every instance that works the queues starts one at boot; the state row lets only one chain go on.
 */
export const REFRESH_CO_PURCHASE = defineJob<Record<string, never>>("refresh-co-purchase", {
  retryLimit: 5,
  retryDelaySeconds: 60,
  retryBackoff: true,
  expireInSeconds: 600,
});
