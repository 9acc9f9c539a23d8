import type { StoredMessage } from "../outbox.ts";

/** One way out for a channel's messages: SMTP, an SMS provider, or the local mailbox. */
export interface Transport {
  /** Recorded on the message: what carried it. */
  readonly name: string;
  /** Resolves with the provider's id for the message; throws a DeliveryError when it was not accepted. */
  send(message: StoredMessage): Promise<{ providerMessageId: string | null }>;
  close?(): void;
}

/** A refused or failed send; `permanent` when a retry would get the same answer. */
export class DeliveryError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
  }
}

export interface Transports {
  email: Transport;
  sms: Transport;
}
