import { type ReportOrder, reportState } from "#domain/tax/report.ts";
import type { Db } from "#server/platform/db.ts";

/**
 * The orders a store's tax report reads for a period (issue 33 §1, domain/tax/report.ts): those placed in it, and
 * those placed earlier whose refunds were made in it; each with when it was placed, where it stands, the tax lines it
 * charged and its refunds made in the period, with their days. Orders never placed (a payment still waiting, or declined) are left out, as
 * the order history leaves them.
 */
export async function ordersForTaxReport(
  db: Db,
  storeId: string,
  period: { start: Date; end: Date },
): Promise<ReportOrder[]> {
  const refundedInPeriod = db
    .selectFrom("order_tax_refunds")
    .select("order_id")
    .where("store_id", "=", storeId)
    .where("refunded_at", ">=", period.start)
    .where("refunded_at", "<", period.end);
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
    ])
    .where("o.store_id", "=", storeId)
    .where((eb) =>
      eb.or([
        eb.and([eb("o.created_at", ">=", period.start), eb("o.created_at", "<", period.end)]),
        eb("o.id", "in", refundedInPeriod),
      ]),
    )
    .where("o.order_status", "!=", -1)
    .where((eb) => eb.or([eb("o.order_status", "!=", 5), eb("p.failure_message", "is", null)]))
    .orderBy("o.order_number")
    .execute();
  // Only the period's refunds count (domain/tax/report.ts), so only they are read.
  const refunds = new Map<string, ReportOrder["refunds"][number][]>();
  for (const r of await refundedInPeriod.select(["refunded_at", "lines"]).orderBy("id").execute())
    refunds.set(r.order_id, [
      ...(refunds.get(r.order_id) ?? []),
      { at: new Date(r.refunded_at), lines: r.lines },
    ]);
  return rows.map((o) => ({
    id: o.id,
    number: o.order_number,
    placedAt: new Date(o.created_at),
    state: reportState(o),
    taxLines: o.tax_lines,
    refunds: refunds.get(o.id) ?? [],
  }));
}
