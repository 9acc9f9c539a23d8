import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";

/**
 * Every email and SMS leaves through the outbox, written in the same transaction as the change that causes it
 * (a code is never stored without its message, nor sent for a rolled-back change). The embedded default keeps
 * messages here and shows them on the dev-only outbox page; a worker with an SMTP/SMS adapter drains them in
 * production.
 */
export interface OutgoingMessage {
  channel: "email" | "sms";
  recipient: string;
  template: string;
  subject?: string | null;
  body: string;
}

export async function enqueueMessage(db: Kysely<Database>, message: OutgoingMessage): Promise<void> {
  await db
    .insertInto("outbox")
    .values({
      channel: message.channel,
      recipient: message.recipient,
      template: message.template,
      subject: message.subject ?? null,
      body: message.body,
    })
    .execute();
}

export async function recentMessages(
  db: Kysely<Database>,
  opts: { recipient?: string; limit?: number } = {},
) {
  let query = db
    .selectFrom("outbox")
    .select(["id", "channel", "recipient", "template", "subject", "body", "created_at"])
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
    createdAt: new Date(r.created_at).toISOString(),
  }));
}
