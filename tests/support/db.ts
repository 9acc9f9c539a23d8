import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import { type Db, migrate, openDb } from "#server/platform/db.ts";
import { databaseUrl, ensurePostgresTemplate, pgliteTemplate } from "./db-template.ts";

/**
 * The databases every database-level test runs against: embedded PGlite always, and the real
 * PostgreSQL server when TEST_DATABASE_URL is set (CI sets it). Use with `describe.each(testDatabases)`.
 */
export type TestDbKind = "pglite" | "postgres";
export const testDatabases: TestDbKind[] = process.env.TEST_DATABASE_URL
  ? ["pglite", "postgres"]
  : ["pglite"];

export interface TestDb {
  db: Db;
  kind: TestDbKind;
  /** PostgreSQL only: the URL of this database, for a second connection pool (another "instance"). */
  url?: string;
  close(): Promise<void>;
}

/**
 * A fresh, migrated database: an in-memory PGlite copied from the migrated template, or a database of its own on the
 * PostgreSQL server copied from the server's migrated template (dropped on close), so test files never see each
 * other's rows.
 */
export async function openTestDb(kind: TestDbKind): Promise<TestDb> {
  if (kind === "pglite") {
    const { db } = await openDb({ kind: "pglite", from: await pgliteTemplate() });
    // Nothing to do unless a migration came after the template was made (then the template's name changed).
    await migrate(db);
    return { db, kind, close: () => db.destroy() };
  }
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error("TEST_DATABASE_URL is not set");
  const template = await ensurePostgresTemplate(base);
  const name = `${new URL(base).pathname.slice(1)}_t_${randomBytes(6).toString("hex")}`;
  const admin = await openDb({ kind: "postgres", url: base });
  await sql.raw(`create database ${name} template ${template}`).execute(admin.db);
  const url = databaseUrl(base, name);
  const { db } = await openDb({ kind: "postgres", url });
  // Nothing to do unless a migration came after the template was made (then the template's name changed).
  await migrate(db);
  return {
    db,
    kind,
    url,
    async close() {
      await db.destroy();
      await sql.raw(`drop database ${name} with (force)`).execute(admin.db);
      await admin.db.destroy();
    },
  };
}
