import { defineJob } from "#server/platform/jobs.ts";

/**
 * An order reached completed (moveOrder sends it in the change's transaction): if it is a referred friend's first,
 * decide the referral and grant both sides their credit (referrals.ts `settleReferral`). Safe to run twice.
 */
export const REFERRAL_ORDER_COMPLETED = defineJob<{ orderId: string }>("referral-order-completed", {
  retryLimit: 8,
  retryDelaySeconds: 15,
  retryBackoff: true,
  expireInSeconds: 120,
});
