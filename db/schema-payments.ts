import type { ColumnType } from "kysely";
import type { CardBehaviour } from "../domain/payments/test-cards.ts";

/** Table types of payments (0012-payments) and of the sandbox provider (0011-sandbox-payments); part of `Database`. */

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

export interface CardsTable {
  id: string;
  user_id: string;
  provider: string;
  provider_card_id: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  country: string | null;
  is_primary: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: DefaultedTimestamp;
  removed_at: NullableTimestamp;
}

export type PaymentMethod = "card" | "applePay" | "googlePay" | "none";

/** What a payment is for: a checkout's orders, or a charge after the order (0018-tips-feedback-reviews). */
export type PaymentPurpose = "checkout" | "tip" | "substitution";

export interface PaymentsTable {
  id: string;
  /** The checkout that made it; null for a charge after the order. */
  checkout_id: string | null;
  user_id: string;
  provider: string;
  provider_intent_id: string | null;
  method: PaymentMethod;
  amount: number;
  currency: ColumnType<string, string | undefined, string>;
  card_brand: string | null;
  card_last4: string | null;
  failure_message: string | null;
  purpose: ColumnType<PaymentPurpose, PaymentPurpose | undefined, PaymentPurpose>;
  /** The order a charge after the order is for. */
  order_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** The saved card (ours) it was paid with, when it was one. */
  card_id: ColumnType<string | null, string | null | undefined, string | null>;
  /**
   * A charge after the order paid with a new card that was not saved: the provider's one-off token, so carrying the
   * charge on asks the provider the same thing (0034-extra-charge-token).
   */
  source_token: ColumnType<string | null, string | null | undefined, string | null>;
  /** A charge after the order's own key: the same key again finds this payment. */
  idempotency_key: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: DefaultedTimestamp;
  updated_at: DefaultedTimestamp;
}

export interface PaymentOperationsTable {
  id: ColumnType<number, never, never>;
  payment_id: string;
  kind: "authorisation" | "capture" | "refund" | "void";
  amount: number;
  status: "pending" | "succeeded" | "failed";
  idempotency_key: string;
  provider_ref: string | null;
  failure: string | null;
  /** The order a refund gives money back for (0015-console). */
  order_id: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: DefaultedTimestamp;
  updated_at: DefaultedTimestamp;
}

export interface PaymentsDatabase {
  cards: CardsTable;
  payments: PaymentsTable;
  payment_operations: PaymentOperationsTable;
  sandbox_customers: SandboxCustomersTable;
  sandbox_cards: SandboxCardsTable;
  sandbox_intents: SandboxIntentsTable;
  sandbox_refunds: SandboxRefundsTable;
  sandbox_idempotency: SandboxIdempotencyTable;
}
