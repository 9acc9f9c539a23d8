import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { chicago } from "../tax/rates/index.ts";
import { type BillInput, computeBill } from "./bill.ts";

const nyc = { storeId: "nyc", isShipping: false, subtotal: 4000, fee: 499 };
const bk = { storeId: "bk", isShipping: false, subtotal: 2000, fee: 299 };
const ship = { storeId: "ship", isShipping: true, subtotal: 3000, fee: 0, shippingName: "Standard" };
const input = (over: Partial<BillInput> = {}): BillInput => ({
  stores: [nyc],
  promo: null,
  tip: {},
  credit: null,
  roundUp: false,
  ...over,
});

describe("computeBill", () => {
  it("a plain order: items and delivery fee, line items ending with the total", () => {
    const bill = computeBill(input());
    expect(bill.total).toBe(4499);
    expect(bill.line_items).toEqual([
      { title: "Subtotal", display: "$40.00", value: 4000, format: "SUBTOTAL" },
      { title: "Delivery fee", display: "$4.99", value: 499, format: "FEE" },
      { title: "Total", display: "$44.99", value: 4499, format: "TOTAL" },
    ]);
  });

  it("promo, tip, credit and round-up in that order, the total what the card pays", () => {
    const bill = computeBill(
      input({
        promo: { code: "FIVEOFF", discount: 500, freeDelivery: false, eligibleByStore: { nyc: 4000 } },
        tip: { percent: 15 },
        credit: { requested: "all", balance: 1234 },
        roundUp: true,
      }),
    );
    // 4000 + 499 − 500 + 600 tip = 4599; − 1234 credit = 3365; rounded up to 3400.
    expect(bill).toMatchObject({ discount: 500, tip: 600, credit: 1234, round_up: 35, total: 3400 });
    expect(bill.line_items.map((l) => [l.title, l.value, l.format])).toEqual([
      ["Subtotal", 4000, "SUBTOTAL"],
      ["Delivery fee", 499, "FEE"],
      ["Promo (FIVEOFF)", -500, "PROMO"],
      ["Tip", 600, "TIP"],
      ["Credit", -1234, "CREDIT"],
      ["Round-up donation", 35, "DONATION"],
      ["Total", 3400, "TOTAL"],
    ]);
  });

  it("credit can pay it all, and nothing is rounded up from zero", () => {
    const bill = computeBill(input({ credit: { requested: "all", balance: 10_000 }, roundUp: true }));
    expect(bill).toMatchObject({ credit: 4499, round_up: 0, total: 0 });
  });

  it("shares a split cart's discount, tip and credit among its stores; shipped items carry no tip", () => {
    const bill = computeBill(
      input({
        stores: [nyc, bk, ship],
        promo: {
          code: "TEN",
          discount: 900,
          freeDelivery: false,
          eligibleByStore: { nyc: 4000, bk: 2000, ship: 3000 },
        },
        tip: { amount: 600 },
        credit: { requested: 1000, balance: 5000 },
      }),
    );
    expect(bill.stores.map((s) => [s.storeId, s.discount, s.tip])).toEqual([
      ["nyc", 400, 400],
      ["bk", 200, 200],
      ["ship", 300, 0],
    ]);
    expect(bill.line_items.find((l) => l.format === "SHIPPING")).toEqual({
      title: "Shipping (Standard)",
      display: "Free",
      value: 0,
      format: "SHIPPING",
    });
  });

  it("free delivery takes off the fees of the stores it covers", () => {
    const bill = computeBill(
      input({
        stores: [nyc, bk],
        promo: { code: "FREEDEL", discount: 299, freeDelivery: true, eligibleByStore: { bk: 2000 } },
      }),
    );
    expect(bill.stores.map((s) => s.discount)).toEqual([0, 299]);
  });

  it("the store orders add up to the bill, and the total is never negative", () => {
    const store = fc.record({
      storeId: fc.uuid(),
      isShipping: fc.boolean(),
      subtotal: fc.integer({ min: 0, max: 50_000 }),
      fee: fc.integer({ min: 0, max: 2_000 }),
    });
    fc.assert(
      fc.property(
        fc.array(store, { minLength: 1, maxLength: 4 }),
        fc.integer({ min: 0, max: 20_000 }),
        fc.integer({ min: 0, max: 5_000 }),
        fc.integer({ min: 0, max: 100_000 }),
        fc.boolean(),
        (stores, discount, tip, balance, roundUp) => {
          const eligibleByStore = Object.fromEntries(stores.map((s) => [s.storeId, s.subtotal]));
          const bill = computeBill({
            stores,
            promo: { code: "P", discount, freeDelivery: false, eligibleByStore },
            tip: { amount: tip },
            credit: { requested: "all", balance },
            roundUp,
          });
          expect(bill.total).toBeGreaterThanOrEqual(0);
          for (const b of bill.stores) expect(b.total).toBeGreaterThanOrEqual(0);
          expect(bill.stores.reduce((s, b) => s + b.total, 0)).toBe(bill.total);
          expect(
            bill.subtotal +
              bill.delivery_fee +
              bill.shipping_fee -
              bill.discount +
              bill.tip -
              bill.credit +
              bill.round_up,
          ).toBe(bill.total);
          expect(bill.total % 100 === 0 || !roundUp).toBe(true);
        },
      ),
    );
  });
});

describe("computeBill with taxes (issue 33)", () => {
  const bourbon = {
    id: "l1",
    taxClass: "spirits" as const,
    amount: 3000,
    quantity: 1,
    volumeMl: 750,
    abv: 45,
  };
  const chicagoTax = (lines = [bourbon]) => ({
    rates: chicago.rates,
    rules: chicago.rules,
    on: "2026-11-29T20:00:00Z",
    lines,
  });
  const wickerPark = { storeId: "chi", isShipping: false, subtotal: 3000, fee: 499, tax: chicagoTax() };

  it("a Chicago bourbon: sales tax on goods and fee per jurisdiction, the retail liquor tax, the bag; tip and credit untaxed", () => {
    const bill = computeBill(
      input({ stores: [wickerPark], tip: { percent: 15 }, credit: { requested: "all", balance: 1000 } }),
    );
    // Per invoice, per tax: State 6.25% of 34.99 = 2.186875 → 2.19; RTA 1% → 0.35; Cook 1.75% → 0.612325 → 0.61;
    // Chicago 1.25% → 0.437375 → 0.44; retail liquor 1.5% of 30.00 = 0.45; the bag 0.15. The tip (4.50) is not
    // taxed and the credit is a way of paying: 4.19 whatever they are.
    expect(bill.tax).toBe(419);
    expect(bill.stores[0].taxLines.reduce((s, l) => s + l.cents, 0)).toBe(419);
    // 30.00 + 4.99 + 4.19 tax + 4.50 tip − 10.00 credit.
    expect(bill.total).toBe(3000 + 499 + 419 + 450 - 1000);
    expect(bill.line_items.map((l) => [l.title, l.value, l.format])).toEqual([
      ["Subtotal", 3000, "SUBTOTAL"],
      ["Delivery fee", 499, "FEE"],
      ["Estimated tax", 419, "FEE"],
      ["Tip", 450, "TIP"],
      ["Credit", -1000, "CREDIT"],
      ["Total", 3368, "TOTAL"],
    ]);
  });

  it("a promo lowers the taxable goods in Illinois; free delivery lowers the taxable fee", () => {
    const five = computeBill(
      input({
        stores: [wickerPark],
        promo: { code: "FIVEOFF", discount: 500, freeDelivery: false, eligibleByStore: { chi: 3000 } },
      }),
    );
    // 25.00 of goods + 4.99 fee: 6.25% → 1.874375 → 1.87; 1% → 0.30; 1.75% → 0.524825 → 0.52; 1.25% → 0.374875 →
    // 0.37; liquor 1.5% of 25.00 → 0.375 → 0.38 (half up); bag 0.15.
    expect(five.tax).toBe(187 + 30 + 52 + 37 + 38 + 15);
    const freeDelivery = computeBill(
      input({
        stores: [wickerPark],
        promo: { code: "FREEDEL", discount: 499, freeDelivery: true, eligibleByStore: { chi: 3000 } },
      }),
    );
    // Goods alone: 6.25% of 30.00 = 1.875 → 1.88; 0.30; 0.525 → 0.53; 0.375 → 0.38; liquor 0.45; bag 0.15.
    expect(freeDelivery.tax).toBe(188 + 30 + 53 + 38 + 45 + 15);
  });

  it("a split cart taxes each store's part by its own place, and the parts add up to the bill", () => {
    const bill = computeBill(input({ stores: [wickerPark, { ...nyc, tax: null }, ship] }));
    expect(bill.stores.map((s) => s.tax)).toEqual([419, 0, 0]);
    expect(bill.tax).toBe(419);
    expect(bill.stores.reduce((s, b) => s + b.total, 0)).toBe(bill.total);
  });

  it("the stores' totals add up to the bill, whatever the promo, tip and credit", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 20_000 }), { minLength: 1, maxLength: 4 }),
        fc.nat(3000),
        fc.boolean(),
        fc.nat(5000),
        fc.nat(30),
        (amounts, discount, freeDelivery, credit, tipPercent) => {
          const lines = amounts.map((amount, i) => ({ ...bourbon, id: `l${i}`, amount }));
          const subtotal = amounts.reduce((s, a) => s + a, 0);
          const store = { storeId: "chi", isShipping: false, subtotal, fee: 499, tax: chicagoTax(lines) };
          const bill = computeBill(
            input({
              stores: [store, nyc],
              promo: { code: "P", discount, freeDelivery, eligibleByStore: { chi: subtotal, nyc: 4000 } },
              tip: { percent: tipPercent },
              credit: { requested: "all", balance: credit },
            }),
          );
          expect(bill.stores.reduce((s, b) => s + b.total, 0)).toBe(bill.total);
          expect(bill.stores[0].taxLines.reduce((s, l) => s + l.cents, 0)).toBe(bill.stores[0].tax);
          expect(bill.total).toBe(
            bill.subtotal +
              bill.delivery_fee -
              bill.discount +
              bill.tip +
              bill.tax -
              bill.credit +
              bill.round_up,
          );
        },
      ),
    );
  });
});

describe("computeBill with a tax service's answer (docs/adr/0069-tax-service.md)", () => {
  const bourbon = {
    id: "l1",
    taxClass: "spirits" as const,
    amount: 3000,
    quantity: 1,
    volumeMl: 750,
    abv: 45,
  };
  const part = (
    service: {
      lines: { lineId: string; jurisdiction: string; taxType: string; cents: number }[];
      total: number;
    } | null,
  ) => ({
    storeId: "chi",
    isShipping: false,
    subtotal: 3000,
    fee: 499,
    tax: { lines: [bourbon], service },
  });
  const promo = { code: "FIVEOFF", discount: 500, freeDelivery: false, eligibleByStore: { chi: 3000 } };

  it("while the base is worked out: no tax, and the base is the lines after the promo, the fee and the tip", () => {
    const bill = computeBill(input({ stores: [part(null)], promo, tip: { percent: 10 } }));
    expect(bill.tax).toBe(0);
    expect(bill.stores[0].taxBase).toEqual({
      lines: [{ ...bourbon, discount: 500 }],
      deliveryFee: 499,
      tip: 300,
    });
  });

  it("with the answer: its lines and total on the part, in the payable and the total", () => {
    const answer = {
      lines: [{ lineId: "l1", jurisdiction: "US-IL", taxType: "sales", cents: 156 }],
      total: 156,
    };
    const bill = computeBill(input({ stores: [part(answer)], promo }));
    expect(bill.tax).toBe(156);
    expect(bill.stores[0]).toMatchObject({ tax: 156, taxLines: answer.lines, total: 3000 + 499 - 500 + 156 });
    expect(bill.total).toBe(3000 + 499 - 500 + 156);
  });
});
