import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["domain/**/*.test.ts", "server/**/*.test.ts", "db/**/*.test.ts", "app/**/*.test.ts"],
    // Every answer a test sees must be one the OpenAPI document lists (server/openapi/conformance.ts).
    setupFiles: ["tests/support/documented-answers.ts"],
    // The migrated embedded database every file copies, made once per run (tests/support/db-template.ts).
    globalSetup: ["tests/support/global-setup.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: "forks",
    // Two files at a time (docs/adr/0083-test-files-two-at-a-time.md): one file's process waits on PostgreSQL, a
    // timer or a socket about half its time, which the other's work fills. VITEST_WORKERS sets another count.
    fileParallelism: true,
    maxWorkers: Number(process.env.VITEST_WORKERS ?? 2),
    // One process for every file, its modules loaded once (docs/adr/0081-tests-share-a-process.md): a file's own
    // process cost 1–1.5 s of start and imports, a third of the run. What a file changes outside its own objects
    // must be undone after it: stubbed globals and spies are, here; a file's databases and apps close in afterAll.
    isolate: false,
    unstubGlobals: true,
    unstubEnvs: true,
    restoreMocks: true,
  },
});
