import { describe, expect, it } from "vitest";
import type { Order } from "#domain/orders/types.ts";
import { createProduct, stock } from "#tests/factories/catalogue.ts";
import {
  CHICAGO_BOURBON,
  CHICAGO_STORE,
  chicagoAfternoonClock,
  createChicagoFixture,
  WACKER_DRIVE,
} from "#tests/factories/chicago-fixture.ts";
import { staffOf } from "#tests/factories/console.ts";
import { placedOrder } from "#tests/factories/placed-orders.ts";
import { createPromo } from "#tests/factories/promos.ts";
import { useTestApp } from "#tests/support/app.ts";
import { readOutbox } from "#tests/support/browser.ts";
import { testDatabases } from "#tests/support/db.ts";

const STORE = CHICAGO_STORE;
const BOURBON = CHICAGO_BOURBON;
const CHICAGO = WACKER_DRIVE;
/** A second spirit on the fixture store's shelf, for a substitution. */
const RYE = "IA-9104-750";

async function fixture(db: Parameters<typeof createChicagoFixture>[0]) {
  await createChicagoFixture(db);
  await createProduct(db, { sku_id: RYE, title: "Fixture Rye", abv: 45, regular_price_cents: 1999 });
  await stock(db, STORE, RYE, 1999);
}

/**
 * Chicago on $29.99 of bourbon and the $3.99 fee, each tax rounded once on the invoice (chi.ts): State 6.25% of
 * 33.98 = 2.12375 → 2.12; RTA 1% → 0.34; Cook County 1.75% → 0.59465 → 0.59; Chicago 1.25% → 0.42475 → 0.42; the
 * retail liquor tax 1.5% of 29.99 → 0.44985 → 0.45; the checkout bag 0.15.
 */
const CHICAGO_TAX = 212 + 34 + 59 + 42 + 45 + 15;

describe.each(testDatabases)("taxes on the bill (issue 33) on %s", (kind) => {
  const s = useTestApp(kind, { fixture, now: chicagoAfternoonClock() });
  const order = (items = [{ sku: BOURBON, qty: 1, store_id: STORE }]) =>
    placedOrder(s, items, { address: CHICAGO });

  it("the cart estimates Chicago's taxes; the order charges them, by jurisdiction and tax type", async () => {
    const { orders, cart, browser, user } = await order();
    expect(cart.tax).toBe(CHICAGO_TAX);
    expect(cart.line_items.map((l) => [l.title, l.value, l.format])).toEqual([
      ["Subtotal", 2999, "SUBTOTAL"],
      ["Delivery fee", 399, "FEE"],
      ["Estimated tax", CHICAGO_TAX, "FEE"],
      ["Total", 2999 + 399 + CHICAGO_TAX, "TOTAL"],
    ]);
    const [placed] = orders;
    expect(placed.total).toBe(2999 + 399 + CHICAGO_TAX);
    expect(placed.line_items.find((l) => l.title === "Tax")).toMatchObject({
      title: "Tax",
      value: CHICAGO_TAX,
    });
    expect(placed.taxes.map((t) => [t.title, t.value])).toEqual([
      ["Illinois sales tax", 212],
      ["Cook County sales tax", 59],
      ["City of Chicago retail liquor tax", 45],
      ["City of Chicago sales tax", 42],
      ["Regional Transportation Authority sales tax", 34],
      ["City of Chicago checkout bag tax", 15],
    ]);
    // The stored lines add up to the tax charged, the bag once for the order.
    const row = await s.db
      .selectFrom("orders")
      .select(["tax", "tax_lines"])
      .where("id", "=", placed._id)
      .executeTakeFirstOrThrow();
    expect(row.tax).toBe(CHICAGO_TAX);
    expect(row.tax_lines.reduce((sum, l) => sum + l.cents, 0)).toBe(CHICAGO_TAX);
    expect(row.tax_lines.filter((l) => l.taxType === "checkout bag")).toEqual([
      { lineId: "order", jurisdiction: "US-IL-CHICAGO", taxType: "checkout bag", cents: 15 },
    ]);
    expect((await browser.get(`/order/detail?id=${placed._id}`)).json<Order>().taxes).toEqual(placed.taxes);
    // The receipt email carries the tax and its rows.
    const [mail] = (await readOutbox(s.app, user.email)).filter((m) => m.template === "order-confirmation");
    expect(mail.body).toContain(
      "  Tax $4.07\n    Illinois sales tax $2.12\n    Cook County sales tax $0.59\n",
    );
    expect(mail.body).toContain("    City of Chicago checkout bag tax $0.15\n  Total $38.05");
  });

  it("a refund gives back tax in proportion, to the cent; refunding the rest gives back the rest, never more", async () => {
    const { staff } = await staffOf(s, STORE);
    const { orders, browser } = await order();
    const id = orders[0]._id;
    const total = orders[0].total;
    for (const step of ["accept", "dispatch", "deliver"])
      expect((await staff.post(`/api/console/orders/${id}/${step}`, {})).statusCode).toBe(200);
    expect(
      (await staff.post(`/api/console/orders/${id}/refund`, { amount: 1000, reason: "Chipped" })).statusCode,
    ).toBe(200);
    // 10.00 of 38.05 back: each tax line × 1000/3805, half up (the State's 1.87 on the bourbon gives 0.49, …): 1.08.
    const after = (await browser.get(`/order/detail?id=${id}`)).json<Order>();
    expect(after.taxes.reduce((sum, t) => sum + t.value, 0)).toBe(CHICAGO_TAX - 108);
    expect(total).toBe(3805);
    expect((await staff.post(`/api/console/orders/${id}/refund`, { reason: "Goodwill" })).statusCode).toBe(
      200,
    );
    const refunded = await s.db
      .selectFrom("orders")
      .select(["tax_refunded"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(refunded.tax_refunded.reduce((sum, l) => sum + l.cents, 0)).toBe(CHICAGO_TAX);
    expect((await browser.get(`/order/detail?id=${id}`)).json<Order>().taxes).toEqual([]);
  });

  it("a cancelled order gives its tax back whole: it was never a sale", async () => {
    const { staff } = await staffOf(s, STORE);
    const { orders, browser } = await order();
    const id = orders[0]._id;
    const res = await staff.post(`/api/console/orders/${id}/cancel`, { reason: "Out of stock" });
    expect(res.statusCode, res.body).toBe(200);
    const row = await s.db
      .selectFrom("orders")
      .select(["tax", "tax_refunded"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(row.tax).toBe(CHICAGO_TAX);
    expect(row.tax_refunded.reduce((sum, l) => sum + l.cents, 0)).toBe(CHICAGO_TAX);
    expect((await browser.get(`/order/detail?id=${id}`)).json<Order>().taxes).toEqual([]);
  });

  it("a substitution after a free-delivery promo re-taxes the new bottle and keeps the waived fee untaxed", async () => {
    const code = await createPromo(s.db, { kind: "free_delivery", value: 0, description: "Free delivery" });
    const { orders, browser, user } = await placedOrder(s, [{ sku: BOURBON, qty: 1, store_id: STORE }], {
      address: CHICAGO,
      before: async (b) => expect((await b.post("/menu/cart/promo/v2", { code })).statusCode).toBe(200),
    });
    const id = orders[0]._id;
    expect(orders[0].line_items.find((l) => l.format === "PROMO")?.value).toBe(-399);
    const feeTax = async () => {
      const row = await s.db
        .selectFrom("orders")
        .select(["tax", "tax_lines"])
        .where("id", "=", id)
        .executeTakeFirstOrThrow();
      const fee = row.tax_lines.filter((l) => l.lineId === "delivery_fee").reduce((n, l) => n + l.cents, 0);
      return { row, fee };
    };
    expect((await feeTax()).fee).toBe(0);

    const { staff } = await staffOf(s, STORE);
    expect((await staff.post(`/api/console/orders/${id}/accept`, {})).statusCode).toBe(200);
    const proposed = await staff.post(`/api/console/orders/${id}/substitutions`, {
      lines: [{ sku_id: BOURBON, stock_level: 0, suggestions: [RYE] }],
    });
    expect(proposed.statusCode, proposed.body).toBe(200);
    const done = await browser.request("PUT", `/order/substitution/${id}`, {
      user: { objectId: user.id },
      status: "Done",
      save: true,
      products: [{ sku_id: BOURBON, removed: false, kept: 0, added: [{ sku_id: RYE, qty: 1 }] }],
    });
    expect(done.statusCode, done.body).toBe(200);

    const { row, fee } = await feeTax();
    expect(fee).toBe(0);
    expect(new Set(row.tax_lines.map((l) => l.lineId))).toEqual(new Set([RYE, "order"]));
    expect(row.tax_lines.reduce((n, l) => n + l.cents, 0)).toBe(row.tax);
    // $19.99 of rye, the fee waived: State 6.25% → 1.25; RTA 1% → 0.20; Cook 1.75% → 0.35; Chicago 1.25% → 0.25;
    // the retail liquor tax 1.5% → 0.30; the bag 0.15.
    expect(row.tax).toBe(125 + 20 + 35 + 25 + 30 + 15);
  });
});
