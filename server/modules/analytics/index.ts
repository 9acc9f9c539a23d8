import type { FastifyInstance } from "fastify";
import type { Db } from "#server/platform/db.ts";
import type { RateLimiter } from "#server/platform/rate-limit.ts";
import type { Csrf } from "../sessions/index.ts";
import { analyticsRoutes } from "./routes.ts";

/**
 * Analytics (issue 17; docs/adr/0036-analytics-and-banners.md): `POST /e` stores events and page views; the
 * console reads the funnel and the searches that found nothing.
 */
export { ANALYTICS_LIMITS } from "./limits.ts";

export async function registerAnalytics(
  app: FastifyInstance,
  deps: { db: Db; limiter: RateLimiter; csrf: Csrf; now?: () => Date },
): Promise<void> {
  await app.register(analyticsRoutes, {
    db: deps.db,
    limiter: deps.limiter,
    csrf: deps.csrf,
    now: deps.now ?? (() => new Date()),
  });
}
