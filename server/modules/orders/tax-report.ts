import { type ReportOrder, reportState } from "#domain/tax/report.ts";
import type { Db } from "#server/platform/db.ts";

/**
 * A store's placed orders of a period, as the tax report reads them (issue 33 §1, domain/tax/report.ts): when each
 * was placed, where it stands, the tax lines it charged and those refunds gave back. Orders never placed (a payment
 * still waiting, or declined) are left out, as the order history leaves them.
 */
export async function ordersForTaxReport(
  db: Db,
  storeId: string,
  period: { start: Date; end: Date },
): Promise<ReportOrder[]> {
  const rows = await db
    .selectFrom("orders as o")
    .innerJoin("payments as p", "p.id", "o.payment_id")
    .select([
      "o.id",
      "o.order_number",
      "o.created_at",
      "o.order_status",
      "o.shipping",
      "o.failed_status",
      "o.tax_lines",
      "o.tax_refunded",
    ])
    .where("o.store_id", "=", storeId)
    .where("o.created_at", ">=", period.start)
    .where("o.created_at", "<", period.end)
    .where("o.order_status", "!=", -1)
    .where((eb) => eb.or([eb("o.order_status", "!=", 5), eb("p.failure_message", "is", null)]))
    .orderBy("o.order_number")
    .execute();
  return rows.map((o) => ({
    id: o.id,
    number: o.order_number,
    placedAt: new Date(o.created_at),
    state: reportState(o),
    taxLines: o.tax_lines,
    taxRefunded: o.tax_refunded,
  }));
}
