import type { ColumnType } from "kysely";
import type { MoneyEvent } from "../domain/statements/types.ts";

/** Table types of statements and payouts (0041-statements); part of `Database` in schema.ts. */

type DefaultedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Json<T> = ColumnType<T, string, string>;
/** A calendar day; read back as "YYYY-MM-DD" (the statements module casts it to text). */
type Day = ColumnType<string, string, string>;

/** What the platform and the store agreed: its commission; a store without a row has the defaults. */
export interface StoreTermsTable {
  store_id: string;
  commission_ppm: number;
  commission_per_order: number;
  updated_by: string | null;
  updated_at: DefaultedTimestamp;
}

/** One money event of an order, read once from the ledger, dated in the store's time zone. */
export interface StatementEventsTable {
  id: string;
  store_id: string;
  order_id: string;
  day: Day;
  event: Json<MoneyEvent>;
  /** The closed statement that counted it; null while its period is open or it came after its period closed. */
  statement_id: ColumnType<string | null, string | null | undefined, string | null>;
  recorded_at: DefaultedTimestamp;
}

/** A closed statement: never updated. */
export interface StatementsTable {
  id: string;
  store_id: string;
  period_from: Day;
  period_to: Day;
  lines: Json<unknown>;
  event_ids: Json<string[]>;
  net_payable: number;
  terms: Json<unknown>;
  closed_at: DefaultedTimestamp;
}

export interface PayoutAccountsTable {
  store_id: string;
  provider: string;
  account_id: string;
  created_at: DefaultedTimestamp;
}

export type PayoutStatus = "pending" | "paid" | "nothing_due" | "failed";

/** One per closed statement (unique `statement_id`): a payout never pays a statement twice. */
export interface PayoutsTable {
  id: string;
  statement_id: string;
  store_id: string;
  provider: string;
  amount: number;
  status: PayoutStatus;
  provider_ref: string | null;
  failure: string | null;
  attempts: ColumnType<number, number | undefined, number>;
  created_at: DefaultedTimestamp;
  paid_at: NullableTimestamp;
}

/** The sandbox payout provider's transfers: one per idempotency key, as Stripe keeps them. */
export interface SandboxTransfersTable {
  id: string;
  idempotency_key: string;
  account_id: string;
  amount: number;
  created_at: DefaultedTimestamp;
}

export interface StatementsDatabase {
  store_terms: StoreTermsTable;
  statement_events: StatementEventsTable;
  statements: StatementsTable;
  payout_accounts: PayoutAccountsTable;
  payouts: PayoutsTable;
  sandbox_transfers: SandboxTransfersTable;
}
