import { type Insertable, type Selectable, sql, type Transaction } from "kysely";
import type { Database } from "#db/schema.ts";
import type { OrdersTable } from "#db/schema-checkout.ts";
import { refundTax } from "#domain/tax/refund.ts";
import type { TaxLine } from "#domain/tax/types.ts";

type Tx = Transaction<Database>;

/**
 * The order's row and lines are the orders module's (docs/ARCHITECTURE.md, "Tables and their owners"): other modules
 * change them through these, in their own transaction, with the order locked (`lockOrder`) where they read it first.
 */

/** The order's row, locked for the caller's transaction (`select … for update`); the shopper's own when `userId`. */
export async function lockOrder(
  tx: Tx,
  orderId: string,
  userId?: string,
): Promise<Selectable<OrdersTable> | undefined> {
  let query = tx.selectFrom("orders").selectAll().where("id", "=", orderId);
  if (userId !== undefined) query = query.where("user_id", "=", userId);
  return query.forUpdate().executeTakeFirst();
}

/** A driver takes an on-demand order out (its dispatch): who carries it, from where, and its arrival. */
export async function setOrderDriver(
  tx: Tx,
  orderId: string,
  run: { driverId: string; position: string; etaAt: Date; trackingState: string },
): Promise<void> {
  await tx
    .updateTable("orders")
    .set({
      driver_id: run.driverId,
      driver_position: run.position,
      driver_eta_at: run.etaAt,
      tracking_state: run.trackingState,
    })
    .where("id", "=", orderId)
    .execute();
}

/** The driver's latest position report: where, the arrival it gives and the tracking state. */
export async function setDriverPosition(
  tx: Tx,
  orderId: string,
  report: { position: string; etaAt: Date; trackingState: string },
): Promise<void> {
  await tx
    .updateTable("orders")
    .set({
      driver_position: report.position,
      driver_eta_at: report.etaAt,
      tracking_state: report.trackingState,
      version: sql`version + 1`,
    })
    .where("id", "=", orderId)
    .execute();
}

/** A gift's recipient chose when and where: the slot or ETA, the address's unit and their note for the driver. */
export async function setGiftDelivery(
  tx: Tx,
  orderId: string,
  delivery: {
    scheduled: string | null;
    etaMinutes: number | null;
    deliveryAddressDetail: string;
    deliveryNotes: string | null;
  },
): Promise<void> {
  await tx
    .updateTable("orders")
    .set({
      scheduled: delivery.scheduled,
      eta_minutes: delivery.etaMinutes,
      delivery_address_detail: delivery.deliveryAddressDetail,
      delivery_notes: delivery.deliveryNotes,
      updated_at: new Date(),
    })
    .where("id", "=", orderId)
    .execute();
}

/** The order's substitution status moves (proposed, viewing). */
export async function setSubstitutionStatus(tx: Tx, orderId: string, status: string): Promise<void> {
  await tx
    .updateTable("orders")
    .set({ substitution_status: status, version: sql`version + 1`, updated_at: new Date() })
    .where("id", "=", orderId)
    .execute();
}

/** The order's money as its substitutions settled it, with what was charged apart for them, and its status. */
export async function setSubstitutedMoney(
  tx: Tx,
  orderId: string,
  settled: {
    subtotal: number;
    discount: number;
    credit: number;
    total: number;
    tax: number;
    taxLines: TaxLine[];
    extraCharged: number;
    lineItems: unknown;
    substitutionStatus: string;
  },
): Promise<void> {
  await tx
    .updateTable("orders")
    .set({
      subtotal: settled.subtotal,
      discount: settled.discount,
      credit: settled.credit,
      total: settled.total,
      tax: settled.tax,
      tax_lines: JSON.stringify(settled.taxLines),
      extra_charged: sql`extra_charged + ${settled.extraCharged}`,
      line_items: JSON.stringify(settled.lineItems),
      substitution_status: settled.substitutionStatus,
      version: sql`version + 1`,
      updated_at: new Date(),
    })
    .where("id", "=", orderId)
    .execute();
}

/** The checkout's tip changed: the order's tip, the credit it spends, its total and its bill's lines. */
export async function setOrderTip(
  tx: Tx,
  orderId: string,
  money: { tip: number; credit: number; total: number; lineItems: unknown },
): Promise<void> {
  await tx
    .updateTable("orders")
    .set({
      tip: money.tip,
      credit: money.credit,
      total: money.total,
      line_items: JSON.stringify(money.lineItems),
      version: sql`version + 1`,
      updated_at: new Date(),
    })
    .where("id", "=", orderId)
    .execute();
}

/** An order line a substitution took out. */
export async function removeOrderLine(tx: Tx, lineId: number): Promise<void> {
  await tx.deleteFrom("order_lines").where("id", "=", lineId).execute();
}

/** An order line's new quantity (and so its subtotal). */
export async function setOrderLineQty(tx: Tx, lineId: number, qty: number, subtotal: number): Promise<void> {
  await tx.updateTable("order_lines").set({ qty, subtotal }).where("id", "=", lineId).execute();
}

/** Lines added to an order after it was placed (a substitution's replacements). */
export async function addOrderLines(tx: Tx, lines: Insertable<Database["order_lines"]>[]): Promise<void> {
  await tx.insertInto("order_lines").values(lines).execute();
}

/** Each order's share of a capture just planned (payments decides them: payments/capture-shares.ts). */
export async function setCapturedShares(
  tx: Tx,
  shares: { orderId: string; amount: number }[],
): Promise<void> {
  for (const share of shares)
    await tx.updateTable("orders").set({ captured: share.amount }).where("id", "=", share.orderId).execute();
}

/** A capture the provider refused took nothing: no order of the payment holds a share any more. */
export async function clearCapturedShares(tx: Tx, paymentId: string): Promise<void> {
  await tx.updateTable("orders").set({ captured: 0 }).where("payment_id", "=", paymentId).execute();
}

/**
 * The tax a refund gives back (issue 33): with `all`, whatever of the order's tax is not back yet (an order that
 * ends undelivered was never a sale); else each tax line in proportion to the money refunded, `refunded` of the
 * order's `total` after `before` refunded earlier, to the cent and never more than charged (domain/tax/refund.ts).
 */
export async function giveBackTax(
  tx: Tx,
  orderId: string,
  refund: "all" | { refunded: number; before: number; total: number },
): Promise<TaxLine[]> {
  const order = await tx
    .selectFrom("orders")
    .select(["store_id", "tax_lines", "tax_refunded"])
    .where("id", "=", orderId)
    .executeTakeFirstOrThrow();
  if (order.tax_lines.length === 0) return [];
  let back: TaxLine[];
  if (refund === "all") {
    back = refundTax(order.tax_lines, everyLine(order.tax_lines, { num: 1, den: 1 }), order.tax_refunded);
  } else {
    if (refund.total <= 0 || refund.refunded <= 0) return [];
    const before = Math.min(refund.before, refund.total);
    const now = Math.min(refund.refunded, refund.total - before);
    back = refundTax(
      order.tax_lines,
      [...new Set(order.tax_lines.map((l) => l.lineId))].map((lineId) => ({
        lineId,
        cents: now,
        amount: refund.total,
        before,
      })),
      order.tax_refunded,
    );
  }
  if (back.length === 0) return [];
  await tx
    .updateTable("orders")
    .set({ tax_refunded: JSON.stringify([...order.tax_refunded, ...back]) })
    .where("id", "=", orderId)
    .execute();
  // And when: the tax report deducts a refund in the period it was made.
  await tx
    .insertInto("order_tax_refunds")
    .values({ order_id: orderId, store_id: order.store_id, lines: JSON.stringify(back) })
    .execute();
  return back;
}

function everyLine(lines: readonly TaxLine[], fraction: { num: number; den: number }) {
  const before = { num: 0, den: 1 };
  return [...new Set(lines.map((l) => l.lineId))].map((lineId) => ({ lineId, fraction, before }));
}

/** An order refused at the door keeps its store's return fee (docs/adr/0062-the-handover-at-the-door.md). */
export async function setKeptFee(tx: Tx, orderId: string, cents: number): Promise<void> {
  await tx.updateTable("orders").set({ kept_fee: cents }).where("id", "=", orderId).execute();
}
