import { sql } from "kysely";
import { type DeliveryStatus, statusAfterAttempt } from "#domain/messages/delivery.ts";
import type { Db } from "#server/platform/db.ts";
import { DELIVERY_POLICY, type StoredMessage } from "./outbox.ts";
import { DeliveryError, type Transports } from "./transports/transport.ts";

/** Thrown to the job queue so it tries the message again after its back-off. */
export class RetryLater extends Error {}

/**
 * Delivers one outbox message: claims it (one worker of any instance at a time), sends it through its channel's
 * transport, and records the outcome: sent, queued again (then RetryLater is thrown for the queue's back-off), or
 * failed with the reason. A message already sent or failed, or claimed by a live worker, is left alone; so a job
 * run twice sends once. A claim older than a job's expiry belongs to a worker that died mid-send and is taken
 * over: that message may go out twice rather than never (docs/adr/0020-job-queue.md).
 */
export async function deliverMessage(db: Db, transports: Transports, id: number): Promise<DeliveryStatus> {
  const claimed = await db
    .updateTable("outbox")
    .set({ status: "sending", attempts: sql`attempts + 1`, claimed_at: sql`now()` })
    .where("id", "=", id)
    .where((eb) =>
      eb.or([
        eb("status", "=", "queued"),
        eb.and([
          eb("status", "=", "sending"),
          eb("claimed_at", "<", sql<Date>`now() - make_interval(secs => ${DELIVERY_POLICY.expireInSeconds})`),
        ]),
      ]),
    )
    .returningAll()
    .executeTakeFirst();
  if (!claimed) {
    const row = await db.selectFrom("outbox").select("status").where("id", "=", id).executeTakeFirst();
    return row?.status ?? "failed";
  }

  const transport = transports[claimed.channel];
  const message: StoredMessage = {
    id: Number(claimed.id),
    channel: claimed.channel,
    recipient: claimed.recipient,
    template: claimed.template,
    subject: claimed.subject,
    body: claimed.body,
    status: "sending",
    attempts: claimed.attempts,
    lastError: claimed.last_error,
    transport: transport.name,
    createdAt: new Date(claimed.created_at).toISOString(),
    sentAt: null,
  };
  let providerMessageId: string | null = null;
  let failure: { reason: string; permanent: boolean } | null = null;
  try {
    ({ providerMessageId } = await transport.send(message));
  } catch (err) {
    failure = {
      reason: (err as Error).message.slice(0, 1000),
      permanent: err instanceof DeliveryError && err.permanent,
    };
  }
  const status = statusAfterAttempt(
    claimed.attempts,
    failure ? { ok: false, permanent: failure.permanent } : { ok: true },
  );
  await db
    .updateTable("outbox")
    .set({
      status,
      transport: transport.name,
      claimed_at: null,
      ...(status === "sent"
        ? { sent_at: sql`now()`, provider_message_id: providerMessageId }
        : { last_error: failure?.reason ?? null }),
    })
    .where("id", "=", id)
    .where("status", "=", "sending")
    .execute();
  if (status === "queued") throw new RetryLater(failure?.reason ?? "try again");
  return status;
}
