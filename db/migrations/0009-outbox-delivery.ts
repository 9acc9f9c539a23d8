import { type Kysely, sql } from "kysely";

/**
 * Each outbox message records its delivery: queued → sending (claimed by one worker) → sent, or failed with the
 * reason; attempts counts tries, transport names what carried it (smtp, twilio, mailbox). The job that delivers
 * it lives in the job queue (pg-boss), written in the same transaction as the message (server/modules/messages).
 * Messages written before delivery existed were never sent and have no job: they are marked failed, not lost.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table outbox
      add column status text not null default 'queued'
        check (status in ('queued', 'sending', 'sent', 'failed')),
      add column attempts int not null default 0,
      add column last_error text,
      add column transport text,
      add column provider_message_id text,
      add column claimed_at timestamptz`.execute(db);
  await sql`
    update outbox set status = 'failed', last_error = 'Written before messages were delivered; never sent.'
    where sent_at is null`.execute(db);
  await sql`update outbox set status = 'sent' where sent_at is not null`.execute(db);
  await sql`drop index outbox_unsent_idx`.execute(db);
  await sql`create index outbox_recipient_idx on outbox (recipient, id desc)`.execute(db);
}
