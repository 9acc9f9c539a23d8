import { z } from "zod";
import type { MailboxMessage } from "#domain/messages/types.ts";
import { describes, instant } from "#server/openapi/answers.ts";

/** The messages module's answers (docs/adr/0056-api-contract.md), from domain/messages/types.ts. */

export const mailboxMessageSchema = describes<MailboxMessage>()(
  z
    .object({
      id: z.number().int(),
      channel: z.enum(["email", "sms"]),
      recipient: z.string(),
      template: z.string(),
      subject: z.string().nullable(),
      body: z.string(),
      status: z.enum(["queued", "sending", "sent", "failed"]),
      attempts: z.number().int(),
      lastError: z.string().nullable().describe("Why the last try failed, if one did."),
      transport: z
        .string()
        .nullable()
        .describe("What carried it: smtp, twilio, mailbox (kept on this machine)."),
      createdAt: instant(),
      sentAt: instant().nullable(),
    })
    .meta({
      id: "MailboxMessage",
      description: "An email or text as the outbox keeps it, with its delivery so far.",
    }),
);
