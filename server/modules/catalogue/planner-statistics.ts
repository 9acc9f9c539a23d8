import { sql } from "kysely";
import type { Db } from "#server/platform/db.ts";

/** The tables every catalogue and search query plans over. */
const CATALOGUE_TABLES = ["products", "inventory", "shelf", "brands", "categories", "stores"] as const;

/**
 * Runs VACUUM ANALYZE on catalogue tables whose planner statistics are missing or stale. PGlite has no autovacuum:
 * after the seed the planner knew nothing about 14k products and 190k inventory rows, chose nested loops over whole
 * shelves, and a search took a second instead of milliseconds; and without vacuum no page is marked all-visible, so
 * index-only scans (the shelf join) still read the table. Stale is autovacuum's own rule (more than 50 + 10% of the
 * rows changed since the last analyze), read from counters PGlite keeps only while its process lives and PostgreSQL
 * starts at zero in a database made from a template: a store seeded by another process, or copied, has rows and no
 * counters, so a table with rows and no statistics at all is analyzed too. On PostgreSQL this only
 * runs what autovacuum would run later, or never for a copied database. Must run outside a transaction. Returns the
 * tables vacuumed.
 */
export async function refreshPlannerStatistics(db: Db): Promise<string[]> {
  const tables = sql.join(CATALOGUE_TABLES.map((t) => sql`${t}`));
  const due = await sql<{ name: string }>`
    select t.name from unnest(array[${tables}]::text[]) as t(name)
    where to_regclass(t.name) is not null
      and (
        (pg_relation_size(to_regclass(t.name)) > 0
          and not exists (select 1 from pg_stats s where s.schemaname = current_schema() and s.tablename = t.name))
        or exists (
          select 1 from pg_stat_user_tables u
          where u.relid = to_regclass(t.name) and u.n_mod_since_analyze > 50 + 0.1 * u.n_live_tup))`.execute(
    db,
  );
  const names = due.rows.map((r) => r.name);
  for (const name of names) await sql`vacuum analyze ${sql.table(name)}`.execute(db);
  return names;
}
