import { defineJob } from "#server/platform/jobs.ts";

/**
 * A gift waiting for its recipient reaches its expiry: sent when the claim link is (settle.ts), to run at the
 * expiry; the gifts module works it (cancels the gift unless it was claimed: docs/adr/0027-gift-claim.md).
 */
export const GIFT_EXPIRY = defineJob<{ orderId: string }>("gift-expiry", {
  retryLimit: 8,
  retryDelaySeconds: 30,
  retryBackoff: true,
  expireInSeconds: 120,
});
