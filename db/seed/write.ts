import { type Kysely, sql } from "kysely";
import type { Database } from "../schema.ts";

/** The database the seed writes (server/platform/db.ts's Db, named from db/ itself: db/ sits below the server). */
export type Db = Kysely<Database>;

/**
 * Batched upserts: each batch travels as one JSON parameter and is unpacked by jsonb_to_recordset, which is
 * far faster than thousands of bound parameters on both PGlite and PostgreSQL. A row whose values did not
 * change is left alone (no new row version, no index churn), so a reseed writes only what changed.
 * Rows are never deleted.
 */
export type ColumnTypes = Record<string, string>;

export async function upsertJsonRows<T extends object>(
  db: Db,
  table: string,
  columns: ColumnTypes,
  rows: readonly T[],
  conflict: readonly string[],
  batchSize = 5000,
): Promise<void> {
  const names = Object.keys(columns);
  const recordType = names.map((n) => `${n} ${columns[n]}`).join(", ");
  const updated = names.filter((n) => !conflict.includes(n));
  const onConflict = updated.length
    ? `do update set ${updated.map((n) => `${n} = excluded.${n}`).join(", ")} ` +
      `where (${updated.map((n) => `${table}.${n}`).join(", ")}) is distinct from (${updated.map((n) => `excluded.${n}`).join(", ")})`
    : "do nothing";
  for (let i = 0; i < rows.length; i += batchSize) {
    const batch = JSON.stringify(rows.slice(i, i + batchSize));
    await sql`
      insert into ${sql.table(table)} (${sql.raw(names.join(", "))})
      select ${sql.raw(names.join(", "))} from jsonb_to_recordset(${batch}::jsonb) as x(${sql.raw(recordType)})
      on conflict (${sql.raw(conflict.join(", "))}) ${sql.raw(onConflict)}`.execute(db);
  }
}

/**
 * Runs a bulk load with the GIN indexes of `tables` collecting new entries in their pending list, then merges
 * the list in one pass and restores each index's own setting. Indexes kept with fastupdate off (so reads
 * never scan a pending list) would otherwise be updated entry by entry: about 4× slower for the catalogue.
 */
export async function withBulkGinLoad(
  db: Db,
  tables: readonly string[],
  load: () => Promise<void>,
): Promise<void> {
  const { rows } = await sql<{ name: string; fastupdate_off: boolean }>`
    select ic.relname as name, coalesce('fastupdate=off' = any(ic.reloptions), false) as fastupdate_off
    from pg_index i
    join pg_class ic on ic.oid = i.indexrelid
    join pg_am am on am.oid = ic.relam
    where am.amname = 'gin' and i.indrelid = any(${sql.raw(`array[${tables.map((t) => `'${t}'::regclass`).join(", ")}]`)})`.execute(
    db,
  );
  for (const index of rows.filter((r) => r.fastupdate_off)) {
    await sql`alter index ${sql.ref(index.name)} set (fastupdate = on)`.execute(db);
  }
  await load();
  for (const index of rows) {
    await sql`select gin_clean_pending_list(${index.name}::regclass)`.execute(db);
    if (index.fastupdate_off)
      await sql`alter index ${sql.ref(index.name)} set (fastupdate = off)`.execute(db);
  }
}
