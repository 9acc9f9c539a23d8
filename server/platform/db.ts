import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { btree_gin } from "@electric-sql/pglite/contrib/btree_gin";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { Kysely, Migrator, PostgresDialect } from "kysely";
import { PGliteDialect } from "kysely-pglite-dialect";
import pg from "pg";
import { migrations } from "../../db/migrations/index.ts";
import type { Database } from "../../db/schema.ts";

export type Db = Kysely<Database>;

/** Databases opened on a PostgreSQL connection pool: independent statements may run at the same time. */
const pooled = new WeakSet<Db>();

/** True when statements on `db` can run concurrently (a PostgreSQL pool, not PGlite's single connection). */
export function hasConnectionPool(db: Db): boolean {
  return pooled.has(db);
}

export type DbTarget = { kind: "pglite"; dataDir?: string } | { kind: "postgres"; url: string };

/** Opens the database: embedded PGlite (files under dataDir, or in memory) or a PostgreSQL server. */
export async function openDb(target: DbTarget): Promise<{ db: Db; kind: DbTarget["kind"] }> {
  if (target.kind === "postgres") {
    // int8 (counts) as numbers: our counts never approach 2^53.
    pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));
    const pool = new pg.Pool({ connectionString: target.url, max: 10 });
    const probe = await pool.connect().catch((err: Error) => {
      throw new Error(`Cannot connect to PostgreSQL at DATABASE_URL: ${err.message}`);
    });
    probe.release();
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    pooled.add(db);
    return { db, kind: "postgres" };
  }
  let dataDir: string | undefined;
  if (target.dataDir) {
    dataDir = path.join(target.dataDir, "pglite");
    fs.mkdirSync(dataDir, { recursive: true });
  }
  const client = await PGlite.create({ dataDir, extensions: { pg_trgm, btree_gin } });
  return { db: new Kysely<Database>({ dialect: new PGliteDialect(client) }), kind: "pglite" };
}

/** Applies every pending migration in order; safe to call from several processes at once. */
export async function migrate(db: Db): Promise<string[]> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error;
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}
