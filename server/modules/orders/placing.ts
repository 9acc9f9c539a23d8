import { type QueryCreator, type Selectable, sql } from "kysely";
import type { Database } from "#db/schema.ts";

/** The columns a checkout writes of each order it places, waiting for its payment; the rest keep their defaults. */
const ORDER_COLUMN_SET = {
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
} as const;
const ORDER_COLUMNS = Object.keys(ORDER_COLUMN_SET);

/** An order as a checkout places it: its JSON columns as values, not text. */
export type PlacedOrder = Pick<Selectable<Database["orders"]>, keyof typeof ORDER_COLUMN_SET>;
/** One line of a placed order. */
export type PlacedLine = Omit<Selectable<Database["order_lines"]>, "id">;

/** Every column of a line (a `Record` of all its keys: the compiler checks none is left out). */
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
