import { type App, buildApp } from "../server/app.ts";
import { loadConfig } from "../server/config.ts";
import type { Db } from "../server/platform/db.ts";

/**
 * The API as the in-process benches time it: production settings (no test-only answer checks), no workers (what
 * settles in the request is what is timed), and proxies on this machine trusted, so that each TestBrowser shopper
 * names an address of its own in X-Forwarded-For (ADR 50).
 */
export function productionApp(db: Db): Promise<App> {
  return buildApp({
    config: loadConfig({ NODE_ENV: "production", TRUST_PROXY: "loopback" }),
    db,
    logger: false,
  });
}
