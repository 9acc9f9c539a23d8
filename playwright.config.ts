import { defineConfig } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 3100);

/** Browser journeys in Debian's Chromium against the built storefront on a fresh embedded database. */
export default defineConfig({
  testDir: "tests/e2e",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [["list"]],
  outputDir: "test-results",
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--no-first-run",
      ],
    },
    screenshot: "only-on-failure",
  },
  webServer: {
    command: `rm -rf .data/e2e && NODE_ENV=test PORT=${port} DATA_DIR=.data/e2e LOG_LEVEL=warn node --import tsx server/main.ts`,
    url: `http://127.0.0.1:${port}/`,
    timeout: 180_000,
    reuseExistingServer: false,
  },
});
