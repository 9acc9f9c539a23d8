import { sql } from "kysely";
import { openDb } from "#server/platform/db.ts";
import { ensurePgliteTemplate, ensurePostgresTemplate } from "./db-template.ts";

/**
 * Before any test file: the migrated databases every file copies (tests/support/db-template.ts), embedded and, with
 * TEST_DATABASE_URL, on the PostgreSQL server, made once. On the run's own database the extensions that a test
 * migrating a schema there needs (migrate-once.test.ts), made once: files run two at a time (ADR 83), and two
 * `create extension if not exists` at once on a fresh database can both try to create it (one then fails).
 */
export default async function setup() {
  const url = process.env.TEST_DATABASE_URL;
  await Promise.all([ensurePgliteTemplate(), url ? ensurePostgresTemplate(url) : undefined]);
  if (!url) return;
  const { db } = await openDb({ kind: "postgres", url });
  try {
    await sql`create extension if not exists pg_trgm`.execute(db);
    await sql`create extension if not exists btree_gin`.execute(db);
  } finally {
    await db.destroy();
  }
}
