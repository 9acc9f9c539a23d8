import type { FastifyInstance } from "fastify";
import type { Config } from "#server/config.ts";
import type { Db } from "#server/platform/db.ts";
import type { JobQueue } from "#server/platform/jobs.ts";
import type { PaymentProvider } from "#server/platform/payments/provider.ts";
import { SandboxProvider } from "#server/platform/payments/sandbox/sandbox-provider.ts";
import type { AddressLocator } from "../geo/index.ts";
import { GIFT_EXPIRY } from "../gifts/index.ts";
import type { Outbox } from "../messages/index.ts";
import type { OrderMoves } from "../orders/index.ts";
import type { CheckoutContext } from "./context.ts";
import { RECOVER_SWEEP_SECONDS, SETTLE_PAYMENT } from "./jobs.ts";
import { sweepCutOffCheckouts } from "./recover.ts";
import { checkoutRoutes } from "./routes.ts";
import { settleNotice } from "./settle.ts";

/** The checkout module's public face. */
export type { CheckoutAnswer } from "./context.ts";
export { cardChoiceSchema } from "./schemas.ts";

/** Placing orders, settling their payments, and the jobs that follow up (settling on notices, the recovery sweep). */
export async function registerCheckout(
  app: FastifyInstance,
  deps: {
    db: Db;
    config: Config;
    provider: PaymentProvider;
    jobs: JobQueue;
    outbox: Outbox;
    orderMoves: OrderMoves;
    locate: AddressLocator;
    workers: boolean;
    now?: () => Date;
    /** How often to sweep for cut-off checkouts (tests shorten it). */
    recoverySweepMs?: number;
  },
): Promise<void> {
  const ctx: CheckoutContext = { ...deps, now: deps.now ?? (() => new Date()) };
  await deps.jobs.define(SETTLE_PAYMENT);
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
