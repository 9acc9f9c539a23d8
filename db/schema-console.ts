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

export interface ConsoleDatabase {
  console_audit: ConsoleAuditTable;
}
