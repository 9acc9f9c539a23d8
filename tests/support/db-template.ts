import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { dumpPglite, migrate, openDb } from "#server/platform/db.ts";

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
