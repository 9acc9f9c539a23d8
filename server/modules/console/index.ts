import type { FastifyInstance } from "fastify";
import type { Db } from "../../platform/db.ts";
import type { JobQueue } from "../../platform/jobs.ts";
import type { PaymentProvider } from "../../platform/payments/provider.ts";
import type { Outbox } from "../messages/index.ts";
import type { ConsoleContext } from "./context.ts";
import { consoleRoutes } from "./routes.ts";

/** The console module's public face. */
export { addStaff, DEMO_STAFF_PASSWORD, ensureDemoStaff, listStaff, removeStaff } from "./staff.ts";

/** The store console's API. */
export async function registerConsole(
  app: FastifyInstance,
  deps: { db: Db; provider: PaymentProvider; jobs: JobQueue; outbox: Outbox },
): Promise<void> {
  const ctx: ConsoleContext = deps;
  await app.register(consoleRoutes, { ctx });
}
