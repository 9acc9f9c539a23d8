import nodemailer from "nodemailer";
import type SMTPTransport from "nodemailer/lib/smtp-transport/index.js";
import { smtpFailureIsPermanent } from "#domain/messages/delivery.ts";
import { DeliveryError, type Transport } from "./transport.ts";

export interface SmtpSettings {
  /** smtp://user:pass@host:587 or smtps://… (nodemailer's connection URL). */
  url: string;
  /** The From header, e.g. "Nightcap <hello@nightcap.example>". */
  from: string;
}

/**
 * Email over SMTP with nodemailer. The Message-ID is the outbox id's, so a message retried after an uncertain
 * end (a connection lost after the server took it) can be told apart from a new one by mail systems.
 */
export function smtpTransport(settings: SmtpSettings): Transport {
  const transporter = nodemailer.createTransport({
    url: settings.url,
    connectionTimeout: 20_000,
    greetingTimeout: 20_000,
    socketTimeout: 60_000,
  } satisfies SMTPTransport.Options);
  const domain = /@([^>\s]+)/.exec(settings.from)?.[1] ?? "nightcap.localhost";
  return {
    name: "smtp",
    async send(message) {
      try {
        const info = await transporter.sendMail({
          from: settings.from,
          to: message.recipient,
          subject: message.subject ?? "",
          text: message.body,
          messageId: `<outbox-${message.id}@${domain}>`,
        });
        return { providerMessageId: info.messageId ?? null };
      } catch (err) {
        const e = err as Error & { responseCode?: number; response?: string };
        const reason = e.response ?? e.message;
        throw new DeliveryError(`SMTP: ${reason}`, smtpFailureIsPermanent(e.responseCode));
      }
    },
    close: () => transporter.close(),
  };
}
