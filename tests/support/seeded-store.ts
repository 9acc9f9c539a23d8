import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "kysely";
import { seedCatalogue } from "#db/seed/index.ts";
import { migrateOnce } from "#scripts/migrate-once.ts";
import { openDb } from "#server/platform/db.ts";
import { createMigratedDatabase, databaseExists, databaseUrl } from "./db-template.ts";

/**
 * A store migrated and seeded once for the journeys (playwright.config.ts's web server starts this script): an
 * embedded data directory, and with TEST_DATABASE_URL a database on that server. Every storefront the journeys start
 * begins from a copy (docs/adr/0094-journeys-start-from-a-seeded-store.md): a copy starts in seconds where seeding
 * took a minute or more on a busy machine. A copy is a store like any other: the server still migrates and seeds at
 * start, and both find nothing to do (the seed compares its checksum), so a stale copy is only slower, never wrong.
 */
export const SEEDED_STORE = fileURLToPath(new URL("../../.data/e2e-seeded", import.meta.url));

/** Copies the seeded store into `dataDir` (a storefront's DATA_DIR), if it was made; answers whether it did. */
export function copySeededStore(dataDir: string): boolean {
  const from = path.join(SEEDED_STORE, "pglite");
  if (!fs.existsSync(from)) return false;
  fs.cpSync(from, path.join(dataDir, "pglite"), { recursive: true });
  return true;
}

/** The seeded database on the PostgreSQL server at `base`, named after the run's database. */
function seededDatabaseName(base: string): string {
  return `${new URL(base).pathname.slice(1)}_e2e_seeded`;
}

/**
 * A database `name` on the server at `base` for a storefront: a copy of the seeded one when it was made, else empty
 * (the storefront then seeds it). Answers its URL.
 */
export async function createStoreDatabase(base: string, name: string): Promise<string> {
  const seeded = seededDatabaseName(base);
  const admin = await openDb({ kind: "postgres", url: base });
  try {
    const template = (await databaseExists(admin.db, seeded)) ? ` template ${seeded}` : "";
    await sql.raw(`create database ${name}${template}`).execute(admin.db);
  } finally {
    await admin.db.destroy();
  }
  return databaseUrl(base, name);
}

async function makeSeededDatabase(base: string) {
  const name = seededDatabaseName(base);
  const partial = `${name}_partial`;
  const admin = await openDb({ kind: "postgres", url: base });
  try {
    for (const db of [name, partial])
      await sql.raw(`drop database if exists ${db} with (force)`).execute(admin.db);
    await createMigratedDatabase(admin.db, base, partial, (db) => seedCatalogue(db, { log: () => {} }));
    await sql.raw(`alter database ${partial} rename to ${name}`).execute(admin.db);
  } finally {
    await admin.db.destroy();
  }
}

async function makeSeededStore(dir: string) {
  fs.rmSync(dir, { recursive: true, force: true });
  const partial = `${dir}.partial`;
  fs.rmSync(partial, { recursive: true, force: true });
  // Closed cleanly after it: PGlite writes its last checkpoint, and the files are whole for copying.
  await migrateOnce({ kind: "pglite", dataDir: partial });
  fs.renameSync(partial, dir);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const base = process.env.TEST_DATABASE_URL;
  // Both at once: the embedded one keeps one core busy, the server's the other.
  await Promise.all([makeSeededStore(SEEDED_STORE), base ? makeSeededDatabase(base) : undefined]);
}
