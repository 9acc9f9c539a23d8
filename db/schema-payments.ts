import type { ColumnType } from "kysely";
import type { CardBehaviour } from "../domain/payments/test-cards.ts";

/** Table types of the sandbox provider (0011-sandbox-payments); part of `Database` in schema.ts. */

type DefaultedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Json<T> = ColumnType<T, string, string>;

export interface SandboxCustomersTable {
  id: string;
  reference: string;
  email: string;
  created_at: DefaultedTimestamp;
}

export interface SandboxCardsTable {
  id: string;
  kind: "token" | "payment_method";
  customer_id: string | null;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  behaviour: Json<CardBehaviour>;
  used_at: NullableTimestamp;
  detached_at: NullableTimestamp;
  created_at: DefaultedTimestamp;
}

export interface SandboxIntentsTable {
  id: string;
  amount: number;
  currency: string;
  customer_id: string | null;
  card_id: string;
  status: "requires_action" | "requires_capture" | "succeeded" | "canceled" | "failed" | "processing";
  amount_capturable: ColumnType<number, number | undefined, number>;
  amount_received: ColumnType<number, number | undefined, number>;
  failure_code: string | null;
  failure_message: string | null;
  return_url: string;
  description: string;
  metadata: Json<Record<string, string>>;
  created_at: DefaultedTimestamp;
}

export interface SandboxRefundsTable {
  id: string;
  intent_id: string;
  amount: number;
  created_at: DefaultedTimestamp;
}

export interface SandboxIdempotencyTable {
  key: string;
  answer: Json<unknown>;
  created_at: DefaultedTimestamp;
}

export interface PaymentsDatabase {
  sandbox_customers: SandboxCustomersTable;
  sandbox_cards: SandboxCardsTable;
  sandbox_intents: SandboxIntentsTable;
  sandbox_refunds: SandboxRefundsTable;
  sandbox_idempotency: SandboxIdempotencyTable;
}
