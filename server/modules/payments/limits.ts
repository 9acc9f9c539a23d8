import type { RateLimitRule } from "#server/platform/rate-limit.ts";

const MINUTE = 60 * 1000;

/** Card testing (trying stolen numbers one after another) is the abuse a card form draws. */
export const PAYMENT_LIMITS = {
  cardAddsUser: { name: "card-add-user", limit: 5, windowMs: 15 * MINUTE },
  cardAddsIp: { name: "card-add-ip", limit: 20, windowMs: 15 * MINUTE },
} as const satisfies Record<string, RateLimitRule>;
