import type { FastifyInstance } from "fastify";
import type { Db } from "../../platform/db.ts";
import type { JobQueue } from "../../platform/jobs.ts";
import type { PaymentProvider } from "../../platform/payments/provider.ts";
import { runPendingOperations } from "../checkout/index.ts";
import type { Outbox } from "../messages/index.ts";
import type { ConsoleContext } from "./context.ts";
import { RUN_PAYMENT_OPERATIONS } from "./jobs.ts";
import { consoleRoutes } from "./routes.ts";

/** The console module's public face. */
export { addStaff, DEMO_STAFF_PASSWORD, ensureDemoStaff, listStaff, removeStaff } from "./staff.ts";

/** The store console's API and the job that finishes a payment operation the provider did not answer at once. */
export async function registerConsole(
  app: FastifyInstance,
  deps: { db: Db; provider: PaymentProvider; jobs: JobQueue; outbox: Outbox; workers: boolean },
): Promise<void> {
  const ctx: ConsoleContext = deps;
  await deps.jobs.define(RUN_PAYMENT_OPERATIONS);
  await app.register(consoleRoutes, { ctx });
  if (deps.workers) {
    await deps.jobs.work(RUN_PAYMENT_OPERATIONS, async (job) => {
      await runPendingOperations(ctx, job.data.paymentId);
    });
  }
}
