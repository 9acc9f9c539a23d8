import type { FastifyInstance } from "fastify";
import type { Config } from "#server/config.ts";
import type { RecordAudit } from "#server/platform/audit.ts";
import type { Db } from "#server/platform/db.ts";
import type { RateLimiter } from "#server/platform/rate-limit.ts";
import { serverKey } from "#server/platform/secrets.ts";
import { ageConsoleRoutes } from "./console-routes.ts";
import { ageRoutes } from "./routes.ts";

/** The age module's public face: checkout asks whether a verification holds. */
export { AGE_LIMITS } from "./limits.ts";
export { holdsAgeVerification } from "./service.ts";

export async function registerAge(
  app: FastifyInstance,
  deps: { db: Db; config: Config; limiter: RateLimiter; now?: () => Date; recordAudit: RecordAudit },
): Promise<void> {
  const now = deps.now ?? (() => new Date());
  const documentKey = await serverKey(deps.db, "age-documents", deps.config.auth.sessionSecret);
  const tokenKey = await serverKey(deps.db, "age-scan-tokens", deps.config.auth.sessionSecret);
  await app.register(ageRoutes, {
    ctx: { db: deps.db, limiter: deps.limiter, documentKey, tokenKey, now },
  });
  await app.register(ageConsoleRoutes, { db: deps.db, now, recordAudit: deps.recordAudit });
}
