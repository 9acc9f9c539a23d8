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
    fileParallelism: false,
  },
});
