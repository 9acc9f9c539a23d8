import type { ColumnType } from "kysely";

/** Table types of the store console (0015-console); part of `Database` in schema.ts. */

type DefaultedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableJson<T> = ColumnType<T | null, string | null | undefined, string | null>;

export interface ConsoleAuditTable {
  id: ColumnType<number, never, never>;
  actor_id: string;
  store_id: string | null;
  order_id: string | null;
  action: string;
  detail: ColumnType<unknown, string | undefined, string>;
  before: NullableJson<unknown>;
  after: NullableJson<unknown>;
  created_at: DefaultedTimestamp;
}

/** A store's compliance log (0036-door-handover): added to, never changed (a trigger refuses it). */
export interface ComplianceLogTable {
  id: ColumnType<string, never, never>;
  store_id: string;
  order_id: string | null;
  kind: "id_check" | "handover" | "refusal";
  outcome: string;
  detail: ColumnType<Record<string, unknown>, string | undefined, never>;
  actor_id: string;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

export interface ConsoleDatabase {
  console_audit: ConsoleAuditTable;
  compliance_log: ComplianceLogTable;
}
