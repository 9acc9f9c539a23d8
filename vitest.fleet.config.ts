import { defineConfig } from "vitest/config";

/** The fleet tests (tests/fleet): the built server in processes of its own behind nginx; `npm run test:fleet`. */
export default defineConfig({
  test: {
    include: ["tests/fleet/**/*.test.ts"],
    testTimeout: 30_000,
    hookTimeout: 180_000,
    pool: "forks",
    fileParallelism: false,
  },
});
