import { sql } from "kysely";
import {
  type LedgerOperation,
  type LedgerOrder,
  orderMoneyEvents,
  type StaffRefund,
} from "#domain/statements/ledger.ts";
import type { Funder, MoneyEvent } from "#domain/statements/types.ts";
import type { Db } from "#server/platform/db.ts";

/**
 * Records a store's money events not recorded yet (domain/statements/ledger.ts says how each is read): every
 * succeeded capture and refund of its orders' payments, once each (`statement_events.id` is the operation's), dated
 * in the store's time zone. A closed statement names the events it counted; one recorded after its period closed is
 * carried into the next. Run before a statement is read or closed; two at once record each event once.
 */
export async function recordEvents(db: Db, storeId: string, timeZone: string): Promise<number> {
  const ops = await db
    .selectFrom("orders as o")
    .innerJoin("payments as p", (join) =>
      join.on((eb) =>
        eb.or([eb("p.id", "=", eb.ref("o.payment_id")), eb("p.order_id", "=", eb.ref("o.id"))]),
      ),
    )
    .innerJoin("payment_operations as op", "op.payment_id", "p.id")
    .select([
      "o.id as order_id",
      "op.id",
      "op.kind",
      "op.amount",
      "op.updated_at",
      "op.created_at",
      "op.order_id as op_order_id",
      "p.purpose",
    ])
    .where("o.store_id", "=", storeId)
    .where("op.status", "=", "succeeded")
    .where("op.kind", "in", ["capture", "refund"])
    .orderBy("op.id")
    .execute();
  // Orders paid wholly by credit and promo have no card payment: they count once delivered.
  const noCard = await db
    .selectFrom("orders as o")
    .innerJoin("payments as p", "p.id", "o.payment_id")
    .innerJoin("order_events as e", "e.order_id", "o.id")
    .select(["o.id as order_id", (eb) => eb.fn.min("e.created_at").as("delivered_at")])
    .where("o.store_id", "=", storeId)
    .where("p.provider_intent_id", "is", null)
    .where("o.captured", "=", 0)
    .where("e.type", "=", "deliver")
    .groupBy("o.id")
    .execute();
  // A checkout payment's refund is for the order it names; its capture is each of its orders' share.
  const mine = [
    ...noCard.map((d) => ({
      order_id: d.order_id,
      id: "none" as string | number,
      kind: "capture" as const,
      amount: 0,
      updated_at: new Date(d.delivered_at as Date),
      created_at: new Date(d.delivered_at as Date),
      op_order_id: null,
      purpose: "checkout" as const,
      noCard: true as const,
    })),
    ...ops
      .filter((op) => op.kind === "capture" || op.purpose !== "checkout" || op.op_order_id === op.order_id)
      .map((op) => ({ ...op, noCard: undefined })),
  ];
  if (mine.length === 0) return 0;
  const recorded = new Map<string, MoneyEvent>();
  for (const row of await db
    .selectFrom("statement_events")
    .select(["id", "event"])
    .where("store_id", "=", storeId)
    .where("order_id", "in", [...new Set(mine.map((o) => o.order_id))])
    .execute())
    recorded.set(row.id, row.event);
  const seen = (op: (typeof mine)[number]) =>
    op.noCard
      ? recorded.has(`cap:none:${op.order_id}`)
      : op.kind === "refund"
        ? recorded.has(`ref:${op.id}`)
        : op.purpose === "checkout"
          ? recorded.has(`cap:${op.id}:${op.order_id}`)
          : recorded.has(`${op.purpose === "tip" ? "tip" : "xc"}:${op.id}`);
  const orderIds = [...new Set(mine.filter((op) => !seen(op)).map((op) => op.order_id))];
  if (orderIds.length === 0) return 0;

  const orders = await db
    .selectFrom("orders as o")
    .leftJoin("promos as pr", "pr.code", "o.promo_code")
    .select([
      "o.id",
      "o.subtotal",
      "o.delivery_fee",
      "o.shipping_fee",
      "o.discount",
      "o.tip",
      "o.credit",
      "o.round_up",
      "o.tax",
      "o.captured",
      "o.kept_fee",
      "o.order_status",
      "o.shipping",
      "o.failed_status",
      "pr.funded_by",
    ])
    .where("o.id", "in", orderIds)
    .execute();
  const refunds = await db
    .selectFrom("order_events")
    .select(["order_id", "data"])
    .where("order_id", "in", orderIds)
    .where("type", "=", "refund")
    .orderBy("id")
    .execute();

  // A refund's tax, as the orders module gave it back in the refund's own transaction (same `now()`).
  const taxRefunds = await db
    .selectFrom("order_tax_refunds")
    .select(["order_id", "refunded_at", "lines"])
    .where("order_id", "in", orderIds)
    .execute();
  const taxOf = (orderId: string, at: Date) => {
    const found = taxRefunds.filter(
      (t) => t.order_id === orderId && new Date(t.refunded_at).getTime() === new Date(at).getTime(),
    );
    return found.length === 0
      ? undefined
      : found.flatMap((t) => t.lines).reduce((sum, l) => sum + l.cents, 0);
  };

  const rows: { id: string; store_id: string; order_id: string; day: string; event: string }[] = [];
  for (const o of orders) {
    const dropped =
      o.order_status === 5
        ? ("cancelled" as const)
        : o.order_status === 4 && (o.shipping || o.failed_status?.state !== "soft")
          ? ("failed" as const)
          : null;
    const order: LedgerOrder = {
      id: o.id,
      subtotal: o.subtotal,
      fee: o.delivery_fee + o.shipping_fee,
      discount: o.discount,
      tip: o.tip,
      credit: o.credit,
      roundUp: o.round_up,
      tax: o.tax,
      captured: o.captured,
      keptFee: o.kept_fee,
      dropped,
      promoFunder: (o.funded_by ?? "platform") as Funder,
    };
    const operations: LedgerOperation[] = mine
      .filter((op) => op.order_id === o.id)
      .map((op) => ({
        id: op.id,
        kind: op.kind as "capture" | "refund",
        amount: op.amount,
        at: new Date(op.updated_at),
        purpose: op.purpose,
        tax: op.kind === "refund" && op.purpose === "checkout" ? taxOf(o.id, op.created_at) : undefined,
        ...(op.noCard ? { noCard: true as const } : {}),
      }));
    const staffRefunds: StaffRefund[] = refunds
      .filter((r) => r.order_id === o.id)
      .map((r) => r.data as { amount?: number; reason?: string })
      .filter((d) => typeof d.amount === "number")
      .map((d) => ({ amount: d.amount as number, reason: d.reason ?? "" }));
    for (const event of orderMoneyEvents({ order, operations, staffRefunds, timeZone, recorded }))
      if (!recorded.has(event.id))
        rows.push({
          id: event.id,
          store_id: storeId,
          order_id: o.id,
          day: event.date,
          event: JSON.stringify(event),
        });
  }
  if (rows.length === 0) return 0;
  const inserted = await db
    .insertInto("statement_events")
    .values(rows)
    .onConflict((oc) => oc.column("id").doNothing())
    .returning("id")
    .execute();
  return inserted.length;
}

/** The day column as text, "YYYY-MM-DD", whatever the driver makes of a date. */
export const dayText = (column: string) => sql<string>`to_char(${sql.ref(column)}, 'YYYY-MM-DD')`;
