import type { FastifyInstance } from "fastify";
import type { ConsoleContext } from "./context.ts";
import { feedRoutes } from "./feed-routes.ts";
import { registerFeedSources } from "./feed-source-routes.ts";
import { proposalRoutes } from "./proposal-routes.ts";
import { consoleRoutes } from "./routes.ts";
import { storeAdminRoutes } from "./store-admin-routes.ts";

/** The console module's public face. */
export { ADMIN_ONLY, requireAdmin, requireStaff, type Staff, storeScope } from "./access.ts";
export { type AuditEntry, type RecordAudit, recordAudit } from "./audit.ts";
export { storeProposed } from "./proposals.ts";
export {
  addStaff,
  DEMO_ADMIN_EMAIL,
  DEMO_STAFF_PASSWORD,
  ensureDemoAdmin,
  ensureDemoStaff,
  listStaff,
  removeStaff,
} from "./staff.ts";
export { workingStore } from "./stock.ts";

/** The store console's API. */
export async function registerConsole(app: FastifyInstance, deps: ConsoleContext): Promise<void> {
  const ctx: ConsoleContext = deps;
  await app.register(consoleRoutes, { ctx });
  await app.register(storeAdminRoutes, { ctx });
  await app.register(feedRoutes, { ctx });
  await registerFeedSources(app, ctx);
  await app.register(proposalRoutes, { ctx });
}
