import { localDateOf } from "#domain/availability/hours.ts";
import {
  checkPeriod,
  lastDay,
  monthPeriod,
  periodInstants,
  type TaxReport,
  taxReport,
  taxReportCsv,
  taxReportFileName,
} from "#domain/tax/report.ts";
import { badRequest } from "#server/errors.ts";
import type { Db } from "#server/platform/db.ts";
import { ordersForTaxReport } from "../orders/index.ts";
import type { Staff } from "./access.ts";
import { workingStore } from "./stock.ts";

/**
 * The store's tax report for filing (issue 33 §1; the rules in domain/tax/report.ts): staff see their own store's,
 * an administrator the store named. The period is days in the store's time zone, `to` not included; none asked for is
 * the current month there.
 */
export interface ConsoleTaxReport {
  store: { id: string; name: string; time_zone: string };
  period: { from: string; to: string; last_day: string };
  rows: {
    jurisdiction: string;
    jurisdiction_name: string;
    tax_type: string;
    orders: number;
    charged: number;
    refunded: number;
    net: number;
  }[];
  total: { orders: number; charged: number; refunded: number; net: number };
  orders: { delivered: number; undelivered: number; open: number };
  file_name: string;
}

export const PERIOD_HALF = "Give both ends of the period (from and to), or neither for this month.";

async function reportOf(
  db: Db,
  staff: Staff,
  query: { store_id?: string; from?: string; to?: string },
  now: Date,
) {
  const found = await workingStore(db, staff, query.store_id);
  const { timezone } = await db
    .selectFrom("stores")
    .select("timezone")
    .where("id", "=", found.id)
    .executeTakeFirstOrThrow();
  let period: { from: string; to: string };
  if (query.from === undefined && query.to === undefined) {
    const today = localDateOf(now, timezone);
    period = monthPeriod(today.year, today.month);
  } else if (query.from === undefined || query.to === undefined) {
    throw badRequest(PERIOD_HALF, "invalid_period");
  } else {
    const checked = checkPeriod(query.from, query.to);
    if (!checked.ok) throw badRequest(checked.message, "invalid_period");
    period = checked.period;
  }
  const orders = await ordersForTaxReport(db, found.id, periodInstants(period, timezone));
  return {
    store: { id: found.id, name: found.name, time_zone: timezone },
    report: taxReport(orders, period, timezone),
  };
}

function answer(store: ConsoleTaxReport["store"], report: TaxReport): ConsoleTaxReport {
  return {
    store,
    period: { ...report.period, last_day: lastDay(report.period) },
    rows: report.rows.map((r) => ({
      jurisdiction: r.jurisdiction,
      jurisdiction_name: r.jurisdictionName,
      tax_type: r.taxType,
      orders: r.orders,
      charged: r.charged,
      refunded: r.refunded,
      net: r.net,
    })),
    total: report.total,
    orders: report.orders,
    file_name: taxReportFileName(store.name, report.period),
  };
}

export async function consoleTaxReport(
  db: Db,
  staff: Staff,
  query: { store_id?: string; from?: string; to?: string },
  now = new Date(),
): Promise<ConsoleTaxReport> {
  const { store, report } = await reportOf(db, staff, query, now);
  return answer(store, report);
}

/** The same report as CSV, with the file name the download takes. */
export async function consoleTaxReportCsv(
  db: Db,
  staff: Staff,
  query: { store_id?: string; from?: string; to?: string },
  now = new Date(),
): Promise<{ csv: string; fileName: string }> {
  const { store, report } = await reportOf(db, staff, query, now);
  return { csv: taxReportCsv(report, store.name), fileName: taxReportFileName(store.name, report.period) };
}
