import type { FastifyInstance } from "fastify";
import type { Config } from "../../config.ts";
import type { Db } from "../../platform/db.ts";
import type { JobQueue } from "../../platform/jobs.ts";
import type { PaymentProvider } from "../../platform/payments/provider.ts";
import { SandboxProvider } from "../../platform/payments/sandbox/sandbox-provider.ts";
import type { AddressLocator } from "../geo/index.ts";
import type { Outbox } from "../messages/index.ts";
import type { CheckoutContext } from "./context.ts";
import {
  GIFT_EXPIRY,
  ORDER_ACCEPTANCE_TIMEOUT,
  RECOVER_SWEEP_SECONDS,
  RELEASE_SCHEDULED,
  RUN_PAYMENT_OPERATIONS,
  SETTLE_PAYMENT,
} from "./jobs.ts";
import { expireUnaccepted, releaseScheduled } from "./order-timeout.ts";
import { runPendingOperations } from "./payment-settlement.ts";
import { sweepCutOffCheckouts } from "./recover.ts";
import { checkoutRoutes } from "./routes.ts";
import { settleNotice } from "./settle.ts";

/** The checkout module's public face. */
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
export type { CheckoutAnswer } from "./context.ts";
export { GIFT_EXPIRY } from "./jobs.ts";
export {
  lockPayment,
  paymentState,
  planExtraRefunds,
  planRefund,
  planSettlement,
  releaseOrderGoods,
  runPendingOperations,
  settleMoney,
} from "./payment-settlement.ts";
export { cardChoiceSchema } from "./schemas.ts";
export { moveOrder } from "./settle.ts";
export { scheduleStoreDeadlines } from "./store-deadlines.ts";

/** Placing orders, settling their payments, and the jobs that follow up (settling on notices, timeouts). */
export async function registerCheckout(
  app: FastifyInstance,
  deps: {
    db: Db;
    config: Config;
    provider: PaymentProvider;
    jobs: JobQueue;
    outbox: Outbox;
    locate: AddressLocator;
    workers: boolean;
    now?: () => Date;
    /** How often to sweep for cut-off checkouts (tests shorten it). */
    recoverySweepMs?: number;
  },
): Promise<void> {
  const ctx: CheckoutContext = { ...deps, now: deps.now ?? (() => new Date()) };
  await deps.jobs.define(SETTLE_PAYMENT);
  await deps.jobs.define(ORDER_ACCEPTANCE_TIMEOUT);
  await deps.jobs.define(RELEASE_SCHEDULED);
  await deps.jobs.define(RUN_PAYMENT_OPERATIONS);
  // Sent here with a gift's claim link; worked by the gifts module.
  await deps.jobs.define(GIFT_EXPIRY);
  if (deps.provider instanceof SandboxProvider) {
    // The sandbox's challenge page tells us in process what Stripe would tell by webhook.
    deps.provider.onNotice((notice) => {
      void deps.jobs
        .send(SETTLE_PAYMENT, { intentId: notice.intentId }, { singletonKey: notice.eventId })
        .catch((err) => app.log.error({ err }, "settle-payment not queued"));
    });
  }
  await app.register(checkoutRoutes, { ctx: { ...ctx, locate: deps.locate } });
  if (deps.workers) {
    await deps.jobs.work(SETTLE_PAYMENT, async (job) => {
      await settleNotice(ctx, job.data.intentId);
    });
    await deps.jobs.work(ORDER_ACCEPTANCE_TIMEOUT, async (job) => {
      await expireUnaccepted(ctx, job.data.orderId);
    });
    await deps.jobs.work(RELEASE_SCHEDULED, async (job) => {
      await releaseScheduled(ctx, job.data.orderId);
    });
    await deps.jobs.work(RUN_PAYMENT_OPERATIONS, async (job) => {
      await runPendingOperations(ctx, job.data.paymentId);
    });
    sweepForCutOffCheckouts(app, ctx, deps.recoverySweepMs ?? RECOVER_SWEEP_SECONDS * 1000);
  }
}

/** The recovery sweep (recover.ts): as the instance starts (it may be one restarted after a crash), then every `everyMs`. */
function sweepForCutOffCheckouts(app: FastifyInstance, ctx: CheckoutContext, everyMs: number): void {
  let closed = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const sweep = async () => {
    await sweepCutOffCheckouts(ctx, (err, checkoutId) =>
      app.log.warn({ err, checkoutId }, "cut-off checkout not recovered yet"),
    ).catch((err) => app.log.warn({ err }, "recovery sweep failed"));
    if (!closed)
      timer = setTimeout(() => {
        running = sweep();
      }, everyMs).unref();
  };
  app.addHook("onReady", async () => {
    running = sweep();
  });
  app.addHook("preClose", async () => {
    closed = true;
    clearTimeout(timer);
    await running;
  });
}
