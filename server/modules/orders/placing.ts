import { type QueryCreator, sql } from "kysely";
import type { Database } from "#db/schema.ts";
import type { TaxLine } from "#domain/tax/types.ts";

/** What a checkout writes of each order it places, waiting for its payment (status -1); the rest keep their defaults. */
export interface PlacedOrder {
  id: string;
  checkout_id: string;
  user_id: string;
  store_id: string;
  shipping: boolean;
  order_status: number;
  shipping_status: string | null;
  payment_id: string;
  subtotal: number;
  delivery_fee: number;
  shipping_fee: number;
  return_fee: number;
  shipping_name: string | null;
  discount: number;
  tip: number;
  credit: number;
  round_up: number;
  round_up_org_id: string | null;
  total: number;
  tax: number;
  tax_lines: TaxLine[];
  line_items: unknown;
  promo_code: string | null;
  delivery_address_detail: unknown;
  delivery_notes: string | null;
  scheduled: { date: string; start: string; end: string; label: string } | { byRecipient: true } | null;
  eta_minutes: number | null;
  is_gift: boolean;
  gift_info: unknown;
  recipient_note: string | null;
}

/** One line of a placed order. */
export interface PlacedLine {
  order_id: string;
  sku_id: string;
  title: string;
  subtitle: string | null;
  image: string;
  url: string;
  qty: number;
  price: number;
  subtotal: number;
  engraving: { line_1: string; line_2: string; line_3: string } | null;
  substitution_preference: string;
  is_tobacco: boolean;
}

/** Each row type's columns, every one named (a `Record` of all its keys: the compiler checks none is left out). */
const ORDER_COLUMNS = Object.keys({
  id: 1,
  checkout_id: 1,
  user_id: 1,
  store_id: 1,
  shipping: 1,
  order_status: 1,
  shipping_status: 1,
  payment_id: 1,
  subtotal: 1,
  delivery_fee: 1,
  shipping_fee: 1,
  return_fee: 1,
  shipping_name: 1,
  discount: 1,
  tip: 1,
  credit: 1,
  round_up: 1,
  round_up_org_id: 1,
  total: 1,
  tax: 1,
  tax_lines: 1,
  line_items: 1,
  promo_code: 1,
  delivery_address_detail: 1,
  delivery_notes: 1,
  scheduled: 1,
  eta_minutes: 1,
  is_gift: 1,
  gift_info: 1,
  recipient_note: 1,
} satisfies Record<keyof PlacedOrder, 1>);
const LINE_COLUMNS = Object.keys({
  order_id: 1,
  sku_id: 1,
  title: 1,
  subtitle: 1,
  image: 1,
  url: 1,
  qty: 1,
  price: 1,
  subtotal: 1,
  engraving: 1,
  substitution_preference: 1,
  is_tobacco: 1,
} satisfies Record<keyof PlacedLine, 1>);

/** `insert into table (columns) select columns from jsonb_populate_recordset(null::table, rows)`: rows as one value. */
function insertRows(table: "orders" | "order_lines", columns: readonly string[], rows: unknown) {
  const names = sql.join(columns.map((c) => sql.ref(c)));
  return sql<{ id: string }>`(insert into ${sql.table(table)} (${names})
    select ${names} from jsonb_populate_recordset(null::${sql.table(table)}, ${rows}::jsonb)
    returning id)`;
}

/**
 * A checkout's orders as placed, waiting for their payment (status -1): the orders, their lines and each order's
 * first event, as steps `placed_orders`, `placed_lines`, `placed_events` of the checkout's reservation statement.
 * The orders and the lines come as JSON arrays of PlacedOrder and PlacedLine, one value each whatever their number, so that the
 * statement's text is the same for every checkout and is compiled once (ADR 77); a JSON null is an SQL null.
 */
export function withOrdersPlaced(
  db: QueryCreator<Database>,
  ordersJson: string,
  linesJson: string,
  actor: string,
): QueryCreator<Database> {
  return db
    .with("placed_orders", () => insertRows("orders", ORDER_COLUMNS, ordersJson))
    .with("placed_lines", () => insertRows("order_lines", LINE_COLUMNS, linesJson))
    .with(
      "placed_events",
      () =>
        sql<{ id: number }>`(insert into order_events (order_id, type, from_status, to_status, data, actor)
          select id, 'placed', null, -1, '{}', ${actor} from placed_orders
          returning id)`,
    ) as unknown as QueryCreator<Database>;
}
