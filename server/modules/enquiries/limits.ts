import type { RateLimitRule } from "#server/platform/rate-limit.ts";

const MINUTE = 60 * 1000;

/**
 * What a visitor may send without an account: a few leads and forms per address, and few per email, so the forms
 * cannot be used to flood someone's mailbox with our replies.
 */
export const ENQUIRY_LIMITS = {
  leadsIp: { name: "lead-ip", limit: 5, windowMs: 15 * MINUTE },
  leadsEmail: { name: "lead-email", limit: 2, windowMs: 15 * MINUTE },
  formsIp: { name: "enquiry-ip", limit: 5, windowMs: 15 * MINUTE },
  formsEmail: { name: "enquiry-email", limit: 3, windowMs: 15 * MINUTE },
} as const satisfies Record<string, RateLimitRule>;
