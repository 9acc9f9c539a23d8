import { Redis } from "ioredis";
import { sql } from "kysely";
import type { Db } from "./db.ts";

/**
 * Whether this instance should be sent traffic (docs/adr/0039-health-metrics-shutdown.md): it has finished
 * starting (migrations ran before the app was built), is not shutting down, and reaches its database and, when
 * configured, Redis. Each probe is one cheap round trip bounded by `timeoutMs`; nothing is cached, so readiness
 * comes back by itself once a dependency does.
 */
export type ReadinessPart = "startup" | "shutdown" | "database" | "redis";

export interface ReadinessReport {
  ready: boolean;
  failing: ReadinessPart[];
}

export interface Readiness {
  check(): Promise<ReadinessReport>;
  /** The app has finished starting (its onReady). */
  markStarted(): void;
  /** Shutdown has begun: not ready from now on, whatever the probes say. */
  markDraining(): void;
  readonly draining: boolean;
  close(): Promise<void>;
}

export function createReadiness(deps: { db: Db; redisUrl?: string; timeoutMs?: number }): Readiness {
  const timeoutMs = deps.timeoutMs ?? 1000;
  let started = false;
  let draining = false;
  // A connection of its own that never queues a command while disconnected: the ping fails at once then, and
  // the client keeps reconnecting in the background.
  const redis = deps.redisUrl
    ? new Redis(deps.redisUrl, {
        enableOfflineQueue: false,
        maxRetriesPerRequest: 0,
        commandTimeout: timeoutMs,
        connectTimeout: 2000,
        retryStrategy: (times) => Math.min(times * 100, 2000),
      })
    : null;
  // Outages are what /readyz reports; the client's own error events would only repeat them.
  redis?.on("error", () => {});

  const within = <T>(work: Promise<T>): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error("timed out")), timeoutMs);
      work.then(resolve, reject).finally(() => clearTimeout(timer));
    });
  const reaches = (probe: () => Promise<unknown>): Promise<boolean> =>
    within(probe()).then(
      () => true,
      () => false,
    );

  return {
    async check() {
      const failing: ReadinessPart[] = [];
      if (!started) failing.push("startup");
      if (draining) failing.push("shutdown");
      const [database, cache] = await Promise.all([
        reaches(() => sql`select 1`.execute(deps.db)),
        redis ? reaches(() => pingWhenConnected(redis, timeoutMs)) : Promise.resolve(true),
      ]);
      if (!database) failing.push("database");
      if (!cache) failing.push("redis");
      return { ready: failing.length === 0, failing };
    },
    markStarted() {
      started = true;
    },
    markDraining() {
      draining = true;
    },
    get draining() {
      return draining;
    },
    async close() {
      redis?.disconnect();
    },
  };
}

/**
 * A ping once the client is connected: a check just after start, or during a reconnect, waits for the connection
 * up to `waitMs` (polling its status: one-shot listeners per check would pile up while Redis is down).
 */
async function pingWhenConnected(redis: Redis, waitMs: number): Promise<void> {
  const until = Date.now() + waitMs;
  while (redis.status !== "ready" && Date.now() < until) await new Promise((r) => setTimeout(r, 25));
  await redis.ping();
}
