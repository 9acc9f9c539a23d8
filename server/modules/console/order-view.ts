import type { ConsoleOrder, Order } from "#domain/orders/types.ts";
import { type PaymentOperation, paymentTotals } from "#domain/payments/ledger.ts";
import { orderRefund } from "#domain/payments/settlement.ts";
import type { Db } from "#server/platform/db.ts";
import { ordersWhere } from "../orders/index.ts";
import { type Staff, staffOrder, storeScope } from "./access.ts";

export type { ConsoleOrder };

/** Which orders the queue shows: still to handle (the default), finished, or all. */
export const QUEUE_STATUSES = {
  active: [0, 1, 2, 4, 7],
  done: [3, 5, 6],
  all: [0, 1, 2, 3, 4, 5, 6, 7],
} as const;

export async function consoleQueue(
  db: Db,
  staff: Staff,
  query: { store_id?: string; status: keyof typeof QUEUE_STATUSES; limit: number; skip: number },
): Promise<{ orders: Order[] }> {
  const storeId = storeScope(staff, query.store_id);
  const orders = await ordersWhere(db, {
    storeId,
    statuses: [...QUEUE_STATUSES[query.status]],
    placedOnly: true,
    limit: query.limit,
    offset: query.skip,
  });
  return { orders };
}

export async function consoleOrder(db: Db, staff: Staff, orderId: string): Promise<ConsoleOrder> {
  const row = await staffOrder(db, staff, orderId, false);
  const [order] = await ordersWhere(db, { ids: [orderId] });
  const customer = await db
    .selectFrom("users")
    .select(["firstname", "lastname", "email", "mobile"])
    .where("id", "=", row.user_id)
    .executeTakeFirstOrThrow();
  const ops = await db
    .selectFrom("payment_operations")
    .select(["kind", "amount", "status", "order_id"])
    .where("payment_id", "=", row.payment_id)
    .execute();
  const live = ops.filter((o) => o.status !== "failed");
  const refunded = live
    .filter((o) => o.kind === "refund" && o.order_id === orderId)
    .reduce((n, o) => n + o.amount, 0);
  const totals = paymentTotals(ops as PaymentOperation[]);
  const refundable = orderRefund({ captured: row.captured, refunded }, totals, undefined);
  const events = await db
    .selectFrom("order_events")
    .select(["type", "from_status", "to_status", "actor", "data", "created_at"])
    .where("order_id", "=", orderId)
    .orderBy("id")
    .execute();
  const substitutions = await db
    .selectFrom("order_substitutions")
    .select(["sku_id", "title", "quantity", "stock_level", "suggestions", "answer", "answered_at"])
    .where("order_id", "=", orderId)
    .orderBy("proposed_at", "desc")
    .orderBy("sku_id")
    .execute();
  return {
    ...order,
    customer,
    substitutions: substitutions.map((s) => ({
      ...s,
      answered_at: s.answered_at ? new Date(s.answered_at).toISOString() : null,
    })),
    money: {
      total: row.total,
      credit: row.credit,
      captured: row.captured,
      refunded,
      refundable: refundable.ok ? refundable.amount : 0,
    },
    events: events.map((e) => ({
      type: e.type,
      from_status: e.from_status,
      to_status: e.to_status,
      actor: e.actor,
      data: e.data as ConsoleOrder["events"][number]["data"],
      at: new Date(e.created_at).toISOString(),
    })),
  };
}
