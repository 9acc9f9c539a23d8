import { describe, expect, it } from "vitest";
import { addDays } from "#domain/statements/periods.ts";
import { storeDay } from "#domain/statements/statement.ts";
import { SandboxPayoutProvider } from "#server/platform/payouts/index.ts";
import { PayoutUnavailable } from "#server/platform/payouts/provider.ts";
import { createUser, signedInBrowser } from "#tests/factories/accounts.ts";
import {
  CHICAGO_BOURBON,
  CHICAGO_STORE,
  CHICAGO_ZONE,
  chicagoAfternoonClock,
  createChicagoFixture,
  WACKER_DRIVE,
} from "#tests/factories/chicago-fixture.ts";
import { staffOf } from "#tests/factories/console.ts";
import { placedOrder } from "#tests/factories/placed-orders.ts";
import { createPromo } from "#tests/factories/promos.ts";
import { useTestApp } from "#tests/support/app.ts";
import { testDatabases } from "#tests/support/db.ts";
import { payStatement } from "./payouts.ts";
import type { StatementAnswer, StatementsOverview } from "./views.ts";

const STORE = CHICAGO_STORE;
const half = (n: number) => Math.floor(n + 0.5);
/** 15% (the default commission), half up, per order. */
const commission = (goods: number) => half((goods * 15) / 100);
/** 2.9% + 30¢ per card charge. */
const processing = (card: number) => half((card * 29) / 1000) + 30;

describe.each(testDatabases)("statements and payouts (issue 34 §3) on %s", (kind) => {
  const now = chicagoAfternoonClock();
  const s = useTestApp(kind, { fixture: createChicagoFixture, now });
  const today = () => storeDay(now(), CHICAGO_ZONE);

  /** An order at the Wacker store taken to delivered, its money moved to `day` (3 p.m. in Chicago). */
  async function deliveredOrder(
    staff: Awaited<ReturnType<typeof staffOf>>["staff"],
    opts: Parameters<typeof placedOrder>[2] = {},
  ) {
    const [order] = (
      await placedOrder(s, [{ sku: CHICAGO_BOURBON, qty: 1, store_id: STORE }], {
        address: WACKER_DRIVE,
        ...opts,
      })
    ).orders;
    for (const step of ["accept", "dispatch", "deliver"])
      expect((await staff.post(`/api/console/orders/${order._id}/${step}`, {})).statusCode).toBe(200);
    return order._id;
  }

  async function moveMoney(orderIds: string[], day: string) {
    const payments = await s.db
      .selectFrom("orders")
      .select("payment_id")
      .where("id", "in", orderIds)
      .execute();
    await s.db
      .updateTable("payment_operations")
      .set({ updated_at: new Date(`${day}T21:00:00Z`) })
      .where(
        "payment_id",
        "in",
        payments.map((p) => p.payment_id),
      )
      .execute();
  }

  const orderRow = (id: string) =>
    s.db
      .selectFrom("orders")
      .select(["subtotal", "delivery_fee", "tip", "tax", "discount", "captured", "total"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();

  const figures = (st: StatementAnswer) => Object.fromEntries(st.lines.map((l) => [l.key, l.cents]));

  it("reads a week's money from its orders to the cent, closes it once, pays it once under a retried job, and carries a late refund", async () => {
    const { staff } = await staffOf(s, STORE);
    const admin = await signedInBrowser(s.app, await createUser(s.db, { role: "admin" }));
    const lastWeekDay = addDays(today(), -7);

    // A: a $5 tip; $10.00 refunded for a chipped bottle. B: 10% off, funded by the store.
    const a = await deliveredOrder(staff, { body: { tip: { amount: 500 } } });
    const refund = await staff.post(`/api/console/orders/${a}/refund`, {
      amount: 1000,
      reason: "Chipped bottle",
    });
    expect(refund.statusCode, refund.body).toBe(200);
    const code = await createPromo(s.db, { funded_by: "store" });
    const b = await deliveredOrder(staff, {
      before: async (br) => expect((await br.post("/menu/cart/promo/v2", { code })).statusCode).toBe(200),
    });
    await moveMoney([a, b], lastWeekDay);

    const A = await orderRow(a);
    const B = await orderRow(b);
    expect(A.tip).toBe(500);
    expect(B.discount).toBeGreaterThan(0);
    // The refund's tax is the tax module's: what it gave back of A's tax for the report.
    const taxBack = (
      await s.db.selectFrom("order_tax_refunds").select("lines").where("order_id", "=", a).execute()
    )
      .flatMap((r) => r.lines)
      .reduce((sum, l) => sum + l.cents, 0);
    expect(taxBack).toBeGreaterThan(0);
    const goodsBack = 1000 - taxBack;

    const day = await staff.get(`/api/console/statements/day?date=${lastWeekDay}`);
    expect(day.statusCode, day.body).toBe(200);
    const d = day.json<StatementAnswer>();
    const commissionA = commission(A.subtotal - goodsBack);
    const commissionB = commission(B.subtotal - B.discount);
    const fees = processing(A.captured) + processing(B.captured);
    const net =
      A.subtotal +
      A.delivery_fee +
      A.tip -
      goodsBack -
      commissionA +
      (B.subtotal + B.delivery_fee - B.discount - commissionB) -
      fees;
    expect(figures(d)).toEqual({
      merchandise: A.subtotal + B.subtotal,
      delivery_fees: A.delivery_fee + B.delivery_fee,
      tips: 500,
      taxes: A.tax + B.tax,
      donations: 0,
      "promos:platform": 0,
      "promos:store": B.discount,
      credit: 0,
      "refunds:damaged": 1000,
      commission: commissionA + commissionB,
      processing_fees: fees,
      net_payable: net,
    });
    // Every figure traces to its orders.
    const line = (st: StatementAnswer, key: string) => st.lines.find((l) => l.key === key);
    expect(
      line(d, "merchandise")
        ?.orders.map((o) => [o.order_id, o.cents])
        .sort(),
    ).toEqual(
      [
        [a, A.subtotal],
        [b, B.subtotal],
      ].sort(),
    );
    expect(line(d, "refunds:damaged")?.orders).toEqual([
      expect.objectContaining({ order_id: a, cents: 1000 }),
    ]);
    // The books balance: what the shopper paid = owed to the store + commission + fees + taxes.
    const paid = A.captured + B.captured - 1000;
    expect(paid).toBe(net + commissionA + commissionB + fees + A.tax + B.tax - taxBack);

    // The week is still open, and the current week has none of it.
    const before = (await staff.get("/api/console/statements")).json<StatementsOverview>();
    expect(before.past).toEqual([]);
    expect(before.current.status).toBe("open");
    expect(figures(before.current).merchandise).toBe(0);

    // Two closes at once: one statement.
    const closes = await Promise.all([
      admin.post("/api/console/statements/close", { store_id: STORE }),
      admin.post("/api/console/statements/close", { store_id: STORE }),
    ]);
    for (const c of closes) expect(c.statusCode, c.body).toBe(200);
    const closedIds = closes.flatMap((c) => c.json<{ closed: string[] }>().closed);
    expect(closedIds).toHaveLength(1);
    const [id] = closedIds;
    expect(
      await s.db.selectFrom("statements").select("id").where("store_id", "=", STORE).execute(),
    ).toHaveLength(1);
    const closed = (await staff.get(`/api/console/statements/${id}`)).json<StatementAnswer>();
    expect(closed.status).toBe("closed");
    expect(closed.period.from <= lastWeekDay && lastWeekDay <= closed.period.to).toBe(true);
    expect(figures(closed)).toEqual(figures(d));
    // Nothing changes a closed statement, not even SQL.
    await expect(
      s.db.updateTable("statements").set({ net_payable: 0 }).where("id", "=", id).execute(),
    ).rejects.toThrow("a closed statement never changes");
    // Staff cannot close; another store's staff cannot read it.
    expect((await staff.post("/api/console/statements/close", { store_id: STORE })).statusCode).toBe(403);

    // Paid once: the first try's transfer is made but its answer lost; the job's retry and a second worker at the
    // same time find the same transfer.
    const sandbox = new SandboxPayoutProvider(s.db);
    let lose = true;
    const flaky = Object.assign(Object.create(sandbox), {
      async transfer(input: Parameters<SandboxPayoutProvider["transfer"]>[0]) {
        const made = await sandbox.transfer(input);
        if (lose) {
          lose = false;
          throw new PayoutUnavailable("the answer was lost");
        }
        return made;
      },
    }) as SandboxPayoutProvider;
    const ctx = { db: s.db, payouts: flaky, jobs: undefined as never };
    await expect(payStatement(ctx, id)).rejects.toThrow(PayoutUnavailable);
    const [p1, p2] = await Promise.all([payStatement(ctx, id), payStatement(ctx, id)]);
    expect(p1).toMatchObject({ status: "paid", amount: net });
    expect(p2.provider_ref).toBe(p1.provider_ref);
    expect(await payStatement(ctx, id)).toMatchObject({ status: "paid", provider_ref: p1.provider_ref });
    const transfers = await s.db.selectFrom("sandbox_transfers").selectAll().execute();
    expect(transfers).toEqual([expect.objectContaining({ idempotency_key: id, amount: net })]);
    expect(
      await s.db.selectFrom("payouts").select("id").where("statement_id", "=", id).execute(),
    ).toHaveLength(1);

    // A refund of B made now but dated in the closed week lands in the current week; the closed one never changes.
    const late = await staff.post(`/api/console/orders/${b}/refund`, { amount: 300, reason: "Goodwill" });
    expect(late.statusCode, late.body).toBe(200);
    await s.db
      .updateTable("payment_operations")
      .set({ updated_at: new Date(`${lastWeekDay}T22:00:00Z`) })
      .where("order_id", "=", b)
      .where("kind", "=", "refund")
      .execute();
    const after = (await staff.get("/api/console/statements")).json<StatementsOverview>();
    expect(after.current.late_events).toBe(1);
    expect(figures(after.current)["refunds:goodwill"]).toBe(300);
    expect(after.past).toEqual([
      expect.objectContaining({ id, net_payable: net, payout: expect.objectContaining({ status: "paid" }) }),
    ]);
    expect(figures((await staff.get(`/api/console/statements/${id}`)).json<StatementAnswer>())).toEqual(
      figures(closed),
    );
  });
  it("an administrator sets the store's commission (audited); staff download the statement and its orders as CSV", async () => {
    const { staff } = await staffOf(s, STORE);
    const admin = await signedInBrowser(s.app, await createUser(s.db, { role: "admin" }));
    const terms = { store_id: STORE, commission_ppm: 100_000, commission_per_order: 25 };
    expect((await staff.request("PUT", "/api/console/statements/terms", terms)).statusCode).toBe(403);
    const set = await admin.request("PUT", "/api/console/statements/terms", terms);
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({ commission_ppm: 100_000, commission_per_order: 25, default: false });
    const audit = await s.db
      .selectFrom("console_audit")
      .select(["action", "before", "after"])
      .where("action", "=", "statement_terms")
      .executeTakeFirstOrThrow();
    expect(audit.before).toEqual({ commission_ppm: 150_000, commission_per_order: 0 });

    // An order this week: 10% of its goods and 25¢.
    const a = await deliveredOrder(staff);
    const A = await orderRow(a);
    const overview = (await staff.get("/api/console/statements")).json<StatementsOverview>();
    expect(overview.terms).toEqual({ commission_ppm: 100_000, commission_per_order: 25, default: false });
    const mine = overview.current.lines
      .find((l) => l.key === "commission")
      ?.orders.find((o) => o.order_id === a);
    expect(mine?.cents).toBe(half(A.subtotal / 10) + 25);
    // An administrator reads any store's, naming it.
    expect((await admin.get(`/api/console/statements?store_id=${STORE}`)).statusCode).toBe(200);
    expect((await admin.get("/api/console/statements")).statusCode).toBe(400);

    const lines = await staff.get("/api/console/statements/current/lines.csv");
    expect(lines.statusCode, lines.body).toBe(200);
    expect(lines.headers["content-type"]).toContain("text/csv");
    const { from, to } = overview.current.period;
    expect(lines.headers["content-disposition"]).toBe(
      `attachment; filename="nightcap-statement-nightcap-wacker-${from}-to-${to}.csv"`,
    );
    const rows = lines.body.split("\r\n").filter(Boolean);
    expect(rows[0]).toBe(
      "store,period_from,period_to,status,line,category,funded_by,reason,kept_by,orders,amount",
    );
    const dollars = (c: number) => `${Math.trunc(c / 100)}.${String(Math.abs(c) % 100).padStart(2, "0")}`;
    expect(rows).toContain(
      `Nightcap Wacker,${from},${to},open,Net payable to the store,net_payable,,,,${overview.current.orders},${dollars(overview.current.net_payable)}`,
    );
    const orders = await staff.get("/api/console/statements/current/orders.csv");
    expect(orders.statusCode).toBe(200);
    const orderRows = orders.body.split("\r\n").filter(Boolean);
    const number = (
      await s.db.selectFrom("orders").select("order_number").where("id", "=", a).executeTakeFirstOrThrow()
    ).order_number;
    expect(orderRows.find((r) => r.startsWith(`${number},${a},`))?.split(",")[2]).toBe(dollars(A.subtotal));
    // Another store's staff cannot read this store's; an unknown statement is 404.
    expect((await staff.get("/api/console/statements?store_id=t-loop")).statusCode).toBe(403);
    expect((await staff.get("/api/console/statements/st_nope")).statusCode).toBe(404);
    expect((await staff.get("/api/console/statements/day?date=2026-02-30")).statusCode).toBe(400);
  });
  it("an order paid wholly by credit counts once delivered: the platform's credit pays the store, no card fee", async () => {
    const { staff } = await staffOf(s, STORE);
    const credit = await createPromo(s.db, { kind: "credit", value: 20_000, description: "$200 credit" });
    const a = await deliveredOrder(staff, {
      before: async (br) => {
        expect((await br.post("/order/promo", { code: credit })).statusCode).toBe(200);
        expect((await br.post("/menu/cart/promo/v2", { credit: true })).statusCode).toBe(200);
      },
    });
    const A = await s.db
      .selectFrom("orders")
      .select(["subtotal", "delivery_fee", "tax", "credit", "total", "captured"])
      .where("id", "=", a)
      .executeTakeFirstOrThrow();
    expect(A.captured).toBe(0);
    expect(A.credit).toBe(A.subtotal + A.delivery_fee + A.tax);
    const current = (await staff.get("/api/console/statements")).json<StatementsOverview>().current;
    const share = (key: string) =>
      current.lines.find((l) => l.key === key)?.orders.find((o) => o.order_id === a)?.cents;
    expect(share("merchandise")).toBe(A.subtotal);
    expect(share("credit")).toBe(A.credit);
    expect(share("processing_fees")).toBeUndefined();
    const { commission_ppm, commission_per_order } = current.terms;
    expect(share("net_payable")).toBe(
      A.subtotal + A.delivery_fee - half((A.subtotal * commission_ppm) / 1_000_000) - commission_per_order,
    );
  });
});
