import type { RateLimitRule } from "#server/platform/rate-limit.ts";

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
