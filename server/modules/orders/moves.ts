import { sql, type Transaction } from "kysely";
import type { Database } from "#db/schema.ts";
import {
  nextStatus,
  type OrderEvent,
  type OrderState,
  type OrderStatus,
  type ShippingStatus,
} from "#domain/orders/status.ts";
import { compiledOnce } from "#server/platform/db.ts";

type Tx = Transaction<Database>;

/** An order's status change as its listeners hear it: the `order_events` row just written, and the move. */
export interface OrderMoved {
  orderId: string;
  eventId: number;
  type: OrderEvent["type"];
  fromStatus: number;
  toStatus: number;
  /** Kept with the event besides the event itself (a staff member's reason, a refund's amount). */
  detail: Record<string, unknown>;
}

/**
 * What other modules do when an order moves (tell the shopper, earn or give back points, decide a referral). Runs
 * inside the move's transaction, in registration order: if one fails, the move fails and nothing of it is kept.
 *
 *   orders.onOrderMoved((moved, tx) => onOrderMoved(tx, moved, new Date()));
 */
export type OrderMovedHandler = (moved: OrderMoved, tx: Tx) => Promise<void>;

/** The listeners of order moves, built once per app (registerModules wires them). */
export class OrderMoves {
  private readonly handlers: OrderMovedHandler[] = [];

  /** Registers a handler run in every move's transaction; answers a function that removes it. */
  onOrderMoved(handler: OrderMovedHandler): () => void {
    this.handlers.push(handler);
    return () => {
      const i = this.handlers.indexOf(handler);
      if (i >= 0) this.handlers.splice(i, 1);
    };
  }

  async moved(moved: OrderMoved, tx: Tx): Promise<void> {
    for (const handler of this.handlers) await handler(moved, tx);
  }
}

/** What moving an order needs besides its transaction: the listeners its move is told to. */
export interface OrderMover {
  orderMoves: OrderMoves;
}

/**
 * The conditional update and, only if it matched, its event: every status change runs it, so it is compiled once
 * (ADR 77) rather than built by Kysely for each move.
 */
const moveStatement = compiledOnce(
  (
    db,
    orderId: string,
    fromStatus: number,
    toStatus: number,
    shippingStatus: string | null,
    failedStatus: string | null,
    at: Date,
    type: string,
    data: string,
    actor: string,
  ) =>
    db
      .with("moved", (db) =>
        db
          .updateTable("orders")
          .set({
            order_status: toStatus,
            shipping_status: shippingStatus,
            failed_status: failedStatus,
            version: sql`version + 1`,
            updated_at: at,
          })
          .where("id", "=", orderId)
          .where("order_status", "=", fromStatus)
          .returning("id"),
      )
      .insertInto("order_events")
      .columns(["order_id", "type", "from_status", "to_status", "data", "actor"])
      .expression((eb) =>
        eb
          .selectFrom("moved")
          .select([
            "moved.id",
            sql<string>`${type}::text`.as("type"),
            sql<number>`${fromStatus}::int`.as("from_status"),
            sql<number>`${toStatus}::int`.as("to_status"),
            sql<string>`${data}::jsonb`.as("data"),
            sql<string>`${actor}::text`.as("actor"),
          ]),
      )
      .returning("id"),
);

/**
 * Moves an order by the status machine, with a conditional update and its event; false when it had moved on. The
 * move's listeners run in the same transaction (the notifications module sends the event's notification job, so
 * every status change is told, by whichever writer, once it commits; the loyalty module writes the move's points
 * and giveaway entries, keyed, so never twice; the referrals module sends its job when an order completes).
 */
export async function moveOrder(
  ctx: OrderMover,
  tx: Tx,
  order: {
    id: string;
    order_status: number;
    shipping_status: string | null;
    shipping: boolean;
    failed_status: OrderState["failed_status"];
  },
  event: OrderEvent,
  actor: string,
  /** Kept with the event besides the event itself (a staff member's reason). */
  detail: Record<string, unknown> = {},
): Promise<OrderState | null> {
  const from: OrderState = {
    order_status: order.order_status as OrderStatus,
    shipping_status: order.shipping_status as ShippingStatus | null,
    shipping: order.shipping,
    failed_status: order.failed_status,
  };
  const moved = nextStatus(from, event);
  if (!moved.ok) return null;
  // One statement: the conditional update, and its event only if it matched.
  const [written] = await moveStatement(
    tx,
    order.id,
    order.order_status,
    moved.state.order_status,
    moved.state.shipping_status,
    moved.state.failed_status ? JSON.stringify(moved.state.failed_status) : null,
    new Date(),
    event.type,
    JSON.stringify({ ...detail, ...event }),
    actor,
  );
  if (!written) return null;
  await ctx.orderMoves.moved(
    {
      orderId: order.id,
      eventId: Number(written.id),
      type: event.type,
      fromStatus: order.order_status,
      toStatus: moved.state.order_status,
      detail,
    },
    tx,
  );
  return moved.state;
}
