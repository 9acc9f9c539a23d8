import type { FastifyInstance } from "fastify";
import { type Config, isDemoStore } from "#server/config.ts";
import type { Db } from "#server/platform/db.ts";
import type { JobQueue } from "#server/platform/jobs.ts";
import { createPaymentProvider } from "#server/platform/payments/index.ts";
import type { PaymentProvider } from "#server/platform/payments/provider.ts";
import { sandboxRoutes } from "#server/platform/payments/sandbox/routes.ts";
import { SandboxProvider } from "#server/platform/payments/sandbox/sandbox-provider.ts";
import type { RateLimiter } from "#server/platform/rate-limit.ts";
import { RUN_PAYMENT_OPERATIONS } from "./jobs.ts";
import { paymentRoutes } from "./routes.ts";
import { runPendingOperations } from "./settlement.ts";

/** The payments module's public face. */
export {
  recordAuthorisationFailed,
  recordIntent,
  withAuthorisationPending,
  withAuthorisationSucceeded,
  withPaymentOpened,
} from "./authorisation.ts";
export { type CaptureShares, onCaptureShares } from "./capture-shares.ts";
export { addCard, customerFor, ownCard, providerRefusal, type SavedCard } from "./cards.ts";
export {
  abandonExtraCharge,
  CHARGE_IN_PROGRESS,
  CHARGE_NEEDS_ACTION,
  CHARGE_UNAVAILABLE,
  chargeExtra,
  type ExtraCharge,
  type ExtraChargeOutcome,
  type ExtraChargeSource,
  extraChargeByIntent,
  extraChargeCard,
  NO_CARD,
} from "./charge-extra.ts";
export {
  lockPayment,
  paymentState,
  planExtraRefunds,
  planRefund,
  planSettlement,
  runPendingOperations,
  settleMoney,
} from "./settlement.ts";

export interface Payments {
  provider: PaymentProvider;
}

/**
 * The configured provider, its own pages when it is the built-in sandbox, the saved-cards API, and the job that
 * carries out payment operations the provider did not answer in their request.
 */
export async function registerPayments(
  app: FastifyInstance,
  deps: {
    db: Db;
    config: Config;
    limiter: RateLimiter;
    jobs: JobQueue;
    workers: boolean;
    provider?: PaymentProvider;
  },
): Promise<Payments> {
  const provider = deps.provider ?? createPaymentProvider(deps.config.payments, deps.db);
  if (provider instanceof SandboxProvider) await app.register(sandboxRoutes, { sandbox: provider });
  await app.register(paymentRoutes, { db: deps.db, provider, limiter: deps.limiter });
  await deps.jobs.define(RUN_PAYMENT_OPERATIONS);
  if (deps.workers)
    await deps.jobs.work(RUN_PAYMENT_OPERATIONS, async (job) => {
      await runPendingOperations({ db: deps.db, provider }, job.data.paymentId);
    });
  return { provider };
}

export const SANDBOX_IN_PRODUCTION =
  "Payments: no STRIPE_* keys, so the built-in sandbox takes cards and no money is charged. Set STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET to take real payments.";

/** What the start-up log says about payments: a real store without Stripe's keys charges nobody. */
export function paymentNotes(config: Config): { level: "warn" | "info"; message: string }[] {
  if (config.payments.kind === "stripe") return [{ level: "info", message: "Payments: Stripe." }];
  if (isDemoStore(config))
    return [{ level: "info", message: "Payments: the built-in sandbox (test cards, no money charged)." }];
  return [{ level: "warn", message: SANDBOX_IN_PRODUCTION }];
}
