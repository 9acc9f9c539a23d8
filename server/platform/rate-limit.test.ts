import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { memoryRateLimiter, type RateLimiter, type RateLimitRule, redisRateLimiter } from "./rate-limit.ts";
import { openRedis, type Redis } from "./redis.ts";

const rule = (limit: number, windowMs: number): RateLimitRule => ({
  name: `t-${randomUUID()}`,
  limit,
  windowMs,
});

/** The counters the app runs on: in memory always, and Redis when TEST_REDIS_URL is set (CI sets it). */
const kinds: ("memory" | "redis")[] = process.env.TEST_REDIS_URL ? ["memory", "redis"] : ["memory"];
const redisOnly = kinds.filter((k) => k === "redis");

describe.each(kinds)("rate-limit counters (%s)", (kind) => {
  const clients: Redis[] = [];
  afterAll(() => {
    for (const c of clients) c.disconnect();
  });
  const make = (): RateLimiter => {
    if (kind === "memory") return memoryRateLimiter();
    const redis = openRedis(process.env.TEST_REDIS_URL!);
    clients.push(redis);
    return redisRateLimiter(redis, memoryRateLimiter(), (err) => {
      throw err;
    });
  };

  it("counts hits in a window and says when the limit is used up", async () => {
    const limiter = make();
    const r = rule(3, 60_000);
    expect((await limiter.peek(r, "k")).count).toBe(0);
    const states = [];
    for (let i = 0; i < 4; i++) states.push(await limiter.hit(r, "k"));
    expect(states.map((s) => s.count)).toEqual([1, 2, 3, 4]);
    expect(states.map((s) => s.exhausted)).toEqual([false, false, true, true]);
    expect(states[3].retryAfterMs).toBeGreaterThan(50_000);
    expect(states[3].retryAfterMs).toBeLessThanOrEqual(60_000);
    expect((await limiter.peek(r, "other")).count).toBe(0);
    await limiter.reset(r, "k");
    expect((await limiter.peek(r, "k")).count).toBe(0);
  });

  it("forgets the count when the window ends (lock-outs are bounded)", async () => {
    const limiter = make();
    const r = rule(1, 300);
    await limiter.hit(r, "k");
    await limiter.hit(r, "k");
    expect((await limiter.peek(r, "k")).exhausted).toBe(true);
    await new Promise((done) => setTimeout(done, 400));
    expect((await limiter.peek(r, "k")).count).toBe(0);
  });
});

describe.each(redisOnly)("rate-limit counters shared (%s)", () => {
  const clients: Redis[] = [];
  afterAll(() => {
    for (const c of clients) c.disconnect();
  });
  const make = (): RateLimiter => {
    const redis = openRedis(process.env.TEST_REDIS_URL!);
    clients.push(redis);
    return redisRateLimiter(redis);
  };

  it("instances share their counts through Redis", async () => {
    const a = make();
    const b = make();
    const r = rule(2, 60_000);
    await a.hit(r, "shared");
    await b.hit(r, "shared");
    expect(await a.peek(r, "shared")).toMatchObject({ count: 2, exhausted: true });
    // Keys carry no email or IP in clear.
    const redis = clients[0];
    const keys = await redis.keys(`nc:rl:${r.name}:*`);
    expect(keys).toHaveLength(1);
    expect(keys[0]).not.toContain("shared");
  });
});

describe("memory counters with a clock", () => {
  it("unlock exactly at the end of the window", async () => {
    let now = 1_000_000;
    const limiter = memoryRateLimiter(() => now);
    const r = rule(2, 15 * 60_000);
    await limiter.hit(r, "k");
    await limiter.hit(r, "k");
    now += 15 * 60_000 - 1;
    expect((await limiter.peek(r, "k")).exhausted).toBe(true);
    now += 1;
    expect((await limiter.peek(r, "k")).count).toBe(0);
  });
});

describe("Redis that does not answer", () => {
  it("falls back to counting in this process instead of letting everything through", async () => {
    const redis = openRedis("redis://127.0.0.1:1");
    redis.on("error", () => {});
    const errors: unknown[] = [];
    const limiter = redisRateLimiter(redis, memoryRateLimiter(), (err) => errors.push(err));
    const r = rule(1, 60_000);
    await limiter.hit(r, "k");
    expect(await limiter.peek(r, "k")).toMatchObject({ count: 1, exhausted: true });
    expect(errors.length).toBeGreaterThan(0);
    redis.disconnect();
  });
});
