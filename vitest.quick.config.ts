import fs from "node:fs";
import path from "node:path";
import { defineConfig } from "vitest/config";

/**
 * `npm run test:quick` (with lint and types): the tests that need no database, server or browser — the domain's
 * rules and the modules' pure parts. A file is left to the full run when it opens a database or builds the app
 * (imports tests/support/db or tests/support/app, or calls openDb/buildApp itself).
 */
const NEEDS_DATABASE = /tests\/support\/(db|app)(\.ts)?["']|\bopenDb\(|\bbuildApp\(/;
const files = ["domain", "server", "db", "app"]
  .flatMap((dir) => fs.readdirSync(dir, { recursive: true, encoding: "utf8" }).map((f) => path.join(dir, f)))
  .filter((file) => file.endsWith(".test.ts"))
  .filter((file) => !NEEDS_DATABASE.test(fs.readFileSync(file, "utf8")));

export default defineConfig({
  test: {
    include: files,
    testTimeout: 60_000,
    pool: "forks",
    maxWorkers: Number(process.env.VITEST_WORKERS ?? 2),
    // As the full run: one process, modules loaded once (docs/adr/0081-tests-share-a-process.md).
    isolate: false,
    unstubGlobals: true,
    unstubEnvs: true,
    restoreMocks: true,
  },
});
