import type { FastifyInstance } from "fastify";
import type { Transaction } from "kysely";
import type { Database } from "#db/schema.ts";
import { ORDER_STATUS } from "#domain/orders/status.ts";
import type { Config } from "#server/config.ts";
import type { Db } from "#server/platform/db.ts";
import type { JobQueue } from "#server/platform/jobs.ts";
import type { Accounts } from "../accounts/index.ts";
import type { Outbox } from "../messages/index.ts";
import { REFERRAL_ORDER_COMPLETED } from "./jobs.ts";
import { recordSignup, rememberDevice, settleReferral } from "./referrals.ts";
import { referralRoutes } from "./routes.ts";

/** The referrals module's public face: the job sent when an order completes. */
export { REFERRAL_ORDER_COMPLETED } from "./jobs.ts";
export { settleReferral } from "./referrals.ts";

/** Creates the queue an order's completion sends to, before any module moves orders. */
export async function openReferrals(jobs: JobQueue): Promise<void> {
  await jobs.define(REFERRAL_ORDER_COMPLETED);
}

/**
 * Listens to order moves (orders' onOrderMoved): a completed order may be a referred friend's first, and the job
 * sent in the move's transaction decides their credit (docs/adr/0035-referrals-and-enquiries.md).
 */
export function referOrderMoves(jobs: Pick<JobQueue, "send">) {
  return async (
    moved: { orderId: string; fromStatus: number; toStatus: number },
    tx: Transaction<Database>,
  ): Promise<void> => {
    if (moved.toStatus === ORDER_STATUS.completed && moved.fromStatus !== ORDER_STATUS.completed)
      await jobs.send(REFERRAL_ORDER_COMPLETED, { orderId: moved.orderId }, { tx });
  };
}

/**
 * Referrals (docs/adr/0035-referrals-and-enquiries.md): the routes; the signup hook that records a friend who came
 * through a link; the sign-in hook that remembers the devices an account uses; and, when `workers`, the job that
 * decides a referral when the friend's order completes. Leads and the enquiry forms are `enquiries/`.
 */
export async function registerReferrals(
  app: FastifyInstance,
  deps: {
    db: Db;
    config: Config;
    jobs: JobQueue;
    outbox: Outbox;
    accounts: Accounts;
    workers: boolean;
    now?: () => Date;
  },
): Promise<void> {
  const { db, outbox } = deps;
  deps.accounts.onAccountCreated((account, tx) => recordSignup(tx, account));
  deps.accounts.onIdentityLinked((anonymousId, userId, tx) => rememberDevice(tx, userId, anonymousId));
  await app.register(referralRoutes, { db });
  if (!deps.workers) return;
  const origin = deps.config.publicOrigin ? new URL(deps.config.publicOrigin).origin : null;
  await deps.jobs.work(REFERRAL_ORDER_COMPLETED, async (job) => {
    await settleReferral({ db, outbox, now: deps.now ?? (() => new Date()), origin }, job.data.orderId);
  });
}
