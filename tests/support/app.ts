import { afterAll, beforeAll } from "vitest";
import { type App, buildApp } from "#server/app.ts";
import { loadConfig } from "#server/config.ts";
import type { Db } from "#server/platform/db.ts";
import { openTestDb, type TestDb, type TestDbKind } from "./db.ts";

export interface TestApp {
  readonly app: App;
  readonly db: Db;
}

/**
 * For HTTP tests, called inside a `describe`: a fresh database of `kind`, filled by `fixture`, and the API built
 * over it (config from `env` on top of NODE_ENV=test, the clock from `now`); both closed after the block.
 */
export function useTestApp(
  kind: TestDbKind,
  opts: {
    fixture?: (db: Db) => Promise<unknown>;
    env?: Record<string, string>;
    now?: () => Date;
    /** Work the job queues (deliver messages) as main.ts does. */
    workers?: boolean;
    /** How often the workers sweep for cut-off checkouts. */
    recoverySweepMs?: number;
  } = {},
): TestApp {
  let t: TestDb | undefined;
  let app: App | undefined;
  beforeAll(async () => {
    t = await openTestDb(kind);
    await opts.fixture?.(t.db);
    app = await buildApp({
      config: loadConfig({ NODE_ENV: "test", ...opts.env }),
      db: t.db,
      logger: false,
      now: opts.now,
      workers: opts.workers,
      recoverySweepMs: opts.recoverySweepMs,
    });
  });
  afterAll(async () => {
    await app?.close();
    await t?.close();
  });
  const ready = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error("useTestApp: used before its beforeAll ran");
    return value;
  };
  return {
    get app() {
      return ready(app);
    },
    get db() {
      return ready(t).db;
    },
  };
}
