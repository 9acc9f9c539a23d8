import type { Transaction } from "kysely";
import type { Database } from "#db/schema.ts";
import type { AuditEntry } from "#server/platform/audit.ts";

export type { AuditEntry, RecordAudit } from "#server/platform/audit.ts";

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
