/**
 * What every admin command shares: its work runs on the configured database (DATABASE_URL, else the embedded one
 * under DATA_DIR, which takes one process at a time), migrated first and closed after; the process exits with the
 * work's code, or 1 with the error's words (our own errors as they are, others prefixed with the command's name).
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { loadConfig } from "../server/config.ts";
import { AppError } from "../server/errors.ts";
import { type Db, migrate, openStoreDb } from "../server/platform/db.ts";

export async function withStoreDb(name: string, work: (db: Db) => Promise<number>): Promise<number> {
  const { db, release } = await openStoreDb(loadConfig(), `npm run ${name}`);
  try {
    await migrate(db);
    return await work(db);
  } finally {
    await db.destroy();
    release();
  }
}

/**
 * Runs the command when its module is the process's entry (`node scripts/<name>.ts`), not when a test imports its
 * `main` to run it in its own process.
 */
export function runAdminCommand(
  name: string,
  main: (argv: string[]) => Promise<number>,
  moduleUrl: string,
): void {
  if (!process.argv[1] || fileURLToPath(moduleUrl) !== path.resolve(process.argv[1])) return;
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err: unknown) => {
      console.error(err instanceof AppError ? err.message : `${name}: ${(err as Error).message}`);
      process.exit(1);
    },
  );
}
