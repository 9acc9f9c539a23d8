import { csvDollars, csvField } from "../tax/report.ts";
import type { Statement } from "./statement.ts";
import type { Period } from "./types.ts";

/**
 * A statement as CSV (RFC 4180, CRLF, dollars with two decimals; a cell starting with =, +, - or @ is escaped so a
 * spreadsheet does not run it): its lines, or the orders behind them, one row per order with its share of each
 * figure. Both add up to the statement's figures.
 */

const row = (cells: (string | number)[]) => `${cells.map(csvField).join(",")}\r\n`;

export const LINES_CSV_HEADER = [
  "store",
  "period_from",
  "period_to",
  "status",
  "line",
  "category",
  "funded_by",
  "reason",
  "kept_by",
  "orders",
  "amount",
] as const;

export function statementLinesCsv(input: {
  storeName: string;
  statement: Statement;
  status: string;
  label: (key: string) => string;
}): string {
  const { storeName, statement, status } = input;
  const { from, to } = statement.period;
  return [
    row([...LINES_CSV_HEADER]),
    ...statement.lines.map((l) =>
      row([
        storeName,
        from,
        to,
        status,
        input.label(l.key),
        l.category,
        l.funder ?? "",
        l.reason ?? "",
        l.keptBy ?? "",
        l.orders.length,
        csvDollars(l.cents),
      ]),
    ),
  ].join("");
}

/** The orders CSV's figures, by statement line key (refunds, of every reason, in one column with the reasons). */
export const ORDER_FIGURES = [
  ["merchandise", "merchandise"],
  ["delivery_fees", "delivery_fees"],
  ["tips", "tips"],
  ["taxes", "taxes"],
  ["donations", "donations"],
  ["promos:platform", "promos_platform_funded"],
  ["promos:store", "promos_store_funded"],
  ["credit", "credit"],
  ["refunds", "refunds"],
  ["commission", "commission"],
  ["processing_fees", "processing_fees"],
  ["net_payable", "net_payable"],
] as const;

export const ORDERS_CSV_HEADER = [
  "order_number",
  "order_id",
  ...ORDER_FIGURES.map(([, h]) => h),
  "refund_reasons",
];

export function statementOrdersCsv(input: {
  statement: Statement;
  orderNumbers: ReadonlyMap<string, number>;
}): string {
  const { statement } = input;
  const shares = new Map<string, Map<string, number>>();
  const reasons = new Map<string, Set<string>>();
  for (const l of statement.lines) {
    const key = l.category === "refunds" ? "refunds" : l.key;
    for (const o of l.orders) {
      const mine = shares.get(o.orderId) ?? new Map<string, number>();
      mine.set(key, (mine.get(key) ?? 0) + o.cents);
      shares.set(o.orderId, mine);
      if (l.reason) reasons.set(o.orderId, (reasons.get(o.orderId) ?? new Set()).add(l.reason));
    }
  }
  const ids = [...shares.keys()].sort(
    (a, b) => (input.orderNumbers.get(a) ?? 0) - (input.orderNumbers.get(b) ?? 0) || a.localeCompare(b),
  );
  return [
    row(ORDERS_CSV_HEADER),
    ...ids.map((id) =>
      row([
        input.orderNumbers.get(id) ?? "",
        id,
        ...ORDER_FIGURES.map(([key]) => csvDollars(shares.get(id)?.get(key) ?? 0)),
        [...(reasons.get(id) ?? [])].join(" "),
      ]),
    ),
  ].join("");
}

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

/** "nightcap-statement-nightcap-wacker-2026-11-23-to-2026-11-29-orders.csv" */
export function statementFileName(storeName: string, period: Period, what: "lines" | "orders"): string {
  return `nightcap-statement-${slug(storeName) || "store"}-${period.from}-to-${period.to}${what === "orders" ? "-orders" : ""}.csv`;
}
