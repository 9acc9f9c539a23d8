import type { DeliveryStatus } from "./delivery.ts";

/** An email or text as the outbox keeps it, with its delivery so far (GET /api/mailbox answers a list of them). */
export interface MailboxMessage {
  id: number;
  channel: "email" | "sms";
  recipient: string;
  template: string;
  subject: string | null;
  body: string;
  status: DeliveryStatus;
  attempts: number;
  /** Why the last try failed, if one did. */
  lastError: string | null;
  /** What carried it: smtp, twilio, mailbox (kept on this machine). */
  transport: string | null;
  createdAt: string;
  sentAt: string | null;
}
