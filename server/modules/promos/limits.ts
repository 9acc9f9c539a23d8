import type { RateLimitRule } from "#server/platform/rate-limit.ts";

const MINUTE = 60 * 1000;

/** Guessing codes one after another is the abuse a promo box draws: every code tried counts. */
export const PROMO_LIMITS = {
  codesOwner: { name: "promo-code-owner", limit: 15, windowMs: 15 * MINUTE },
  codesIp: { name: "promo-code-ip", limit: 60, windowMs: 15 * MINUTE },
} as const satisfies Record<string, RateLimitRule>;
