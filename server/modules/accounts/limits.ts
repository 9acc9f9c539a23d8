import type { FastifyReply } from "fastify";
import { AppError } from "../../errors.ts";
import type { LimitState, RateLimiter, RateLimitRule } from "../../platform/rate-limit.ts";

const MINUTE = 60 * 1000;

/**
 * Abuse limits (docs/adr/0002-sessions-and-csrf.md). Every window is short (15 minutes at most) and fixed, so a
 * stranger hammering someone's email can hold off password attempts for 15 minutes at most — and a locked
 * password login still leaves the emailed code and the reset link. Counters are per account, per IP, and for
 * failed logins per account-and-IP (the tight one, so one attacker cannot use up the owner's whole allowance).
 */
export const LIMITS = {
  loginFailuresAccountIp: { name: "login-fail-acct-ip", limit: 5, windowMs: 15 * MINUTE },
  loginFailuresAccount: { name: "login-fail-acct", limit: 20, windowMs: 15 * MINUTE },
  loginFailuresIp: { name: "login-fail-ip", limit: 50, windowMs: 15 * MINUTE },
  codeSendsEmail: { name: "code-send-email", limit: 5, windowMs: 15 * MINUTE },
  codeSendsIp: { name: "code-send-ip", limit: 30, windowMs: 15 * MINUTE },
  codeFailuresIp: { name: "code-fail-ip", limit: 20, windowMs: 15 * MINUTE },
  codeFailuresAccount: { name: "code-fail-acct", limit: 10, windowMs: 15 * MINUTE },
  pinSendsUser: { name: "pin-send-user", limit: 5, windowMs: 15 * MINUTE },
  pinFailuresUser: { name: "pin-fail-user", limit: 5, windowMs: 15 * MINUTE },
  pinFailuresIp: { name: "pin-fail-ip", limit: 20, windowMs: 15 * MINUTE },
  resetRequestsEmail: { name: "reset-email", limit: 3, windowMs: 15 * MINUTE },
  resetRequestsIp: { name: "reset-ip", limit: 10, windowMs: 15 * MINUTE },
  signupsEmail: { name: "signup-email", limit: 3, windowMs: 15 * MINUTE },
  signupsIp: { name: "signup-ip", limit: 10, windowMs: 15 * MINUTE },
} as const satisfies Record<string, RateLimitRule>;

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
