import type { CheckoutsTable, OrdersTable } from "./schema-checkout.ts";

/**
 * Every column of the tables whose rows the hot statements read whole, named instead of `*`: a statement whose
 * result is `*` is never prepared (server/platform/db.ts), so it is parsed and planned on every call (ADR 44).
 * The types below fail to compile when a table's interface gains a column these lists lack; db/columns.test.ts
 * compares them with the migrated tables.
 */
export const ORDER_COLUMNS = [
  "id",
  "order_number",
  "checkout_id",
  "user_id",
  "store_id",
  "shipping",
  "order_status",
  "shipping_status",
  "failed_status",
  "payment_id",
  "subtotal",
  "delivery_fee",
  "shipping_fee",
  "shipping_name",
  "discount",
  "tip",
  "credit",
  "round_up",
  "round_up_org_id",
  "total",
  "line_items",
  "promo_code",
  "delivery_address_detail",
  "delivery_notes",
  "scheduled",
  "eta_minutes",
  "is_gift",
  "gift_info",
  "recipient_note",
  "captured",
  "substitution_status",
  "driver_id",
  "driver_position",
  "driver_eta_at",
  "tracking_state",
  "extra_charged",
  "kept_fee",
  "return_fee",
  "version",
  "created_at",
  "updated_at",
  "tax",
  "tax_lines",
  "tax_refunded",
] as const satisfies readonly (keyof OrdersTable)[];

export const CHECKOUT_COLUMNS = [
  "id",
  "user_id",
  "fingerprint",
  "state",
  "payment_id",
  "origin",
  "answer",
  "created_at",
  "updated_at",
] as const satisfies readonly (keyof CheckoutsTable)[];

type Complete<Table, Listed> = [Exclude<keyof Table, Listed>] extends [never] ? true : never;
const ordersComplete: Complete<OrdersTable, (typeof ORDER_COLUMNS)[number]> = true;
const checkoutsComplete: Complete<CheckoutsTable, (typeof CHECKOUT_COLUMNS)[number]> = true;
void ordersComplete;
void checkoutsComplete;

/** The columns as an alias's references (`o.id`, …), for a select that joins. */
export function columnsOf<A extends string, C extends string>(
  alias: A,
  columns: readonly C[],
): `${A}.${C}`[] {
  return columns.map((c) => `${alias}.${c}` as `${A}.${C}`);
}
