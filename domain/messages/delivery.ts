/**
 * How a message's delivery goes on after a try (the outbox worker, server/modules/messages): sent; failed for
 * good when the provider refused it for a reason a retry cannot change or when the tries are used up; otherwise
 * queued again for the job queue to retry after its back-off.
 */
export const MAX_DELIVERY_ATTEMPTS = 6;

export type DeliveryStatus = "queued" | "sending" | "sent" | "failed";

export type AttemptOutcome = { ok: true } | { ok: false; permanent: boolean };

export function statusAfterAttempt(
  attempt: number,
  outcome: AttemptOutcome,
  maxAttempts = MAX_DELIVERY_ATTEMPTS,
): Exclude<DeliveryStatus, "sending"> {
  if (outcome.ok) return "sent";
  if (outcome.permanent || attempt >= maxAttempts) return "failed";
  return "queued";
}

/**
 * SMTP replies (RFC 5321 §4.2.1): 4yz is a transient refusal (greylisting, mailbox busy, server shutting down):
 * try again. 5yz is permanent (no such mailbox, relaying denied, message refused): a retry gets the same answer.
 * No reply code at all (connection refused or reset, timeout, TLS failure) is a network failure: try again.
 */
export function smtpFailureIsPermanent(replyCode: number | undefined): boolean {
  return replyCode !== undefined && replyCode >= 500 && replyCode < 600;
}

/**
 * An HTTP messaging provider's answer (a Twilio-style SMS API): 408 (timeout), 409 (conflict), 425, 429 (rate
 * limited) and 5xx are worth another try; any other 4xx (bad number, bad credentials, unverified sender) is not.
 * No answer at all (network failure) is worth another try.
 */
export function httpFailureIsPermanent(status: number | undefined): boolean {
  if (status === undefined) return false;
  if (status >= 500) return false;
  return ![408, 409, 425, 429].includes(status);
}
