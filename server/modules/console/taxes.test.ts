import { describe, expect, it } from "vitest";
import { localDateOf } from "#domain/availability/hours.ts";
import { monthPeriod } from "#domain/tax/report.ts";
import { createUser, signedInBrowser } from "#tests/factories/accounts.ts";
import {
  CHICAGO_BOURBON,
  CHICAGO_OTHER_STORE,
  CHICAGO_STORE,
  CHICAGO_ZONE,
  chicagoAfternoonClock,
  createChicagoFixture,
  WACKER_DRIVE,
} from "#tests/factories/chicago-fixture.ts";
import { staffOf } from "#tests/factories/console.ts";
import { placedOrder } from "#tests/factories/placed-orders.ts";
import { useTestApp } from "#tests/support/app.ts";
import { testDatabases } from "#tests/support/db.ts";
import type { ConsoleTaxReport } from "./taxes.ts";

const STORE = CHICAGO_STORE;
const OTHER = CHICAGO_OTHER_STORE;
const BOURBON = CHICAGO_BOURBON;
const ZONE = CHICAGO_ZONE;
const CHICAGO = WACKER_DRIVE;

/**
 * One $38.05 order's tax (checkout/taxes.test.ts): State 2.12, Cook County 0.59, Chicago 0.42, RTA 0.34, the retail
 * liquor tax 0.45, the checkout bag 0.15: $3.67.
 */
const ONE = {
  "US-IL sales": 212,
  "US-IL-COOK sales": 59,
  "US-IL-CHICAGO sales": 42,
  "US-IL-RTA sales": 34,
  "US-IL-CHICAGO retail liquor": 45,
  "US-IL-CHICAGO checkout bag": 15,
};
const CHARGED = Object.values(ONE).reduce((a, b) => a + b, 0);

/** Of it, what $10.00 refunded of the $38.05 gives back: each tax line × 1000/3805, half up ($1.08 in all). */
const BACK = {
  "US-IL sales": 56,
  "US-IL-COOK sales": 16,
  "US-IL-CHICAGO sales": 11,
  "US-IL-RTA sales": 9,
  "US-IL-CHICAGO retail liquor": 12,
  "US-IL-CHICAGO checkout bag": 4,
};

describe.each(testDatabases)("the tax report (issue 33) on %s", (kind) => {
  const s = useTestApp(kind, { fixture: createChicagoFixture, now: chicagoAfternoonClock() });

  /**
   * Two orders placed at noon in Chicago on `day` (their placing and refunding times moved there, so each test has a
   * period of its own): one delivered and $10.00 of it refunded at 2 p.m., one cancelled.
   */
  async function twoOrders(day: string) {
    const { staff } = await staffOf(s, STORE);
    const place = async () =>
      (await placedOrder(s, [{ sku: BOURBON, qty: 1, store_id: STORE }], { address: CHICAGO })).orders[0];
    const delivered = await place();
    for (const step of ["accept", "dispatch", "deliver"])
      expect((await staff.post(`/api/console/orders/${delivered._id}/${step}`, {})).statusCode).toBe(200);
    const refund = await staff.post(`/api/console/orders/${delivered._id}/refund`, {
      amount: 1000,
      reason: "Chipped",
    });
    expect(refund.statusCode, refund.body).toBe(200);
    const cancelled = await place();
    const cancel = await staff.post(`/api/console/orders/${cancelled._id}/cancel`, {
      reason: "Out of stock",
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    await s.db
      .updateTable("orders")
      .set({ created_at: new Date(`${day}T18:00:00Z`) })
      .where("id", "in", [delivered._id, cancelled._id])
      .execute();
    // Refunded the same afternoon.
    await s.db
      .updateTable("order_tax_refunds")
      .set({ refunded_at: new Date(`${day}T20:00:00Z`) })
      .where("order_id", "in", [delivered._id, cancelled._id])
      .execute();
    return { staff, delivered, cancelled };
  }

  it("sums the period's tax by jurisdiction and tax type, to the cent, with a total; the cancelled order nets to zero", async () => {
    const { staff, delivered } = await twoOrders("2026-03-16");
    expect(delivered.total).toBe(3805);
    const query = "from=2026-03-01&to=2026-04-01";
    const res = await staff.get(`/api/console/taxes?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json<ConsoleTaxReport>();
    // Both orders charged each tax; the cancelled order gives all of its back, the delivered one $1.08.
    const rows = report.rows.map((r) => [
      `${r.jurisdiction} ${r.tax_type}`,
      r.orders,
      r.charged,
      r.refunded,
      r.net,
    ]);
    expect(rows).toEqual([
      ["US-IL sales", 2, 424, 268, 156],
      ["US-IL-CHICAGO checkout bag", 2, 30, 19, 11],
      ["US-IL-CHICAGO retail liquor", 2, 90, 57, 33],
      ["US-IL-CHICAGO sales", 2, 84, 53, 31],
      ["US-IL-COOK sales", 2, 118, 75, 43],
      ["US-IL-RTA sales", 2, 68, 43, 25],
    ]);
    // The same figures from the one order's tax and its refund.
    for (const [key, , charged, refunded] of rows) {
      const k = key as keyof typeof ONE;
      expect([charged, refunded]).toEqual([2 * ONE[k], ONE[k] + BACK[k]]);
    }
    expect(report.rows.find((r) => r.jurisdiction === "US-IL-COOK")?.jurisdiction_name).toBe("Cook County");
    expect(report.total).toEqual({ orders: 2, charged: 814, refunded: 515, net: 299 });
    expect(CHARGED).toBe(407);
    expect(report.orders).toEqual({ delivered: 1, undelivered: 1, open: 0 });
    expect(report.store).toEqual({ id: STORE, name: "Nightcap Wacker", time_zone: ZONE });
    expect(report.period).toEqual({ from: "2026-03-01", to: "2026-04-01", last_day: "2026-03-31" });
    expect(report.file_name).toBe("nightcap-tax-nightcap-wacker-2026-03-01-to-2026-03-31.csv");

    // The same as CSV, an attachment named by the store and the period.
    const csv = await staff.get(`/api/console/taxes.csv?${query}`);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(csv.headers["content-disposition"]).toBe(
      'attachment; filename="nightcap-tax-nightcap-wacker-2026-03-01-to-2026-03-31.csv"',
    );
    const span = "Nightcap Wacker,2026-03-01,2026-03-31";
    expect(csv.body.split("\r\n")).toEqual([
      "store,period_from,period_to,jurisdiction_id,jurisdiction,tax_type,orders,tax_charged,tax_refunded,net_tax",
      `${span},US-IL,Illinois,sales,2,4.24,2.68,1.56`,
      `${span},US-IL-CHICAGO,City of Chicago,checkout bag,2,0.30,0.19,0.11`,
      `${span},US-IL-CHICAGO,City of Chicago,retail liquor,2,0.90,0.57,0.33`,
      `${span},US-IL-CHICAGO,City of Chicago,sales,2,0.84,0.53,0.31`,
      `${span},US-IL-COOK,Cook County,sales,2,1.18,0.75,0.43`,
      `${span},US-IL-RTA,Regional Transportation Authority,sales,2,0.68,0.43,0.25`,
      `${span},,Total,,2,8.14,5.15,2.99`,
      "",
    ]);

    // Placed and refunded at 23:59 on the last day of February in Chicago (05:59 on 1 March in UTC): not in March.
    const refundedAt = async (at: string) =>
      s.db
        .updateTable("order_tax_refunds")
        .set({ refunded_at: new Date(at) })
        .where("order_id", "=", delivered._id)
        .execute();
    await s.db
      .updateTable("orders")
      .set({ created_at: new Date("2026-03-01T05:59:00Z") })
      .where("id", "=", delivered._id)
      .execute();
    await refundedAt("2026-03-01T05:59:30Z");
    const reportFor = async (q: string) =>
      (await staff.get(`/api/console/taxes?${q}`)).json<ConsoleTaxReport>();
    const febQuery = "from=2026-02-01&to=2026-03-01";
    expect((await reportFor(query)).total).toEqual({ orders: 1, charged: 407, refunded: 407, net: 0 });
    expect((await reportFor(febQuery)).total).toEqual({ orders: 1, charged: 407, refunded: 108, net: 299 });

    // Refunded at midnight, 1 March in Chicago: February's return stays as filed, March deducts the refund.
    await refundedAt("2026-03-01T06:00:00Z");
    expect((await reportFor(febQuery)).total).toEqual({ orders: 1, charged: 407, refunded: 0, net: 407 });
    const march = await reportFor(query);
    expect(march.total).toEqual({ orders: 1, charged: 407, refunded: 515, net: -108 });
    expect(march.rows.find((r) => r.tax_type === "retail liquor")).toMatchObject({
      orders: 1,
      charged: 45,
      refunded: 45 + 12,
      net: -12,
    });
  });

  it("with no period, the current month in the store's time zone", async () => {
    const { staff } = await staffOf(s, STORE);
    const res = await staff.get("/api/console/taxes");
    expect(res.statusCode, res.body).toBe(200);
    const today = localDateOf(new Date(), ZONE);
    expect(res.json<ConsoleTaxReport>().period).toMatchObject(monthPeriod(today.year, today.month));
  });

  it("staff see their own store's only; an administrator names the store; a shopper is refused", async () => {
    await twoOrders("2026-05-15");
    const query = "from=2026-05-01&to=2026-06-01";
    const { staff: theirs } = await staffOf(s, OTHER);
    for (const path of ["/api/console/taxes", "/api/console/taxes.csv"]) {
      const res = await theirs.get(`${path}?store_id=${STORE}&${query}`);
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json<{ error: { code: string } }>().error.code).toBe("other_store");
    }
    // Their own store's report has nothing of the other's.
    const own = (await theirs.get(`/api/console/taxes?${query}`)).json<ConsoleTaxReport>();
    expect(own.store.id).toBe(OTHER);
    expect(own.rows).toEqual([]);
    expect(own.total).toEqual({ orders: 0, charged: 0, refunded: 0, net: 0 });

    const admin = await signedInBrowser(s.app, await createUser(s.db, { role: "admin" }));
    const none = await admin.get(`/api/console/taxes?${query}`);
    expect(none.statusCode).toBe(400);
    expect(none.json<{ error: { code: string } }>().error.code).toBe("store_required");
    expect((await admin.get(`/api/console/taxes?store_id=nowhere&${query}`)).statusCode).toBe(404);
    const named = (await admin.get(`/api/console/taxes?store_id=${STORE}&${query}`)).json<ConsoleTaxReport>();
    expect(named.total).toEqual({ orders: 2, charged: 814, refunded: 515, net: 299 });

    const shopper = await signedInBrowser(s.app, await createUser(s.db));
    expect((await shopper.get(`/api/console/taxes?${query}`)).statusCode).toBe(403);
    expect((await shopper.get(`/api/console/taxes.csv?${query}`)).statusCode).toBe(403);
  });

  it.each([
    ["from=2026-11-01&to=2026-11-01", "The period must end after it starts."],
    ["from=2026-12-01&to=2026-11-01", "The period must end after it starts."],
    ["from=2026-02-30&to=2026-03-01", "Give the period as two days, YYYY-MM-DD."],
    ["from=November&to=2026-12-01", "Give the period as two days, YYYY-MM-DD."],
    ["from=2024-01-01&to=2026-01-01", "A tax report covers a year at most."],
    ["from=2026-11-01", "Give both ends of the period (from and to), or neither for this month."],
  ])("a bad period (%s) is a 400 that says what is wrong", async (q, message) => {
    const { staff } = await staffOf(s, STORE);
    for (const path of ["/api/console/taxes", "/api/console/taxes.csv"]) {
      const res = await staff.get(`${path}?${q}`);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json<{ error: { code: string; message: string } }>().error).toMatchObject({
        code: "invalid_period",
        message,
      });
    }
  });
});
