import { type QueryCreator, sql, type Transaction } from "kysely";
import type { Database } from "#db/schema.ts";
import { MAX_DELIVERY_ATTEMPTS } from "#domain/messages/delivery.ts";
import type { MailboxMessage } from "#domain/messages/types.ts";
import type { Db } from "#server/platform/db.ts";
import { defineJob, type JobPolicy, type JobQueue } from "#server/platform/jobs.ts";

/** An email or text, as a module asks for it to be sent. */
export interface OutgoingMessage {
  channel: "email" | "sms";
  recipient: string;
  template: string;
  subject?: string | null;
  body: string;
}

/** A message as the outbox keeps it, with its delivery so far. */
export type StoredMessage = MailboxMessage;

/** Retries over about ten minutes (10 s doubling, with jitter); a try running 3 minutes is taken as lost. */
export const DELIVERY_POLICY: JobPolicy = {
  retryLimit: MAX_DELIVERY_ATTEMPTS,
  retryDelaySeconds: 10,
  retryBackoff: true,
  expireInSeconds: 180,
};

export const DELIVER_MESSAGE = defineJob<{ id: number }>("deliver-message", DELIVERY_POLICY);

/**
 * Every email and SMS leaves through the outbox: the message row and the job that delivers it are written in the
 * transaction of the change that causes them, so a code is never stored without its message, nor a message sent
 * for a change that rolled back.
 */
export class Outbox {
  constructor(private readonly jobs: JobQueue) {}

  async enqueue(tx: Transaction<Database>, message: OutgoingMessage): Promise<number> {
    const { id } = await tx
      .insertInto("outbox")
      .values(rowOf(message))
      .returning("id")
      .executeTakeFirstOrThrow();
    return this.sendQueued(tx, id);
  }

  async sendQueued(tx: Transaction<Database>, id: number | string): Promise<number> {
    await this.jobs.send(DELIVER_MESSAGE, { id: Number(id) }, { tx });
    return Number(id);
  }
}

/**
 * enqueue in two steps, so that a statement of the caller's carries the message's row: `withQueued` adds its insert
 * as a common table expression ("queued_message") for the statement to end with, the statement answers
 * QUEUED_MESSAGE_ID, and the outbox's `sendQueued` sends that row's delivery job in the same transaction. A free
 * function, not the outbox's, so that a statement compiled once can be built with it.
 */
export function withQueued(db: QueryCreator<Database>, message: OutgoingMessage) {
  return db.with("queued_message", (q) => q.insertInto("outbox").values(rowOf(message)).returning("id"));
}

/** The id of the row `withQueued` inserted, for the statement's answer. */
export const QUEUED_MESSAGE_ID = sql<string>`(select id from queued_message)`;

function rowOf(message: OutgoingMessage) {
  return {
    channel: message.channel,
    recipient: message.recipient,
    template: message.template,
    subject: message.subject ?? null,
    body: message.body,
  };
}

export async function listMessages(
  db: Db,
  opts: { recipient?: string; limit?: number } = {},
): Promise<StoredMessage[]> {
  let query = db
    .selectFrom("outbox")
    .selectAll()
    .orderBy("id", "desc")
    .limit(opts.limit ?? 50);
  if (opts.recipient) query = query.where("recipient", "=", opts.recipient);
  const rows = await query.execute();
  return rows.map((r) => ({
    id: Number(r.id),
    channel: r.channel,
    recipient: r.recipient,
    template: r.template,
    subject: r.subject,
    body: r.body,
    status: r.status,
    attempts: r.attempts,
    lastError: r.last_error,
    transport: r.transport,
    createdAt: new Date(r.created_at).toISOString(),
    sentAt: r.sent_at ? new Date(r.sent_at).toISOString() : null,
  }));
}
