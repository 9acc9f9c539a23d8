import type { RateLimitRule } from "#server/platform/rate-limit.ts";

/** Impressions and clicks a visitor or an IP may report in a minute (each page view counts once anyway). */
export const BANNER_LIMITS = {
  eventsVisitor: { name: "banner-ev-visitor", limit: 120, windowMs: 60 * 1000 },
  eventsIp: { name: "banner-ev-ip", limit: 1200, windowMs: 60 * 1000 },
} as const satisfies Record<string, RateLimitRule>;
