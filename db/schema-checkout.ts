import type { ColumnType, Generated } from "kysely";
import type { PromoKind } from "../domain/promos/engine.ts";
import type { TaxLine } from "../domain/tax/types.ts";

/** Table types of checkout and orders (0013-checkout); part of `Database` in schema.ts. */

type DefaultedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Json<T> = ColumnType<T, string, string>;
type NullableJson<T> = ColumnType<T | null, string | null | undefined, string | null>;
type Identity = ColumnType<number, never, never>;

export interface PromosTable {
  code: string;
  kind: PromoKind;
  value: number;
  description: string;
  min_subtotal: Generated<number>;
  max_discount: number | null;
  first_order_only: Generated<boolean>;
  starts_at: NullableTimestamp;
  expires_at: NullableTimestamp;
  max_uses: number | null;
  max_uses_per_customer: number | null;
  store_ids: string[] | null;
  tags: string[] | null;
  excluded_tags: Generated<string[]>;
  credit_valid_days: number | null;
  active: Generated<boolean>;
  created_at: DefaultedTimestamp;
  /** Who pays for the discount (0041-statements): the platform makes the store whole, or the store bears it. */
  funded_by: Generated<"platform" | "store">;
}

export interface PromoRedemptionsTable {
  id: Identity;
  code: string;
  user_id: string;
  checkout_id: string;
  amount: number;
  created_at: DefaultedTimestamp;
}

export interface UserPromosTable {
  user_id: string;
  code: string;
  added_at: DefaultedTimestamp;
}

export interface CreditEntriesTable {
  id: Identity;
  user_id: string;
  kind: "granted" | "spent" | "refunded" | "expired";
  amount: number;
  expires_at: NullableTimestamp;
  reason: string;
  promo_code: string | null;
  checkout_id: string | null;
  created_at: DefaultedTimestamp;
}

export interface RoundUpOrgsTable {
  id: string;
  name: string;
  description: string;
  active: Generated<boolean>;
}

export interface CheckoutsTable {
  id: string;
  user_id: string;
  fingerprint: string;
  state: "processing" | "requires_action" | "completed" | "failed";
  payment_id: string | null;
  /** The store's address as the shopper used it, for links in the order's emails. */
  origin: string;
  answer: NullableJson<unknown>;
  created_at: DefaultedTimestamp;
  updated_at: DefaultedTimestamp;
}

export interface OrdersTable {
  id: string;
  order_number: ColumnType<number, never, never>;
  checkout_id: string;
  user_id: string;
  store_id: string;
  shipping: boolean;
  order_status: number;
  shipping_status: string | null;
  failed_status: NullableJson<{ state: "soft" | "hard"; reason: string; return_fee?: number }>;
  payment_id: string;
  subtotal: number;
  delivery_fee: number;
  shipping_fee: number;
  shipping_name: string | null;
  discount: number;
  tip: number;
  credit: number;
  round_up: number;
  round_up_org_id: string | null;
  total: number;
  line_items: Json<unknown>;
  promo_code: string | null;
  delivery_address_detail: Json<unknown>;
  delivery_notes: string | null;
  scheduled: NullableJson<
    { date: string; start: string; end: string; label: string } | { byRecipient: true }
  >;
  eta_minutes: number | null;
  is_gift: Generated<boolean>;
  gift_info: NullableJson<unknown>;
  recipient_note: string | null;
  /** What this order put into the payment's capture (0015-console). */
  captured: Generated<number>;
  /** Substitutions (0019): Proposed, Viewing, Done; null when none was proposed. */
  substitution_status: ColumnType<string | null, string | null | undefined, string | null>;
  /** Drivers (0021): who carries it, where they last were, the arrival that gives, the words the shopper reads. */
  driver_id: ColumnType<string | null, string | null | undefined, string | null>;
  driver_position: ColumnType<
    { lat: number; lng: number; at: string } | null,
    string | null | undefined,
    string | null
  >;
  driver_eta_at: NullableTimestamp;
  tracking_state: ColumnType<string | null, string | null | undefined, string | null>;
  /** Substitution charges (0023): the part of `total` paid by charges after the order, not the checkout's payment. */
  extra_charged: Generated<number>;
  /** Taxes (0035): the tax charged, its lines, and the tax lines refunds gave back (domain/tax TaxLine). */
  tax: Generated<number>;
  tax_lines: ColumnType<TaxLine[], string | undefined, string>;
  tax_refunded: ColumnType<TaxLine[], string | undefined, string>;
  /** The store's return fee an order refused at the door kept of its charge (0036-door-handover). */
  kept_fee: Generated<number>;
  /** The store's return fee when the order was placed (0037): what a refusal at the door may keep. */
  return_fee: Generated<number>;
  version: Generated<number>;
  created_at: DefaultedTimestamp;
  updated_at: DefaultedTimestamp;
}

export interface OrderLinesTable {
  id: Identity;
  order_id: string;
  sku_id: string;
  title: string;
  subtitle: string | null;
  image: string;
  url: string;
  qty: number;
  price: number;
  subtotal: number;
  engraving: NullableJson<{ line_1: string; line_2: string; line_3: string }>;
  substitution_preference: string;
  is_tobacco: boolean;
}

export interface OrderEventsTable {
  id: Identity;
  order_id: string;
  type: string;
  from_status: number | null;
  to_status: number | null;
  data: ColumnType<unknown, string | undefined, string>;
  actor: string;
  created_at: DefaultedTimestamp;
}

/** What one refund gave back of an order's tax, and when (0038): the tax report deducts it in that period. */
export interface OrderTaxRefundsTable {
  id: Identity;
  order_id: string;
  store_id: string;
  refunded_at: DefaultedTimestamp;
  lines: ColumnType<TaxLine[], string, string>;
}

export interface GiftClaimsTable {
  id: string;
  order_id: string;
  token_hash: string;
  expires_at: ColumnType<Date, Date | string, Date | string>;
  claimed_at: NullableTimestamp;
}

export interface CheckoutDatabase {
  promos: PromosTable;
  promo_redemptions: PromoRedemptionsTable;
  user_promos: UserPromosTable;
  credit_entries: CreditEntriesTable;
  round_up_orgs: RoundUpOrgsTable;
  checkouts: CheckoutsTable;
  orders: OrdersTable;
  order_lines: OrderLinesTable;
  order_events: OrderEventsTable;
  order_tax_refunds: OrderTaxRefundsTable;
  gift_claims: GiftClaimsTable;
}
