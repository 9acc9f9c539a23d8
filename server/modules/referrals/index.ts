import type { FastifyInstance } from "fastify";
import type { Config } from "../../config.ts";
import type { Db } from "../../platform/db.ts";
import type { JobQueue } from "../../platform/jobs.ts";
import type { RateLimiter } from "../../platform/rate-limit.ts";
import type { Accounts } from "../accounts/index.ts";
import type { Outbox } from "../messages/index.ts";
import { REFERRAL_ORDER_COMPLETED } from "./jobs.ts";
import { recordSignup, rememberDevice, settleReferral } from "./referrals.ts";
import { referralRoutes } from "./routes.ts";

/** The referrals module's public face: the job moveOrder sends when an order completes. */
export { REFERRAL_ORDER_COMPLETED } from "./jobs.ts";
export { settleReferral } from "./referrals.ts";

/** Creates the queue moveOrder sends to, before any module moves orders. */
export async function openReferrals(jobs: JobQueue): Promise<void> {
  await jobs.define(REFERRAL_ORDER_COMPLETED);
}

/**
 * Referrals, lead capture and the enquiry forms (docs/adr/0035-referrals-and-enquiries.md): the routes; the signup
 * hook that records a friend who came through a link; the sign-in hook that remembers the devices an account
 * uses; and, when `workers`, the job that decides a referral when the friend's order completes.
 */
export async function registerReferrals(
  app: FastifyInstance,
  deps: {
    db: Db;
    config: Config;
    jobs: JobQueue;
    outbox: Outbox;
    limiter: RateLimiter;
    accounts: Accounts;
    workers: boolean;
    now?: () => Date;
  },
): Promise<void> {
  const { db, outbox } = deps;
  deps.accounts.onAccountCreated((account, tx) => recordSignup(tx, account));
  deps.accounts.onIdentityLinked((anonymousId, userId, tx) => rememberDevice(tx, userId, anonymousId));
  await app.register(referralRoutes, { ctx: { db, config: deps.config, outbox, limiter: deps.limiter } });
  if (!deps.workers) return;
  const origin = deps.config.publicOrigin ? new URL(deps.config.publicOrigin).origin : null;
  await deps.jobs.work(REFERRAL_ORDER_COMPLETED, async (job) => {
    await settleReferral({ db, outbox, now: deps.now ?? (() => new Date()), origin }, job.data.orderId);
  });
}
