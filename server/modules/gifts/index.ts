import type { FastifyInstance } from "fastify";
import type { Db } from "#server/platform/db.ts";
import type { JobQueue } from "#server/platform/jobs.ts";
import type { PaymentProvider } from "#server/platform/payments/provider.ts";
import type { Outbox } from "../messages/index.ts";
import type { OrderMoves } from "../orders/index.ts";
import type { GiftsContext } from "./context.ts";
import { expireGift } from "./expire.ts";
import { GIFT_EXPIRY } from "./jobs.ts";
import { giftRoutes } from "./routes.ts";

/** The gifts module's public face. */
export { insertGiftClaim } from "./claims.ts";
export { expireGift } from "./expire.ts";
export { GIFT_EXPIRY } from "./jobs.ts";

/** The gift claim's calls and the job that cancels a gift its recipient did not claim in time. */
export async function registerGifts(
  app: FastifyInstance,
  deps: {
    db: Db;
    provider: PaymentProvider;
    jobs: JobQueue;
    outbox: Outbox;
    orderMoves: OrderMoves;
    workers: boolean;
    now?: () => Date;
  },
): Promise<void> {
  const ctx: GiftsContext = { ...deps, now: deps.now ?? (() => new Date()) };
  await app.register(giftRoutes, { ctx });
  if (deps.workers) {
    await deps.jobs.work(GIFT_EXPIRY, async (job) => {
      await expireGift(ctx, job.data.orderId);
    });
  }
}
