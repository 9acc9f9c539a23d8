import type { FastifyBaseLogger } from "fastify";
import type { MessagingConfig } from "#server/config.ts";
import { mailboxTransport, unconfiguredTransport } from "./mailbox.ts";
import { smtpTransport } from "./smtp.ts";
import type { Transports } from "./transport.ts";
import { twilioTransport } from "./twilio.ts";

export const NO_EMAIL_TRANSPORT = "No email transport is configured: set SMTP_URL.";
export const NO_SMS_TRANSPORT =
  "No SMS provider is configured: set TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM.";

/** Each channel's way out, as configured. */
export function transportsFor(config: MessagingConfig, log: FastifyBaseLogger | null): Transports {
  const mailbox = mailboxTransport(log);
  const { email, sms } = config;
  return {
    email:
      email.kind === "smtp"
        ? smtpTransport(email)
        : email.kind === "mailbox"
          ? mailbox
          : unconfiguredTransport(NO_EMAIL_TRANSPORT),
    sms:
      sms.kind === "twilio"
        ? twilioTransport(sms)
        : sms.kind === "mailbox"
          ? mailbox
          : unconfiguredTransport(NO_SMS_TRANSPORT),
  };
}
