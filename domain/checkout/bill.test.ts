import fc from "fast-check";
import { describe, expect, it } from "vitest";
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
