import type { FastifyInstance } from "fastify";
import type { Db } from "#server/platform/db.ts";
import type { RateLimiter } from "#server/platform/rate-limit.ts";
import { bannerRoutes } from "./routes.ts";

/**
 * Banners (issue 17; docs/adr/0036-analytics-and-banners.md): our own placement service behind `GET /mc/serve?u=`,
 * impressions and clicks once per page view, and the console's banners.
 */
export { BANNER_LIMITS } from "./limits.ts";

export async function registerBanners(
  app: FastifyInstance,
  deps: { db: Db; limiter: RateLimiter; now?: () => Date },
): Promise<void> {
  await app.register(bannerRoutes, {
    db: deps.db,
    limiter: deps.limiter,
    now: deps.now ?? (() => new Date()),
  });
}
