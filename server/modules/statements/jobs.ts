import { defineJob } from "#server/platform/jobs.ts";

/** Close a store's weeks that have ended (sent by the sweep every hour, and by an administrator's "close now"). */
export const CLOSE_STATEMENTS = defineJob<{ storeId: string }>("close-statements", {
  retryLimit: 5,
  retryDelaySeconds: 60,
  retryBackoff: true,
  expireInSeconds: 300,
});

/**
 * Pay a closed statement (sent in the transaction that closed it). Retried when the provider does not answer: the
 * transfer's idempotency key is the statement's id, so a retry never pays twice.
 */
export const PAY_STATEMENT = defineJob<{ statementId: string }>("pay-statement", {
  retryLimit: 10,
  retryDelaySeconds: 60,
  retryBackoff: true,
  expireInSeconds: 120,
});
