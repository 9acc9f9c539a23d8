import type { Insertable, QueryCreator } from "kysely";
import type { Database } from "#db/schema.ts";

/**
 * A checkout's orders as placed, waiting for their payment (status -1): the orders, their lines and each order's
 * first event, as steps `placed_orders`, `placed_lines`, `placed_events` of the checkout's reservation statement.
 */
export function withOrdersPlaced(
  db: QueryCreator<Database>,
  orders: Insertable<Database["orders"]>[],
  lines: Insertable<Database["order_lines"]>[],
  actor: string,
): QueryCreator<Database> {
  return db
    .with("placed_orders", (q) => q.insertInto("orders").values(orders).returning("id"))
    .with("placed_lines", (q) => q.insertInto("order_lines").values(lines).returning("id"))
    .with("placed_events", (q) =>
      q
        .insertInto("order_events")
        .values(
          orders.map((o) => ({
            order_id: o.id as string,
            type: "placed",
            from_status: null,
            to_status: -1,
            data: "{}",
            actor,
          })),
        )
        .returning("id"),
    ) as unknown as QueryCreator<Database>;
}
