import { sql } from "kysely";
import { openDb } from "#server/platform/db.ts";
import { ensurePgliteTemplate } from "./db-template.ts";

/**
 * Before any test file: the migrated embedded database every file copies (tests/support/db-template.ts), and on the
 * PostgreSQL server the extensions every file's schema uses, made once: files run two at a time (ADR 83), and two
 * `create extension if not exists` at once on a fresh database can both try to create it (one then fails).
 */
export default async function setup() {
  await ensurePgliteTemplate();
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return;
  const { db } = await openDb({ kind: "postgres", url });
  try {
    await sql`create extension if not exists pg_trgm`.execute(db);
    await sql`create extension if not exists btree_gin`.execute(db);
  } finally {
    await db.destroy();
  }
}
