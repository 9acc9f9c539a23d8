import { defineConfig } from "vitest/config";
import base from "./vitest.config.ts";

/**
 * The Node 24 smoke (`.ci/run`, docs/adr/0055-ci-in-budget.md): the whole suite runs on Node 20 (what `engines` and
 * every developer machine run); on Node 24, the production image's runtime, the files that exercise what differs
 * between runtimes. Each line says what it reaches.
 */
// Not mergeConfig: it would add this list to the base's include, running everything.
export default defineConfig({
  test: {
    ...base.test,
    include: [
      "server/modules/accounts/passwords.test.ts", // argon2's native addon (a prebuilt binary per runtime)
      "server/modules/accounts/login.test.ts", // cookies, sessions, rate limits in Redis (ioredis over net)
      "server/modules/accounts/sso/sso.test.ts", // openid-client and jose: WebCrypto, fetch to a local provider
      "server/platform/db.test.ts", // PGlite's WebAssembly and the pg driver
      "server/platform/jobs.test.ts", // pg-boss: timers, LISTEN
      "server/modules/age/age.test.ts", // multipart uploads, streams, Buffer
      "server/app.test.ts", // Fastify's boot, plugins, compression (zlib, brotli)
      "server/front-door.test.ts", // the page cache and HTTP details (headers, ETags)
      "server/modules/tracking/tracking.test.ts", // server-sent events over a real socket
      "server/modules/notifications/notifications.test.ts", // web push: ECDH and AES-GCM in node:crypto
      "server/modules/messages/delivery.test.ts", // nodemailer over SMTP to a local server
      "server/platform/payments/stripe/stripe-provider.test.ts", // the Stripe SDK's HTTP client
      "server/platform/shutdown.test.ts", // signals and draining sockets
      "server/modules/checkout/checkout.test.ts", // the money path end to end, both databases
    ],
  },
});
