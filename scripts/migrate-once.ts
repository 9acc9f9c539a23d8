import type { DbTarget } from "../server/platform/db.ts";

/**
 * Migrations and the catalogue seed on a database, then closed: once per deploy before any instance starts (the
 * fleet), or once for the journeys' seeded store (tests/support/seeded-store.ts). Closed cleanly, so an embedded data
 * directory is whole for copying, with the planner's statistics of what was seeded: a copy, or a database made from
 * it as a template, has the rows but not the counters that would tell the store to analyze them.
 */
export async function migrateOnce(target: DbTarget): Promise<void> {
  const { openDb, migrate } = await import("../server/platform/db.ts");
  const { seedCatalogue } = await import("../db/seed/index.ts");
  const { refreshPlannerStatistics } = await import("../server/modules/catalogue/index.ts");
  const { db } = await openDb(target);
  try {
    await migrate(db);
    await seedCatalogue(db, { log: () => {} });
    await refreshPlannerStatistics(db);
  } finally {
    await db.destroy();
  }
}
