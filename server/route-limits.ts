import type { FastifyReply } from "fastify";
import { AppError } from "./errors.ts";
import type { LimitState, RateLimiter, RateLimitRule } from "./platform/rate-limit.ts";

const MINUTE = 60 * 1000;

/**
 * A route's abuse limits, counted and refused the same way everywhere (docs/adr/0002-sessions-and-csrf.md): each
 * module names its own rules (accounts' LIMITS, PROMO_LIMITS, AGE_LIMITS…); these count them against the shared
 * counters (in Redis when configured) and answer 429 with Retry-After.
 */
export type LimitCheck = [RateLimitRule, string];

export function tooMany(retryAfterMs: number, hint = ""): AppError {
  const minutes = Math.max(1, Math.ceil(retryAfterMs / MINUTE));
  const wait = minutes === 1 ? "a minute" : `${minutes} minutes`;
  return new AppError(
    429,
    "too_many_attempts",
    `Too many attempts. Please wait ${wait} and try again.${hint}`,
  );
}

/**
 * A route counts only the rules its config declares (`rateLimits`): the OpenAPI document lists those, with a 429
 * answer. Counting an undeclared rule is a programming error, and any test that calls the route shows it.
 */
function assertDeclared(reply: FastifyReply, checks: LimitCheck[]): void {
  const declared = reply.request.routeOptions.config?.rateLimits ?? [];
  for (const [rule] of checks) {
    if (!declared.includes(rule)) {
      throw new Error(
        `${reply.request.routeOptions.method} ${reply.request.routeOptions.url} counts the rate limit ` +
          `"${rule.name}" but its route config.rateLimits does not list it`,
      );
    }
  }
}

/** Refuses (429) when any of the counters is used up; counts nothing. */
export async function ensureNotLimited(
  limiter: RateLimiter,
  checks: LimitCheck[],
  reply: FastifyReply,
  hint?: string,
): Promise<void> {
  assertDeclared(reply, checks);
  const states = await Promise.all(checks.map(([rule, key]) => limiter.peek(rule, key)));
  refuseIfAny(states, reply, hint);
}

/** Counts one event on every counter, then refuses (429) when any went over its limit. */
export async function countAndLimit(
  limiter: RateLimiter,
  checks: LimitCheck[],
  reply: FastifyReply,
  hint?: string,
): Promise<void> {
  assertDeclared(reply, checks);
  const states = await Promise.all(checks.map(([rule, key]) => limiter.hit(rule, key)));
  const over = states.filter((s, i) => s.count > checks[i][0].limit);
  refuseIfAny(over, reply, hint, true);
}

/** Counts a failure on every counter. */
export async function countFailure(limiter: RateLimiter, checks: LimitCheck[]): Promise<void> {
  await Promise.all(checks.map(([rule, key]) => limiter.hit(rule, key)));
}

function refuseIfAny(states: LimitState[], reply: FastifyReply, hint?: string, all = false) {
  const blocking = all ? states : states.filter((s) => s.exhausted);
  if (blocking.length === 0) return;
  const wait = Math.max(...blocking.map((s) => s.retryAfterMs));
  reply.header("retry-after", String(Math.max(1, Math.ceil(wait / 1000))));
  throw tooMany(wait, hint ? ` ${hint}` : "");
}
