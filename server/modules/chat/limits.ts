import type { RateLimitRule } from "#server/platform/rate-limit.ts";

const MINUTE = 60 * 1000;

/** A chat box invites flooding: messages are counted per shopper (or visitor email) and per address. */
export const CHAT_LIMITS = {
  messagesUser: { name: "chat-message-user", limit: 20, windowMs: MINUTE },
  visitorEmail: { name: "chat-visitor-email", limit: 5, windowMs: 15 * MINUTE },
  visitorIp: { name: "chat-visitor-ip", limit: 10, windowMs: 15 * MINUTE },
} as const satisfies Record<string, RateLimitRule>;
