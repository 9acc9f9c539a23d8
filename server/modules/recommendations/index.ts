import type { FastifyInstance } from "fastify";
import { CO_PURCHASE_REFRESH_MINUTES } from "#domain/catalogue/co-purchase.ts";
import type { Db } from "#server/platform/db.ts";
import type { JobQueue } from "#server/platform/jobs.ts";
import { runScheduledRefresh } from "./co-purchase.ts";
import { REFRESH_CO_PURCHASE } from "./jobs.ts";
import { recommendationRoutes } from "./routes.ts";

/**
 * The recommendations module's public face: every product recommendation the server computes (similar, related,
 * generic, frequently bought together, buy again, checkout's picks) and favourites. The cart's checkout route asks
 * it for its picks.
 */
export { checkoutPicks } from "./checkout-picks.ts";
export { refreshCoPurchase } from "./co-purchase.ts";
export { REFRESH_CO_PURCHASE } from "./jobs.ts";

/**
 * Similar, related and generic picks, frequently bought together, the user call, favourites; the co-purchase refresh
 * job. Where the queues are worked, one refresh is sent at boot: it rebuilds the table unless it is fresh, and keeps the hourly chain going.
 */
export async function registerRecommendations(
  app: FastifyInstance,
  deps: {
    db: Db;
    jobs: JobQueue;
    workers: boolean;
    now?: () => Date;
    /** The frequently-bought-together answer cache (off in tests). */
    caching: boolean;
    refreshMinutes?: number;
  },
): Promise<void> {
  const now = deps.now ?? (() => new Date());
  await deps.jobs.define(REFRESH_CO_PURCHASE);
  await app.register(recommendationRoutes, { db: deps.db, now, caching: deps.caching });
  if (!deps.workers) return;
  const intervalMs = (deps.refreshMinutes ?? CO_PURCHASE_REFRESH_MINUTES) * 60_000;
  await deps.jobs.work(REFRESH_CO_PURCHASE, async () => {
    await runScheduledRefresh(deps.db, now(), intervalMs, (tx, at) =>
      deps.jobs.send(REFRESH_CO_PURCHASE, {}, { tx, startAfter: at }),
    );
  });
  await deps.jobs.send(REFRESH_CO_PURCHASE, {});
}
