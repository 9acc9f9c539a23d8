import type { RateLimitRule } from "#server/platform/rate-limit.ts";

const HOUR = 60 * 60 * 1000;

/**
 * Trying licences one after another (someone else's, a forged one, a borrowed one) is the abuse an ID scanner
 * draws: every barcode submitted counts, per account and per IP. While either is used up, POST /menu/cart/verify
 * opens no scan session ('No scanner token available') and a submission is refused (429).
 */
export const AGE_LIMITS = {
  scansUser: { name: "age-scan-user", limit: 5, windowMs: HOUR },
  scansIp: { name: "age-scan-ip", limit: 20, windowMs: HOUR },
} as const satisfies Record<string, RateLimitRule>;
