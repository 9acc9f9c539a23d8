import { defineConfig } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 3100);
const oidcPort = Number(process.env.E2E_OIDC_PORT ?? 3199);
const origin = `http://127.0.0.1:${port}`;
/** The storefront signs in with "Google" at the local OpenID provider the journeys start (tests/support). */
const oidc = { client: "nightcap-e2e", secret: "e2e-secret" };

/** Browser journeys in Debian's Chromium against the built storefront on a fresh embedded database. */
export default defineConfig({
  testDir: "tests/e2e",
  // Two journeys share the machine's two cores (workers below): a long journey gets twice a lone one's minute.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  // Two journeys at once, each file on one worker (its tests in order): a journey makes its own shoppers and orders,
  // and one that changes what others read (a price, a banner) picks what no other journey touches (ADR 55).
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  reporter: [["list"]],
  outputDir: "test-results",
  use: {
    baseURL: origin,
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
  webServer: [
    {
      command: `OIDC_PORT=${oidcPort} APP_ORIGIN=${origin} OIDC_CLIENT_ID=${oidc.client} OIDC_CLIENT_SECRET=${oidc.secret} node --import tsx tests/support/oidc-provider-server.ts`,
      url: `http://127.0.0.1:${oidcPort}/.well-known/openid-configuration`,
      timeout: 60_000,
      reuseExistingServer: false,
    },
    {
      command: [
        // The store seeded once, in a directory the journeys' other storefronts are copied from (ADR 94).
        "rm -rf .data/e2e && node --import tsx tests/support/seeded-store.ts &&",
        "mkdir -p .data/e2e && cp -r .data/e2e-seeded/pglite .data/e2e/pglite &&",
        `NODE_ENV=test PORT=${port} DATA_DIR=.data/e2e LOG_LEVEL=warn`,
        // Journeys send orders out at whatever hour CI runs them: the law's hours are judged at 3 p.m. in Chicago,
        // where their stores are (ADR 66; the refusal itself is server/modules/checkout/legal-hours.test.ts).
        `LAW_CLOCK="America/Chicago 15:00"`,
        `OIDC_GOOGLE_ISSUER=http://127.0.0.1:${oidcPort} OIDC_GOOGLE_CLIENT_ID=${oidc.client} OIDC_GOOGLE_CLIENT_SECRET=${oidc.secret}`,
        "node --import tsx server/main.ts",
      ].join(" "),
      url: `${origin}/`,
      timeout: 180_000,
      reuseExistingServer: false,
    },
  ],
});
