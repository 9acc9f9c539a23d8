import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import { type Db, dumpPglite, migrate, openDb } from "#server/platform/db.ts";

/**
 * A migrated embedded database, made once and copied for every test file (docs/adr/0055-ci-in-budget.md): PGlite's
 * initdb and the migrations cost ~3.5–5 s a database, loading the dumped data directory ~1.3 s. The tarball is kept
 * under node_modules/.cache, named by what makes it (the migrations' text and PGlite's version), so a changed
 * migration makes a new one and a stale one is never loaded.
 */
const cacheDir = path.resolve("node_modules/.cache/nightcap-test");

function templateKey(): string {
  const hash = createHash("sha256");
  const migrations = path.resolve("db/migrations");
  for (const name of fs.readdirSync(migrations).sort()) {
    hash.update(name);
    hash.update(fs.readFileSync(path.join(migrations, name)));
  }
  hash.update(
    JSON.parse(fs.readFileSync(path.resolve("node_modules/@electric-sql/pglite/package.json"), "utf8"))
      .version,
  );
  return hash.digest("hex").slice(0, 16);
}

function templatePath(): string {
  return path.join(cacheDir, `pglite-${templateKey()}.tar`);
}

/** Makes the template if it is not there yet (vitest's global setup calls this once, before any file runs). */
export async function ensurePgliteTemplate(): Promise<string> {
  const file = templatePath();
  if (fs.existsSync(file)) return file;
  const { db } = await openDb({ kind: "pglite" });
  try {
    await migrate(db);
    const tarball = Buffer.from(await (await dumpPglite(db)).arrayBuffer());
    fs.mkdirSync(cacheDir, { recursive: true });
    // Written under a name of its own, then renamed: a reader never sees half a file.
    const partial = `${file}.${process.pid}`;
    fs.writeFileSync(partial, tarball);
    fs.renameSync(partial, file);
  } finally {
    await db.destroy();
  }
  return file;
}

let loaded: Promise<Blob> | undefined;

/** The template's tarball for this process (made here when no global setup did). */
export function pgliteTemplate(): Promise<Blob> {
  loaded ??= ensurePgliteTemplate().then((file) => new Blob([fs.readFileSync(file)]));
  return loaded;
}

/** Whether the server `admin` is connected to has a database `name`. */
export async function databaseExists(admin: Db, name: string): Promise<boolean> {
  const { rows } = await sql<{
    n: number;
  }>`select count(*)::int as n from pg_database where datname = ${name}`.execute(admin);
  return rows[0].n > 0;
}

/** Creates the database `name` on the server at `base` (`admin` connected to it), migrated, then given `fill`. */
export async function createMigratedDatabase(
  admin: Db,
  base: string,
  name: string,
  fill?: (db: Db) => Promise<unknown>,
): Promise<void> {
  await sql.raw(`create database ${name}`).execute(admin);
  const { db } = await openDb({ kind: "postgres", url: databaseUrl(base, name) });
  try {
    await sql`create extension if not exists pg_trgm`.execute(db);
    await sql`create extension if not exists btree_gin`.execute(db);
    await migrate(db);
    await fill?.(db);
  } finally {
    await db.destroy();
  }
}

/** The URL of another database on the server at `url`. */
export function databaseUrl(url: string, name: string): string {
  const other = new URL(url);
  other.pathname = `/${name}`;
  return other.toString();
}

/**
 * On the PostgreSQL server at TEST_DATABASE_URL, the migrated database each test database is created from
 * (docs/adr/0093-test-databases-from-a-template.md): `create database … template` copies its files in 0.2–0.6 s where
 * migrating a schema took 2–5 s. Named after the run's own database and what makes it, as the embedded template is.
 */
export function postgresTemplateName(base: string): string {
  return `${new URL(base).pathname.slice(1)}_tmpl_${templateKey()}`;
}

let madeOnServer: Promise<string> | undefined;

/**
 * Makes the server's template if it is not there yet and returns its name. Made under a name of its own and then
 * renamed, so a database found under the template's name is always whole. Memoized for the process: global setup
 * calls it before any file runs; a file run without that setup makes it here. It is kept for the next run on the
 * same database, as the embedded one is (`.ci/run` drops its run's databases on exit).
 */
export function ensurePostgresTemplate(base: string): Promise<string> {
  madeOnServer ??= makePostgresTemplate(base);
  return madeOnServer;
}

async function makePostgresTemplate(base: string): Promise<string> {
  const name = postgresTemplateName(base);
  const admin = await openDb({ kind: "postgres", url: base });
  try {
    if (await databaseExists(admin.db, name)) return name;
    const partial = `${name}_${process.pid}`;
    await sql.raw(`drop database if exists ${partial}`).execute(admin.db);
    await createMigratedDatabase(admin.db, base, partial);
    try {
      await sql.raw(`alter database ${partial} rename to ${name}`).execute(admin.db);
    } catch (err) {
      // Another process made it first: theirs is as good.
      await sql.raw(`drop database if exists ${partial}`).execute(admin.db);
      if ((err as { code?: string }).code !== "42P04") throw err;
    }
    return name;
  } finally {
    await admin.db.destroy();
  }
}
