import { sql } from "kysely";
import type { Db } from "#server/platform/db.ts";

/** The tables every catalogue and search query plans over. */
const CATALOGUE_TABLES = ["products", "inventory", "shelf", "brands", "categories", "stores"] as const;

/**
 * Runs VACUUM ANALYZE on catalogue tables whose planner statistics are missing or stale, by autovacuum's own
 * rule (more than 50 + 10% of the rows changed since the last analyze). PGlite has no autovacuum: after the
 * seed the planner knew nothing about 14k products and 190k inventory rows, chose nested loops over whole
 * shelves, and a search took a second instead of milliseconds; and without vacuum no page is marked
 * all-visible, so index-only scans (the shelf join) still read the table. On PostgreSQL this only runs what
 * autovacuum would run a little later. Must run outside a transaction. Returns the tables vacuumed.
 */
export async function refreshPlannerStatistics(db: Db): Promise<string[]> {
  const stale = await sql<{ name: string }>`
    select relname as name from pg_stat_user_tables
    where relid = any(array[${sql.join(CATALOGUE_TABLES.map((t) => sql`to_regclass(${t})`))}]::oid[])
      and n_mod_since_analyze > 50 + 0.1 * n_live_tup`.execute(db);
  const names = stale.rows.map((r) => r.name);
  for (const name of names) await sql`vacuum analyze ${sql.table(name)}`.execute(db);
  return names;
}
