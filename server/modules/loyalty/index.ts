import type { FastifyInstance } from "fastify";
import type { Config } from "#server/config.ts";
import type { RecordAudit } from "#server/platform/audit.ts";
import type { Db } from "#server/platform/db.ts";
import { loyaltyRoutes } from "./routes.ts";

/**
 * The loyalty module's public face (docs/adr/0033-loyalty-and-giveaway.md): the programme a shopper sees (GET /me
 * reads it), the hook order moves call, and the routes of the programme, the giveaway and their console.
 */
export { freeDeliveryAt, hasFreeDelivery, lifetimePointsOf, loyaltyOf, onOrderMoved } from "./ledger.ts";
export { loyaltySchema } from "./schemas.ts";

export async function registerLoyalty(
  app: FastifyInstance,
  deps: { db: Db; config: Config; now?: () => Date; recordAudit: RecordAudit },
): Promise<void> {
  await app.register(loyaltyRoutes, {
    db: deps.db,
    now: deps.now ?? (() => new Date()),
    adjustmentLimits: deps.config.loyalty.staffAdjustments,
    recordAudit: deps.recordAudit,
  });
}
