import type { Transaction } from "kysely";
import type { Database } from "#db/schema.ts";
import type { ComplianceKind, ComplianceRow } from "#domain/compliance/log.ts";
import { complianceCsv } from "#domain/compliance/log.ts";
import { retentionFor } from "#domain/compliance/retention.ts";
import type { Db } from "#server/platform/db.ts";
import type { Staff } from "./access.ts";
import { workingStore } from "./stock.ts";

/**
 * A store's compliance log (issue 33 §4; docs/adr/0062-the-handover-at-the-door.md): every ID check at the door,
 * handover and refusal, who made it and when. Rows are only added (a trigger refuses changes); nothing of a licence
 * is kept but the outcome, its issuing jurisdiction and whose it was.
 */
export interface ComplianceEntry {
  storeId: string;
  orderId: string | null;
  kind: ComplianceKind;
  outcome: string;
  detail: { reason?: string; jurisdiction?: string; whose?: string; method?: string };
  actorId: string;
}

export async function recordCompliance(tx: Transaction<Database>, entry: ComplianceEntry): Promise<void> {
  await tx
    .insertInto("compliance_log")
    .values({
      store_id: entry.storeId,
      order_id: entry.orderId,
      kind: entry.kind,
      outcome: entry.outcome,
      detail: JSON.stringify(entry.detail),
      actor_id: entry.actorId,
    })
    .execute();
}

/** The log of the staff member's store (an administrator: the one asked for), between two instants, oldest first. */
export async function complianceExport(
  db: Db,
  staff: Staff,
  query: { store_id?: string; from?: string; to?: string },
): Promise<{ filename: string; csv: string; retentionYears: number }> {
  const { id } = await workingStore(db, staff, query.store_id);
  const store = await db
    .selectFrom("stores")
    .leftJoin("cities", "cities.code", "stores.city_code")
    .select(["stores.name", "stores.timezone", "cities.state"])
    .where("stores.id", "=", id)
    .executeTakeFirstOrThrow();
  let q = db
    .selectFrom("compliance_log as l")
    .innerJoin("users as u", "u.id", "l.actor_id")
    .leftJoin("orders as o", "o.id", "l.order_id")
    .select([
      "l.created_at",
      "l.kind",
      "l.outcome",
      "l.detail",
      "l.actor_id",
      "u.firstname",
      "u.lastname",
      "o.order_number",
    ])
    .where("l.store_id", "=", id);
  if (query.from) q = q.where("l.created_at", ">=", new Date(query.from));
  if (query.to) q = q.where("l.created_at", "<", new Date(query.to));
  const rows = await q.orderBy("l.id").execute();
  const log: ComplianceRow[] = rows.map((r) => {
    const d = r.detail as ComplianceEntry["detail"];
    return {
      at: new Date(r.created_at),
      kind: r.kind,
      outcome: r.outcome,
      orderNumber: r.order_number === null ? null : Number(r.order_number),
      reason: d.reason ?? d.method ?? null,
      jurisdiction: d.jurisdiction ?? null,
      whose: d.whose ?? null,
      actorName: [r.firstname, r.lastname].filter(Boolean).join(" ") || "(no name)",
      actorId: r.actor_id,
    };
  });
  return {
    filename: `compliance-${id}-${new Date().toISOString().slice(0, 10)}.csv`,
    csv: complianceCsv(store, log),
    retentionYears: retentionFor(store.state).years,
  };
}
