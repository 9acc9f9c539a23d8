import type { Transaction } from "kysely";
import type { Database } from "../../../db/schema.ts";

export interface AuditEntry {
  actorId: string;
  storeId: string | null;
  orderId: string | null;
  action: string;
  detail: Record<string, unknown>;
  before: unknown;
  after: unknown;
}

/** Writes an audit row in the caller's transaction; other modules' console actions are handed it (modules/index.ts). */
export type RecordAudit = (tx: Transaction<Database>, entry: AuditEntry) => Promise<void>;

/** Every console action, who took it and when, with the order before and after (issue 15: "every change is recorded"). */
export async function recordAudit(tx: Transaction<Database>, entry: AuditEntry): Promise<void> {
  await tx
    .insertInto("console_audit")
    .values({
      actor_id: entry.actorId,
      store_id: entry.storeId,
      order_id: entry.orderId,
      action: entry.action,
      detail: JSON.stringify(entry.detail),
      before: entry.before === null ? null : JSON.stringify(entry.before),
      after: entry.after === null ? null : JSON.stringify(entry.after),
    })
    .execute();
}
