import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  checkPeriod,
  csvDollars,
  lastDay,
  monthPeriod,
  periodInstants,
  type ReportOrder,
  reportState,
  taxReport,
  taxReportCsv,
  taxReportFileName,
} from "./report.ts";
import type { TaxLine } from "./types.ts";

const CHI = "America/Chicago";
const NOV = { from: "2026-11-01", to: "2026-12-01" };
const line = (lineId: string, jurisdiction: string, taxType: string, cents: number): TaxLine => ({
  lineId,
  jurisdiction,
  taxType,
  cents,
});

// A delivered order refunded in part, and a cancelled one given all of its tax back.
const delivered: ReportOrder = {
  id: "o1",
  number: 1001,
  placedAt: new Date("2026-11-10T18:00:00Z"),
  state: "delivered",
  taxLines: [
    line("a", "US-IL", "sales", 188),
    line("b", "US-IL", "sales", 62),
    line("a", "US-IL-CHICAGO", "retail liquor", 45),
    line("order", "US-IL-CHICAGO", "checkout bag", 7),
  ],
  refunds: [{ at: new Date("2026-11-12T15:00:00Z"), lines: [line("b", "US-IL", "sales", 62)] }],
};
const cancelled: ReportOrder = {
  id: "o2",
  number: 1002,
  placedAt: new Date("2026-11-30T23:30:00-06:00"), // the last evening of November in Chicago (UTC: 1 December)
  state: "undelivered",
  taxLines: [line("c", "US-IL", "sales", 100), line("c", "US-IL-CHICAGO", "retail liquor", 20)],
  refunds: [
    {
      at: new Date("2026-11-30T23:45:00-06:00"),
      lines: [line("c", "US-IL", "sales", 100), line("c", "US-IL-CHICAGO", "retail liquor", 20)],
    },
  ],
};

describe("taxReport", () => {
  it("sums charged and refunded tax by jurisdiction and tax type, with the orders that charged it and a total", () => {
    const report = taxReport([delivered, cancelled], NOV, CHI);
    expect(report.rows).toEqual([
      {
        jurisdiction: "US-IL",
        jurisdictionName: "Illinois",
        taxType: "sales",
        orders: 2,
        charged: 350,
        refunded: 162,
        net: 188,
      },
      {
        jurisdiction: "US-IL-CHICAGO",
        jurisdictionName: "City of Chicago",
        taxType: "checkout bag",
        orders: 1,
        charged: 7,
        refunded: 0,
        net: 7,
      },
      {
        jurisdiction: "US-IL-CHICAGO",
        jurisdictionName: "City of Chicago",
        taxType: "retail liquor",
        orders: 2,
        charged: 65,
        refunded: 20,
        net: 45,
      },
    ]);
    expect(report.total).toEqual({ orders: 2, charged: 422, refunded: 182, net: 240 });
    expect(report.orders).toEqual({ delivered: 1, undelivered: 1, open: 0 });
  });

  it("an order that ends undelivered nets to zero", () => {
    const report = taxReport([cancelled], NOV, CHI);
    expect(report.rows.map((r) => r.net)).toEqual([0, 0]);
    expect(report.total.net).toBe(0);
  });

  it.each([
    // [placed at, in November in Chicago?]
    ["2026-11-01T04:59:59Z", false], // 31 October, 23:59:59 CDT
    ["2026-11-01T05:00:00Z", true], // 1 November, midnight CDT (summer time ends at 2 a.m. that day)
    ["2026-12-01T05:59:59Z", true], // 30 November, 23:59:59 CST
    ["2026-12-01T06:00:00Z", false], // 1 December, midnight CST
  ] as const)("counts an order placed at %s by the store's day: %s", (at, inside) => {
    const report = taxReport([{ ...delivered, placedAt: new Date(at), refunds: [] }], NOV, CHI);
    expect(report.total.orders).toBe(inside ? 1 : 0);
    expect(report.rows.length).toBe(inside ? 3 : 0);
  });

  it("a refund counts on the day it was made: an October order refunded in November lowers November's net only", () => {
    const october = {
      ...delivered,
      placedAt: new Date("2026-10-30T18:00:00Z"),
      refunds: [{ at: new Date("2026-11-02T18:00:00Z"), lines: [line("a", "US-IL", "sales", 50)] }],
    };
    const oct = taxReport([october], { from: "2026-10-01", to: "2026-11-01" }, CHI);
    expect(oct.total).toEqual({ orders: 1, charged: 302, refunded: 0, net: 302 });
    const nov = taxReport([october], NOV, CHI);
    expect(nov.rows).toEqual([
      {
        jurisdiction: "US-IL",
        jurisdictionName: "Illinois",
        taxType: "sales",
        orders: 0,
        charged: 0,
        refunded: 50,
        net: -50,
      },
    ]);
    expect(nov.total).toEqual({ orders: 0, charged: 0, refunded: 50, net: -50 });
    expect(nov.orders).toEqual({ delivered: 0, undelivered: 0, open: 0 });
  });

  it("an order cancelled after its period closed nets to zero over the two periods, not in each", () => {
    const late = {
      ...cancelled,
      refunds: cancelled.refunds.map((r) => ({ ...r, at: new Date("2026-12-01T15:00:00Z") })),
    };
    const dec = { from: "2026-12-01", to: "2027-01-01" };
    expect(taxReport([late], NOV, CHI).total.net).toBe(120);
    expect(taxReport([late], dec, CHI).total.net).toBe(-120);
  });

  it("counts open orders apart, and an order without tax in the orders but not in the taxed total", () => {
    const open = { ...delivered, id: "o3", state: "open" as const, refunds: [] };
    const untaxed = { ...delivered, id: "o4", taxLines: [], refunds: [] };
    const report = taxReport([open, untaxed], NOV, CHI);
    expect(report.orders).toEqual({ delivered: 1, undelivered: 0, open: 1 });
    expect(report.total).toEqual({ orders: 1, charged: 302, refunded: 0, net: 302 });
  });

  it("an empty period is no rows and a zero total", () => {
    expect(taxReport([], NOV, CHI)).toMatchObject({
      rows: [],
      total: { orders: 0, charged: 0, refunded: 0, net: 0 },
    });
  });

  it("names a jurisdiction we have no name for by its id", () => {
    const odd = { ...delivered, taxLines: [line("a", "US-XX", "sales", 5)], refunds: [] };
    expect(taxReport([odd], NOV, CHI).rows[0].jurisdictionName).toBe("US-XX");
  });
});

describe("the net is what was charged less what was refunded", () => {
  const jurisdictions = ["US-IL", "US-IL-COOK", "US-IL-CHICAGO", "US-IL-RTA"];
  const types = ["sales", "retail liquor", "checkout bag"];
  const taxLine = fc.record({
    lineId: fc.constantFrom("a", "b", "fee", "order"),
    jurisdiction: fc.constantFrom(...jurisdictions),
    taxType: fc.constantFrom(...types),
    cents: fc.integer({ min: 0, max: 100_000 }),
  });
  const order = fc
    .record({
      id: fc.uuid(),
      number: fc.integer({ min: 1, max: 1e6 }),
      // From mid-October to mid-December: some in the period, some not.
      placedAt: fc.date({ min: new Date("2026-10-15T00:00:00Z"), max: new Date("2026-12-15T00:00:00Z") }),
      state: fc.constantFrom("delivered", "undelivered", "open" as const),
      taxLines: fc.array(taxLine, { maxLength: 8 }),
      refundShare: fc.array(fc.integer({ min: 0, max: 100 }), { maxLength: 8 }),
      // The refund's delay after the order: the same day, or weeks later (another period).
      refundAfterMs: fc.integer({ min: 0, max: 40 * 86_400_000 }),
    })
    .filter((o) => !Number.isNaN(o.placedAt.getTime()))
    .map(({ refundShare, refundAfterMs, ...o }): ReportOrder => {
      // Refunds give back part of some lines, never more than charged (as domain/tax/refund.ts does); an undelivered
      // order all of it.
      const lines =
        o.state === "undelivered"
          ? o.taxLines
          : o.taxLines.flatMap((l, i) =>
              refundShare[i] ? [{ ...l, cents: Math.floor((l.cents * refundShare[i]) / 100) }] : [],
            );
      const at = new Date(o.placedAt.getTime() + refundAfterMs);
      return { ...o, refunds: lines.length ? [{ at, lines }] : [] };
    });

  it("row by row and in total, to the cent: charges of the period's orders, refunds made in the period", () => {
    fc.assert(
      fc.property(fc.array(order, { maxLength: 30 }), (orders) => {
        const report = taxReport(orders, NOV, CHI);
        const { start, end } = periodInstants(NOV, CHI);
        const within = (at: Date) => at >= start && at < end;
        const sum = (lines: readonly TaxLine[]) => lines.reduce((n, l) => n + l.cents, 0);
        const charged = sum(orders.filter((o) => within(o.placedAt)).flatMap((o) => [...o.taxLines]));
        const refunded = sum(
          orders.flatMap((o) => o.refunds.filter((r) => within(r.at)).flatMap((r) => [...r.lines])),
        );
        expect(report.total).toMatchObject({ charged, refunded, net: charged - refunded });
        for (const r of report.rows) expect(r.net).toBe(r.charged - r.refunded);
        expect(report.rows.reduce((n, r) => n + r.net, 0)).toBe(report.total.net);
        // An undelivered order placed and refunded within the period adds nothing to the net.
        const settledWithin = orders.filter(
          (o) => o.state === "undelivered" && within(o.placedAt) && o.refunds.every((r) => within(r.at)),
        );
        const without = taxReport(
          orders.filter((o) => !settledWithin.includes(o)),
          NOV,
          CHI,
        );
        expect(without.total.net).toBe(report.total.net);
      }),
    );
  });
});

describe("checkPeriod", () => {
  it.each([
    ["2026-11-01", "2026-12-01", null],
    ["2026-11-01", "2026-11-02", null],
    ["2025-12-01", "2026-12-01", null],
    ["2026-11-01", "2026-11-01", "The period must end after it starts."],
    ["2026-12-01", "2026-11-01", "The period must end after it starts."],
    ["2026-02-30", "2026-03-01", "Give the period as two days, YYYY-MM-DD."],
    ["2026-11", "2026-12-01", "Give the period as two days, YYYY-MM-DD."],
    ["2024-01-01", "2026-01-01", "A tax report covers a year at most."],
  ])("%s to %s: %s", (from, to, message) => {
    const checked = checkPeriod(from, to);
    expect(checked.ok ? null : checked.message).toBe(message);
  });
});

describe("periods", () => {
  it("a month runs from its first day to the next month's", () => {
    expect(monthPeriod(2026, 11)).toEqual(NOV);
    expect(monthPeriod(2026, 12)).toEqual({ from: "2026-12-01", to: "2027-01-01" });
    expect(lastDay(monthPeriod(2028, 2))).toBe("2028-02-29");
  });
});

describe("taxReportCsv", () => {
  it("one line per row and a total, dollars with two decimals, the period's first and last days", () => {
    const csv = taxReportCsv(taxReport([delivered, cancelled], NOV, CHI), "Nightcap Chicago, Loop");
    expect(csv.split("\r\n")).toEqual([
      "store,period_from,period_to,jurisdiction_id,jurisdiction,tax_type,orders,tax_charged,tax_refunded,net_tax",
      '"Nightcap Chicago, Loop",2026-11-01,2026-11-30,US-IL,Illinois,sales,2,3.50,1.62,1.88',
      '"Nightcap Chicago, Loop",2026-11-01,2026-11-30,US-IL-CHICAGO,City of Chicago,checkout bag,1,0.07,0.00,0.07',
      '"Nightcap Chicago, Loop",2026-11-01,2026-11-30,US-IL-CHICAGO,City of Chicago,retail liquor,2,0.65,0.20,0.45',
      '"Nightcap Chicago, Loop",2026-11-01,2026-11-30,,Total,,2,4.22,1.82,2.40',
      "",
    ]);
  });

  it("quotes what needs it and keeps text from reading as a formula", () => {
    const csv = taxReportCsv(taxReport([], NOV, CHI), '=HYPERLINK("x")');
    expect(csv.split("\r\n")[1]).toBe(`"'=HYPERLINK(""x"")",2026-11-01,2026-11-30,,Total,,0,0.00,0.00,0.00`);
  });

  it.each([
    [0, "0.00"],
    [7, "0.07"],
    [123456, "1234.56"],
    [-5, "-0.05"],
  ])("%i cents are %s", (cents, text) => expect(csvDollars(cents)).toBe(text));

  it("names the file by the store and the period", () => {
    expect(taxReportFileName("Nightcap Chicago — Loop", NOV)).toBe(
      "nightcap-tax-nightcap-chicago-loop-2026-11-01-to-2026-11-30.csv",
    );
  });
});

describe("reportState", () => {
  it.each([
    [3, false, null, "delivered"],
    [6, false, null, "delivered"],
    [6, true, null, "delivered"],
    [5, false, null, "undelivered"],
    [4, false, "hard", "undelivered"],
    [4, false, "soft", "open"],
    [4, true, "soft", "undelivered"],
    [0, false, null, "open"],
    [1, false, null, "open"],
    [2, false, null, "open"],
    [7, false, null, "open"],
  ] as const)("status %i (shipped: %s, failed: %s) is %s", (order_status, shipping, failed, state) => {
    expect(reportState({ order_status, shipping, failed_status: failed ? { state: failed } : null })).toBe(
      state,
    );
  });
});
