import type { Transaction } from "kysely";
import type { Database } from "#db/schema.ts";

/*
 * The console's audit as other modules are handed it (ADR 51): the console writes it (recordAudit,
 * server/modules/console/audit.ts) and server/modules/index.ts hands it to loyalty and age. Its type lives here,
 * below the modules, so they name it without importing the console (loyalty -> console -> orders -> cart ->
 * loyalty was a circle).
 */

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
