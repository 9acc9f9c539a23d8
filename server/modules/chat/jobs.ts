import { defineJob } from "#server/platform/jobs.ts";

/** A staff reply to a shopper (chat_messages id), checked a while after it was written: emailed if still unread. */
export const EMAIL_UNREAD_REPLY = defineJob<{ messageId: number }>("chat-email-unread-reply", {
  retryLimit: 8,
  retryDelaySeconds: 10,
  retryBackoff: true,
  expireInSeconds: 120,
});
