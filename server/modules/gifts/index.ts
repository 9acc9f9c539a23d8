import type { FastifyInstance } from "fastify";
import type { Db } from "../../platform/db.ts";
import type { JobQueue } from "../../platform/jobs.ts";
import type { PaymentProvider } from "../../platform/payments/provider.ts";
import { GIFT_EXPIRY } from "../checkout/index.ts";
import type { Outbox } from "../messages/index.ts";
import type { GiftsContext } from "./context.ts";
import { expireGift } from "./expire.ts";
import { giftRoutes } from "./routes.ts";

/** The gifts module's public face. */
export { expireGift } from "./expire.ts";

/** The gift claim's calls and the job that cancels a gift its recipient did not claim in time. */
export async function registerGifts(
  app: FastifyInstance,
  deps: {
    db: Db;
    provider: PaymentProvider;
    jobs: JobQueue;
    outbox: Outbox;
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
