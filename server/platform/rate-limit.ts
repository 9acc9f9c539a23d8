import { createHash } from "node:crypto";
import type { Redis } from "ioredis";

/**
 * Fixed-window counters for abuse limits (failed logins, code and PIN attempts, resets, signups). In memory for
 * one process; in Redis when REDIS_URL is set, so every app instance counts together. Keys are hashed: emails
 * and IPs never reach Redis in clear.
 */
export interface RateLimitRule {
  /** Names the counter family (part of the key). */
  name: string;
  limit: number;
  windowMs: number;
}

declare module "fastify" {
  interface FastifyContextConfig {
    /**
     * The abuse limits a route counts. A route that counts a rule it does not list here fails (see
     * accounts/limits.ts), so its OpenAPI 429 answer, which lists these, stays true.
     */
    rateLimits?: readonly RateLimitRule[];
  }
}

export interface LimitState {
  count: number;
  /** The limit is reached: one more event would go over it. */
  exhausted: boolean;
  /** Milliseconds until the window ends (0 when nothing is counted). */
  retryAfterMs: number;
}

export interface RateLimiter {
  readonly kind: "memory" | "redis";
  /** Counts one event and answers the state after it. */
  hit(rule: RateLimitRule, key: string): Promise<LimitState>;
  /** The state without counting. */
  peek(rule: RateLimitRule, key: string): Promise<LimitState>;
  reset(rule: RateLimitRule, key: string): Promise<void>;
}

const state = (rule: RateLimitRule, count: number, retryAfterMs: number): LimitState => ({
  count,
  exhausted: count >= rule.limit,
  retryAfterMs: count > 0 ? Math.max(0, retryAfterMs) : 0,
});

export function memoryRateLimiter(now: () => number = Date.now): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  const live = (key: string) => {
    const entry = windows.get(key);
    if (entry && entry.resetAt <= now()) {
      windows.delete(key);
      return undefined;
    }
    return entry;
  };
  const sweep = () => {
    if (windows.size < 10_000) return;
    const t = now();
    for (const [key, entry] of windows) if (entry.resetAt <= t) windows.delete(key);
  };
  return {
    kind: "memory",
    async hit(rule, key) {
      const k = counterKey(rule, key);
      let entry = live(k);
      if (!entry) {
        sweep();
        entry = { count: 0, resetAt: now() + rule.windowMs };
        windows.set(k, entry);
      }
      entry.count += 1;
      return state(rule, entry.count, entry.resetAt - now());
    },
    async peek(rule, key) {
      const entry = live(counterKey(rule, key));
      return entry ? state(rule, entry.count, entry.resetAt - now()) : state(rule, 0, 0);
    },
    async reset(rule, key) {
      windows.delete(counterKey(rule, key));
    },
  };
}

const REDIS_RETRY_AFTER_MS = 5000;

const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}`;

/**
 * Counters in Redis. When Redis cannot answer, the process keeps counting on its own (`fallback`) rather than
 * either letting every attempt through or refusing everyone, and tries Redis again a few seconds later.
 */
export function redisRateLimiter(
  redis: Redis,
  fallback: RateLimiter = memoryRateLimiter(),
  onError: (err: unknown) => void = () => {},
): RateLimiter {
  // After a failure Redis is left alone for a few seconds, so an outage costs one slow request, not every one.
  let downUntil = 0;
  const guarded = async <T>(op: () => Promise<T>, degraded: () => Promise<T>): Promise<T> => {
    if (Date.now() < downUntil) return degraded();
    try {
      return await op();
    } catch (err) {
      downUntil = Date.now() + REDIS_RETRY_AFTER_MS;
      onError(err);
      return degraded();
    }
  };
  return {
    kind: "redis",
    hit: (rule, key) =>
      guarded(
        async () => {
          const [count, ttl] = (await redis.eval(HIT_SCRIPT, 1, redisKey(rule, key), rule.windowMs)) as [
            number,
            number,
          ];
          return state(rule, count, ttl);
        },
        () => fallback.hit(rule, key),
      ),
    peek: (rule, key) =>
      guarded(
        async () => {
          const k = redisKey(rule, key);
          const [[, count], [, ttl]] = (await redis.multi().get(k).pttl(k).exec()) as [
            [unknown, string | null],
            [unknown, number],
          ];
          return state(rule, Number(count ?? 0), ttl);
        },
        () => fallback.peek(rule, key),
      ),
    reset: (rule, key) =>
      guarded(
        async () => {
          await redis.del(redisKey(rule, key));
        },
        () => fallback.reset(rule, key),
      ),
  };
}

function counterKey(rule: RateLimitRule, key: string): string {
  return `${rule.name}:${createHash("sha256").update(key).digest("hex").slice(0, 32)}`;
}

function redisKey(rule: RateLimitRule, key: string): string {
  return `nc:rl:${counterKey(rule, key)}`;
}
