import { defineJob } from "#server/platform/jobs.ts";

/** A payment changed at the provider (a 3-D Secure challenge answered, a webhook): settle its checkout. */
export const SETTLE_PAYMENT = defineJob<{ intentId: string }>("settle-payment", {
  retryLimit: 8,
  retryDelaySeconds: 5,
  retryBackoff: true,
  expireInSeconds: 120,
});

/**
 * A checkout still processing this long after it was claimed was cut off between reserving and settling (its
 * instance died): the recovery sweep (recover.ts), or the shopper's retry, settles or releases it. Longer than a
 * request's own authorise call may take, so the request is done in the usual case.
 */
export const RECOVER_CHECKOUT_AFTER_SECONDS = 30;

/** How often each worker instance sweeps for cut-off checkouts (and once as it starts). */
export const RECOVER_SWEEP_SECONDS = 10;
