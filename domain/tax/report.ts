/**
 * The tax report a store files (issue 33 §1): what its orders of a period charged in tax, by jurisdiction and tax
 * type, what refunds gave back, and the net, in cents, with a total row; and the same as CSV.
 *
 * Which date counts, as a day in the store's time zone (a period is [from, to) of those days): for tax charged, the
 * order's sale date, when it was placed (the bill, its rates and its tax lines are fixed then); for tax refunded, the
 * day the refund was made, whatever the order's period, as a return is deducted when it is made: a filed period never
 * changes because of a later refund (docs/adr/0068-tax-refunds-by-their-day.md). An order that ends undelivered
 * (cancelled, or failed for good) gives all its tax back, so it nets to zero once its refund is in the same period.
 * An order still open (placed, being picked, on the way, or failed but to be tried again) counts as charged; the
 * report says how many there are, since their figures may still change.
 *
 * The report covers what we charged: rates marked `includedInPrice` (collected upstream, in the shelf price) are never
 * on an order's tax lines, so never here.
 */
import { addDays, isoDate, type LocalDate, localInstant } from "../availability/hours.ts";
import { ORDER_STATUS } from "../orders/status.ts";
import { slugify } from "../slug.ts";
import { jurisdictionName } from "./summary.ts";
import type { TaxLine } from "./types.ts";

/** Where an order stands for the report: delivered (a sale), ended undelivered (not a sale), or not ended yet. */
export type ReportOrderState = "delivered" | "undelivered" | "open";

/** What one refund gave back of an order's tax, and when. */
export interface TaxRefund {
  at: Date;
  lines: readonly TaxLine[];
}

/** An order placed in the period, or one placed earlier whose refunds the period holds. */
export interface ReportOrder {
  id: string;
  number: number;
  placedAt: Date;
  state: ReportOrderState;
  taxLines: readonly TaxLine[];
  refunds: readonly TaxRefund[];
}

/** Days in the store's time zone, `to` not included: "2026-11-01" to "2026-12-01" is November. */
export interface TaxPeriod {
  from: string;
  to: string;
}

export interface TaxReportFigures {
  /** Orders of the period that charged this tax (for the total: any tax). */
  orders: number;
  charged: number;
  refunded: number;
  net: number;
}

export interface TaxReportRow extends TaxReportFigures {
  jurisdiction: string;
  jurisdictionName: string;
  taxType: string;
}

export interface TaxReport {
  period: TaxPeriod;
  timeZone: string;
  rows: TaxReportRow[];
  total: TaxReportFigures;
  /** Orders of the period by where they stand (all of them, taxed or not). */
  orders: Record<ReportOrderState, number>;
}

/** The longest period a report covers: a year (366 days, a leap year's). */
export const MAX_PERIOD_DAYS = 366;

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

function localDate(text: string): LocalDate | null {
  const m = ISO_DAY.exec(text);
  if (!m) return null;
  const date = { year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) };
  // A real calendar day: "2026-02-30" is not one.
  return isoDate(addDays(date, 0)) === text ? date : null;
}

const dayNumber = (d: LocalDate) => Date.UTC(d.year, d.month - 1, d.day) / 86_400_000;

/** Checks a period asked for: two calendar days, `from` before `to`, a year at most. The message says what is wrong. */
export function checkPeriod(
  from: string,
  to: string,
): { ok: true; period: TaxPeriod } | { ok: false; message: string } {
  const start = localDate(from);
  const end = localDate(to);
  if (!start || !end) return { ok: false, message: "Give the period as two days, YYYY-MM-DD." };
  const days = dayNumber(end) - dayNumber(start);
  if (days <= 0) return { ok: false, message: "The period must end after it starts." };
  if (days > MAX_PERIOD_DAYS) return { ok: false, message: "A tax report covers a year at most." };
  return { ok: true, period: { from, to } };
}

/** The period's instants: its first day's midnight and its end's, in the store's time zone. */
export function periodInstants(period: TaxPeriod, timeZone: string): { start: Date; end: Date } {
  const from = localDate(period.from);
  const to = localDate(period.to);
  if (!from || !to) throw new RangeError(`not a period: ${period.from} to ${period.to}`);
  return { start: localInstant(from, 0, timeZone), end: localInstant(to, 0, timeZone) };
}

/** A calendar month as a period: `month` 1–12. */
export function monthPeriod(year: number, month: number): TaxPeriod {
  const from = { year, month, day: 1 };
  const next = month === 12 ? { year: year + 1, month: 1, day: 1 } : { year, month: month + 1, day: 1 };
  return { from: isoDate(from), to: isoDate(next) };
}

/** The period's last day (the day before `to`), for labels and file names. */
export const lastDay = (period: TaxPeriod): string => {
  const to = localDate(period.to);
  if (!to) throw new RangeError(`not a day: ${period.to}`);
  return isoDate(addDays(to, -1));
};

const key = (line: TaxLine) => JSON.stringify([line.jurisdiction, line.taxType]);

/**
 * The report of the tax charged by the orders placed in the period and refunded in it (whatever else is given is
 * left out), rows in jurisdiction then tax type order.
 */
export function taxReport(orders: readonly ReportOrder[], period: TaxPeriod, timeZone: string): TaxReport {
  const { start, end } = periodInstants(period, timeZone);
  const rows = new Map<string, TaxReportRow & { ids: Set<string> }>();
  const row = (line: TaxLine) => {
    const k = key(line);
    let r = rows.get(k);
    if (!r) {
      r = {
        jurisdiction: line.jurisdiction,
        jurisdictionName: jurisdictionName(line.jurisdiction),
        taxType: line.taxType,
        orders: 0,
        charged: 0,
        refunded: 0,
        net: 0,
        ids: new Set(),
      };
      rows.set(k, r);
    }
    return r;
  };
  const counts: Record<ReportOrderState, number> = { delivered: 0, undelivered: 0, open: 0 };
  const taxed = new Set<string>();
  const inPeriod = (at: Date) => at.getTime() >= start.getTime() && at.getTime() < end.getTime();
  for (const order of orders) {
    for (const refund of order.refunds)
      if (inPeriod(refund.at)) for (const line of refund.lines) row(line).refunded += line.cents;
    if (!inPeriod(order.placedAt)) continue;
    counts[order.state] += 1;
    for (const line of order.taxLines) {
      const r = row(line);
      r.charged += line.cents;
      if (line.cents !== 0) {
        r.ids.add(order.id);
        taxed.add(order.id);
      }
    }
  }
  const list = [...rows.values()]
    .map(({ ids, ...r }) => ({ ...r, orders: ids.size, net: r.charged - r.refunded }))
    .sort(
      (a, b) =>
        a.jurisdiction.localeCompare(b.jurisdiction, "en") || a.taxType.localeCompare(b.taxType, "en"),
    );
  const charged = list.reduce((n, r) => n + r.charged, 0);
  const refunded = list.reduce((n, r) => n + r.refunded, 0);
  return {
    period,
    timeZone,
    rows: list,
    total: { orders: taxed.size, charged, refunded, net: charged - refunded },
    orders: counts,
  };
}

/** Cents as the CSV writes them: dollars with two decimals, no sign but a minus, no thousands separator. */
export function csvDollars(cents: number): string {
  if (!Number.isInteger(cents)) throw new RangeError(`cents must be an integer, got ${cents}`);
  const abs = Math.abs(cents);
  return `${cents < 0 ? "-" : ""}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** A CSV field: quoted when it holds a comma, a quote or a line break; a leading =, +, - or @ in text is escaped. */
export function csvField(value: string | number): string {
  if (typeof value === "number") return String(value);
  const text = /^[=+\-@]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export const CSV_HEADER = [
  "store",
  "period_from",
  "period_to",
  "jurisdiction_id",
  "jurisdiction",
  "tax_type",
  "orders",
  "tax_charged",
  "tax_refunded",
  "net_tax",
] as const;

/**
 * The report as CSV (RFC 4180, CRLF): one row per jurisdiction and tax type, then a total row; dollars with two
 * decimals; the period by its first and last days (both included).
 */
export function taxReportCsv(report: TaxReport, storeName: string): string {
  const from = report.period.from;
  const to = lastDay(report.period);
  const line = (cells: (string | number)[]) => cells.map(csvField).join(",");
  const money = (f: TaxReportFigures) => [
    f.orders,
    csvDollars(f.charged),
    csvDollars(f.refunded),
    csvDollars(f.net),
  ];
  return [
    line([...CSV_HEADER]),
    ...report.rows.map((r) =>
      line([storeName, from, to, r.jurisdiction, r.jurisdictionName, r.taxType, ...money(r)]),
    ),
    line([storeName, from, to, "", "Total", "", ...money(report.total)]),
  ]
    .map((l) => `${l}\r\n`)
    .join("");
}

/** The download's file name: the store and the period's days, e.g. "nightcap-tax-chicago-loop-2026-11-01-to-2026-11-30.csv". */
export function taxReportFileName(storeName: string, period: TaxPeriod): string {
  const slug = slugify(storeName) || "store";
  return `nightcap-tax-${slug}-${period.from}-to-${lastDay(period)}.csv`;
}

/**
 * Where an order stands, from its statuses (domain/orders/status.ts): completed or refunded after delivery is a sale;
 * cancelled, failed for good (a hard failure, or any failed shipment) ended undelivered; the rest may still change
 * (a soft failure is tried again).
 */
export function reportState(order: {
  order_status: number;
  shipping: boolean;
  failed_status: { state: "soft" | "hard" } | null;
}): ReportOrderState {
  switch (order.order_status) {
    case ORDER_STATUS.completed:
    case ORDER_STATUS.refunded:
      return "delivered";
    case ORDER_STATUS.cancelled:
      return "undelivered";
    case ORDER_STATUS.failed:
      return order.shipping || order.failed_status?.state === "hard" ? "undelivered" : "open";
    default:
      return "open";
  }
}
