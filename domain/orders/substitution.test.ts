import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  applySubstitutions,
  defaultUpdate,
  MAX_REPLACEMENT_QTY,
  mayProposeSubstitutions,
  type Offered,
  recharge,
  recordedStatus,
  type SubstitutionLine,
  subtotalOf,
  updateKind,
} from "./substitution.ts";

const vodka: SubstitutionLine = {
  sku_id: "V-1",
  title: "Tito's Vodka",
  quantity: 3,
  stock_level: 1,
  price: 2000,
};
const gin: SubstitutionLine = {
  sku_id: "G-1",
  title: "Hendrick's Gin",
  quantity: 1,
  stock_level: 0,
  price: 3500,
};
const lines = [
  { sku_id: "V-1", qty: 3, price: 2000 },
  { sku_id: "G-1", qty: 1, price: 3500 },
  { sku_id: "B-1", qty: 2, price: 1000 },
];
const offer = (sku_id: string, title: string, price: number, stock: number, needsIdCheck = false) =>
  [sku_id, { sku_id, title, price, stock, needsIdCheck }] as const;
const offered = new Map<string, Offered>([
  offer("K-1", "Ketel One", 2500, 5),
  offer("B-1", "Beer", 1000, 1),
  offer("E-1", "Empty shelf", 900, 0),
  offer("T-1", "Cigar", 1500, 9, true),
]);

describe("where substitutions may be proposed", () => {
  it.each([
    [{ order_status: 1, shipping: false, shipping_status: null }, true],
    [{ order_status: 0, shipping: false, shipping_status: null }, false],
    [{ order_status: 2, shipping: false, shipping_status: null }, false],
    [{ order_status: 3, shipping: false, shipping_status: null }, false],
    [{ order_status: 7, shipping: false, shipping_status: null }, false],
    [{ order_status: 0, shipping: true, shipping_status: "Awaiting Fulfillment" }, true],
    [{ order_status: 2, shipping: true, shipping_status: "Shipped" }, false],
  ])("%o → %s", (order, allowed) => {
    expect(mayProposeSubstitutions(order)).toBe(allowed);
  });
});

describe("the recorded statuses (spec §4)", () => {
  it.each([
    ["remove", "Removed Tito's Vodka"],
    ["replace", "Replaced Tito's Vodka"],
    ["reset", "Reset Tito's Vodka"],
  ] as const)("%s → %s", (kind, text) => {
    expect(recordedStatus(kind, "Tito's Vodka")).toBe(text);
  });

  it.each([
    [{ sku_id: "V-1", removed: true, kept: 0, added: [] }, "remove"],
    [{ sku_id: "V-1", removed: false, kept: 1, added: [] }, "reset"],
    [{ sku_id: "V-1", removed: false, kept: 1, added: [{ sku_id: "K-1", qty: 2 }] }, "replace"],
    [{ sku_id: "V-1", removed: true, kept: 0, added: [{ sku_id: "K-1", qty: 2 }] }, "replace"],
    [{ sku_id: "G-1", removed: false, kept: 0, added: [] }, "remove"],
    [defaultUpdate(gin), "remove"],
    [defaultUpdate(vodka), "reset"],
  ] as const)("%o is a %s", (update, kind) => {
    expect(updateKind({ ...update, added: [...update.added] })).toBe(kind);
  });
});

describe("the default answer keeps what the shelf has", () => {
  it("keeps the in-stock part", () => {
    expect(defaultUpdate(vodka)).toEqual({ sku_id: "V-1", removed: false, kept: 1, added: [] });
  });
  it("removes a line with nothing on the shelf", () => {
    expect(defaultUpdate(gin)).toEqual({ sku_id: "G-1", removed: true, kept: 0, added: [] });
  });
});

describe("applying the shopper's answers", () => {
  const apply = (updates: Parameters<typeof applySubstitutions>[0]["updates"], idChecked = false) =>
    applySubstitutions({ lines, short: [vodka, gin], updates, offered, idChecked });

  it("with no answers, keeps the in-stock part and drops what is missing", () => {
    expect(apply([])).toEqual({
      ok: true,
      lines: [
        { sku_id: "V-1", qty: 1, price: 2000 },
        { sku_id: "B-1", qty: 2, price: 1000 },
      ],
      added: [],
    });
  });

  it("removes, keeps and replaces per line; a replacement already in the order adds to its line", () => {
    const result = apply([
      { sku_id: "V-1", removed: false, kept: 1, added: [{ sku_id: "K-1", qty: 2 }] },
      { sku_id: "G-1", removed: true, kept: 0, added: [{ sku_id: "B-1", qty: 1 }] },
    ]);
    expect(result).toEqual({
      ok: true,
      lines: [
        { sku_id: "V-1", qty: 1, price: 2000 },
        { sku_id: "B-1", qty: 3, price: 1000 },
        { sku_id: "K-1", qty: 2, price: 2500 },
      ],
      added: [
        { sku_id: "K-1", qty: 2, price: 2500 },
        { sku_id: "B-1", qty: 1, price: 1000 },
      ],
    });
  });

  it.each([
    [{ sku_id: "V-1", removed: false, kept: 2, added: [] }, "V-1", "Only 1 of Tito's Vodka is in stock."],
    [
      { sku_id: "G-1", removed: false, kept: 1, added: [] },
      "G-1",
      "Hendrick's Gin is out of stock: remove it or choose a replacement.",
    ],
    [{ sku_id: "V-1", removed: false, kept: -1, added: [] }, "V-1", "Choose how many to keep."],
    [
      { sku_id: "V-1", removed: true, kept: 0, added: [{ sku_id: "V-1", qty: 1 }] },
      "V-1",
      "Choose a different product as the replacement.",
    ],
    [
      { sku_id: "V-1", removed: true, kept: 0, added: [{ sku_id: "NOPE", qty: 1 }] },
      "V-1",
      "That replacement is not available at this store.",
    ],
    [
      { sku_id: "V-1", removed: true, kept: 0, added: [{ sku_id: "K-1", qty: 0 }] },
      "V-1",
      `Choose between 1 and ${MAX_REPLACEMENT_QTY} of Ketel One.`,
    ],
    [
      { sku_id: "V-1", removed: true, kept: 0, added: [{ sku_id: "K-1", qty: 6 }] },
      "V-1",
      "Only 5 of Ketel One are in stock.",
    ],
    [
      { sku_id: "V-1", removed: true, kept: 0, added: [{ sku_id: "E-1", qty: 1 }] },
      "V-1",
      "Empty shelf is no longer in stock.",
    ],
    [{ sku_id: "B-1", removed: true, kept: 0, added: [] }, "B-1", "This item has no substitution to review."],
  ])("refuses %o against %s", (update, sku, message) => {
    expect(apply([update])).toEqual({ ok: false, errors: { [sku]: message } });
  });

  it("offers nicotine and tobacco only to an order whose ID was checked", () => {
    const cigar = { sku_id: "V-1", removed: true, kept: 0, added: [{ sku_id: "T-1", qty: 1 }] };
    expect(apply([cigar])).toEqual({
      ok: false,
      errors: { "V-1": "Cigar needs an ID check at checkout: choose another replacement." },
    });
    expect(apply([cigar], true)).toMatchObject({ ok: true, added: [{ sku_id: "T-1", qty: 1, price: 1500 }] });
  });

  it("counts one replacement chosen for two lines against its stock once", () => {
    expect(
      apply([
        { sku_id: "V-1", removed: true, kept: 0, added: [{ sku_id: "K-1", qty: 3 }] },
        { sku_id: "G-1", removed: true, kept: 0, added: [{ sku_id: "K-1", qty: 3 }] },
      ]),
    ).toEqual({ ok: false, errors: { "V-1": "Only 5 of Ketel One are in stock." } });
  });
});

describe("the order's money after substitutions", () => {
  const money = {
    subtotal: 10000,
    fee: 500,
    discount: 1000,
    tip: 1500,
    tax: 0,
    credit: 2000,
    round_up: 0,
    total: 9000,
  };

  it.each([
    ["less bought, less charged", 8000, { total: 7000, discount: 1000, credit: 2000 }, 0, -2000],
    ["more bought, more charged", 12500, { total: 11500, discount: 1000, credit: 2000 }, 0, 2500],
    ["unchanged", 10000, { total: 9000, discount: 1000, credit: 2000 }, 0, 0],
    // payable = 0 + 500 − 500 + 1500 = 1500: the credit shrinks to it and 500 of credit goes back.
    ["nothing left to buy", 0, { total: 0, discount: 500, credit: 1500 }, 500, -9000],
  ])("%s", (_name, subtotal, expected, creditBack, difference) => {
    const result = recharge(money, subtotal);
    expect(result.money).toMatchObject({ subtotal, ...expected });
    expect(result.creditBack).toBe(creditBack);
    expect(result.difference).toBe(difference);
  });

  it("charges the new tax: a re-taxed order pays what its new lines' tax says", () => {
    const taxed = { ...money, tax: 950, total: 9950 };
    // 8,000 of goods now, taxed 760: 8,000 + 500 − 1,000 + 1,500 + 760 − 2,000 credit.
    const result = recharge(taxed, 8000, 760);
    expect(result.money).toMatchObject({ subtotal: 8000, tax: 760, total: 7760 });
    expect(result.difference).toBe(-2190);
    // Unchanged lines keep their tax (a tip change).
    expect(recharge(taxed, 10000).money).toMatchObject({ tax: 950, total: 9950 });
  });

  it("never charges below nothing, and the difference is exactly the change of the total", () => {
    fc.assert(
      fc.property(
        fc.record({
          subtotal: fc.nat(100_000),
          fee: fc.nat(2_000),
          discount: fc.nat(20_000),
          tip: fc.nat(5_000),
          credit: fc.nat(20_000),
          round_up: fc.nat(99),
          tax: fc.nat(10_000),
        }),
        fc.nat(100_000),
        fc.nat(10_000),
        (m, next, nextTax) => {
          const discount = Math.min(m.discount, m.subtotal + m.fee);
          const payable = m.subtotal + m.fee - discount + m.tip + m.tax;
          const credit = Math.min(m.credit, payable);
          const before = { ...m, discount, credit, total: payable - credit + m.round_up };
          const { money: after, creditBack, difference } = recharge(before, next, nextTax);
          expect(after.total).toBeGreaterThanOrEqual(0);
          expect(after.discount).toBeLessThanOrEqual(before.discount);
          expect(creditBack).toBeGreaterThanOrEqual(0);
          expect(after.credit + creditBack).toBe(before.credit);
          expect(difference).toBe(after.total - before.total);
        },
      ),
    );
  });

  it("sums lines", () => {
    expect(subtotalOf(lines)).toBe(3 * 2000 + 3500 + 2 * 1000);
  });
});
