import type { FastifyBaseLogger } from "fastify";
import { DeliveryError, type Transport } from "./transport.ts";

/**
 * The embedded default's way out, with no SMTP or SMS provider configured: nothing leaves the machine. The message
 * stays readable in the local mailbox (GET /mailbox) and is printed to the server log, so a person trying the
 * store can finish signing up.
 */
export function mailboxTransport(log: FastifyBaseLogger | null): Transport {
  return {
    name: "mailbox",
    async send(message) {
      log?.info(
        {
          mailbox: {
            id: message.id,
            channel: message.channel,
            to: message.recipient,
            subject: message.subject,
            body: message.body,
          },
        },
        `mailbox: ${message.channel} to ${message.recipient}: ${message.subject ?? message.body}`,
      );
      return { providerMessageId: null };
    },
  };
}

/** A channel with nowhere to go (a real database and no provider configured): each message fails, saying why. */
export function unconfiguredTransport(reason: string): Transport {
  return {
    name: "none",
    async send() {
      throw new DeliveryError(reason, true);
    },
  };
}
