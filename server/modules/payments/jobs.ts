import { defineJob } from "#server/platform/jobs.ts";

/** A payment operation the provider did not answer in the request: carried out again, with the same keys. */
export const RUN_PAYMENT_OPERATIONS = defineJob<{ paymentId: string }>("run-payment-operations", {
  retryLimit: 10,
  retryDelaySeconds: 30,
  retryBackoff: true,
  expireInSeconds: 120,
});
