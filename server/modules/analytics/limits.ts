import type { RateLimitRule } from "#server/platform/rate-limit.ts";

const MINUTE = 60 * 1000;

/**
 * Abuse limits of `POST /e` (docs/adr/0036-analytics-and-banners.md): a browser sends a batch on each page hide and
 * every 20 events, so a person stays far below these; a script filling the table does not.
 */
export const ANALYTICS_LIMITS = {
  batchesVisitor: { name: "e-visitor", limit: 60, windowMs: MINUTE },
  batchesIp: { name: "e-ip", limit: 600, windowMs: MINUTE },
} as const satisfies Record<string, RateLimitRule>;
