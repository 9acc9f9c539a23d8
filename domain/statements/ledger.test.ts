import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type LedgerOperation,
  type LedgerOrder,
  orderMoneyEvents,
  signedCard,
  staffRefundReason,
} from "./ledger.ts";
import { buildStatement, lineOf } from "./statement.ts";
import type { Funder, MoneyEvent, StoreTerms } from "./types.ts";

const TZ = "America/Chicago";
/** 3 p.m. in Chicago on `day`. */
const at = (day: string) => new Date(`${day}T21:00:00Z`);

const order = (over: Partial<LedgerOrder> = {}): LedgerOrder => ({
  id: "A",
  subtotal: 3000,
  fee: 499,
  discount: 0,
  tip: 0,
  credit: 0,
  roundUp: 0,
  tax: 306,
  captured: 3805,
  keptFee: 0,
  dropped: null,
  promoFunder: "platform",
  ...over,
});
const capture = (id: number, day = "2026-11-23"): LedgerOperation => ({
  id,
  kind: "capture",
  amount: 0,
  at: at(day),
  purpose: "checkout",
});
const refund = (id: number, amount: number, over: Partial<LedgerOperation> = {}): LedgerOperation => ({
  id,
  kind: "refund",
  amount,
  at: at("2026-11-24"),
  purpose: "checkout",
  ...over,
});

describe("an order's money events from its ledger", () => {
  it("a capture is the order's parts, dated in the store's time zone", () => {
    // 02:00 UTC on the 24th is still the 23rd in Chicago.
    const events = orderMoneyEvents({
      order: order({ tip: 500, captured: 4005, discount: 300 }),
      operations: [{ ...capture(1), at: new Date("2026-11-24T02:00:00Z") }],
      staffRefunds: [],
      timeZone: TZ,
    });
    expect(events).toEqual([
      {
        kind: "captured",
        id: "cap:1:A",
        orderId: "A",
        date: "2026-11-23",
        merchandise: 3000, // 4005 − 499 − 500 − 306 + 300: the goods before the promo
        deliveryFee: 499,
        tip: 500,
        tax: 306,
        roundUp: 0,
        promo: { amount: 300, funder: "platform" },
        credit: 0,
      },
    ]);
  });

  it("an order paid wholly by credit and a promo counts when delivered, with no card money", () => {
    // 3000 + 499 + 306 = 3805: $5 off from the store, the rest credit.
    const events = orderMoneyEvents({
      order: order({ captured: 0, discount: 500, credit: 3305, promoFunder: "store" }),
      operations: [
        { id: "none", kind: "capture", amount: 0, at: at("2026-11-25"), purpose: "checkout", noCard: true },
      ],
      staffRefunds: [],
      timeZone: TZ,
    });
    expect(events).toEqual([
      expect.objectContaining({
        id: "cap:none:A",
        date: "2026-11-25",
        merchandise: 3000,
        credit: 3305,
        promo: { amount: 500, funder: "store" },
      }),
    ]);
    expect(signedCard(events[0])).toBe(0);
  });

  it.each([
    ["Chipped bottle", "damaged"],
    ["The lime was missing", "missing_item"],
    ["Sorry for the wait", "goodwill"],
  ] as const)("staff's words %j are a %s refund", (words, reason) => {
    expect(staffRefundReason(words)).toBe(reason);
  });

  it("a staff refund's tax is what the orders module gave back; the rest is goods", () => {
    const events = orderMoneyEvents({
      order: order(),
      operations: [capture(1), refund(2, 1000, { tax: 80 })],
      staffRefunds: [{ amount: 1000, reason: "Chipped bottle" }],
      timeZone: TZ,
    });
    expect(events[1]).toMatchObject({
      kind: "refunded",
      reason: "damaged",
      tax: 80,
      merchandise: 920,
      promo: null,
    });
  });

  it("an order refused at the door after its capture gives back all but the return fee, its credit and promo too", () => {
    const o = order({ dropped: "failed", keptFee: 500, credit: 1000, discount: 300, captured: 2505 });
    // Card: 3000 + 499 + 306 − 300 − 1000 = 2505. Refunded: 2505 − 500 = 2005.
    const events = orderMoneyEvents({
      order: o,
      operations: [capture(1), refund(2, 2005)],
      staffRefunds: [],
      timeZone: TZ,
    });
    expect(events[1]).toMatchObject({
      reason: "failed",
      merchandise: 2500,
      deliveryFee: 499,
      tax: 306,
      promo: { amount: 300, funder: "platform" },
      credit: 1000,
    });
    expect(events.reduce((sum, e) => sum + signedCard(e), 0)).toBe(500);
  });

  it("a tip after delivery and a substitution's charge are charges of their own; a recorded event is kept as it was", () => {
    const recorded = new Map<string, MoneyEvent>([
      [
        "xc:3",
        { kind: "extra_charge", id: "xc:3", orderId: "A", date: "2026-11-20", merchandise: 1, tax: 0 },
      ],
    ]);
    const events = orderMoneyEvents({
      order: order({ tip: 700 }),
      operations: [
        capture(1),
        { ...capture(2), purpose: "tip", amount: 700 },
        { ...capture(3), purpose: "substitution", amount: 450 },
      ],
      staffRefunds: [],
      timeZone: TZ,
      recorded,
    });
    expect(events.map((e) => [e.kind, e.id])).toEqual([
      ["captured", "cap:1:A"],
      ["tip_changed", "tip:2"],
      ["extra_charge", "xc:3"],
    ]);
    expect(events[0]).toMatchObject({ tip: 0, merchandise: 3000 }); // the tip at checkout was none
    expect(events[2]).toBe(recorded.get("xc:3"));
  });
});

// ---- From the ledger to the books ------------------------------------------------------------------------------

const cents = (max: number) => fc.integer({ min: 0, max });

/**
 * A random order and its ledger as the payments module keeps it: a capture of its card share, tips after delivery and
 * substitutions' charges (each its own payment), refunds by staff (with the tax the orders module gave back, or
 * none recorded) and for substitutions that cost less, and perhaps its end undelivered: refused at the door (the
 * store keeps its return fee) or cancelled, refunded the rest of its card money.
 */
const ledger = fc
  .record({
    subtotal: cents(50_000),
    fee: cents(1_500),
    tip: cents(3_000),
    tax: cents(4_000),
    roundUp: cents(99),
    promoShare: fc.double({ min: 0, max: 1, noNaN: true }),
    creditShare: fc.double({ min: 0, max: 0.9, noNaN: true }),
    funder: fc.constantFrom<Funder>("platform", "store"),
    tipsAfter: fc.array(fc.integer({ min: 1, max: 2_000 }), { maxLength: 2 }),
    extras: fc.array(fc.integer({ min: 1, max: 5_000 }), { maxLength: 2 }),
    refunds: fc.array(
      fc.record({
        share: fc.double({ min: 0.01, max: 0.5, noNaN: true }),
        staff: fc.boolean(),
        taxKnown: fc.boolean(),
        day: fc.integer({ min: 0, max: 5 }),
      }),
      { maxLength: 3 },
    ),
    end: fc.constantFrom("delivered", "cancelled", "refused_after", "refused_before"),
    keptShare: fc.double({ min: 0, max: 1, noNaN: true }),
  })
  .map((h) => {
    const value = h.subtotal + h.fee + h.tip + h.tax + h.roundUp;
    const discount = Math.floor(h.promoShare * (h.subtotal + h.fee));
    const credit = Math.floor(h.creditShare * (value - discount));
    const card = value - discount - credit;
    const day = (n: number) => `2026-11-${String(23 + n).padStart(2, "0")}`;
    const ops: LedgerOperation[] = [];
    const staffRefunds: { amount: number; reason: string }[] = [];
    let id = 1;
    let captured = card;
    let keptFee = 0;
    let dropped: LedgerOrder["dropped"] = null;
    if (h.end === "refused_before") {
      // Refused before the capture: the capture takes only the return fee.
      keptFee = Math.floor(h.keptShare * card);
      captured = keptFee;
      dropped = "failed";
      if (captured > 0)
        ops.push({ id: id++, kind: "capture", amount: captured, at: at(day(0)), purpose: "checkout" });
    } else {
      if (card > 0)
        ops.push({ id: id++, kind: "capture", amount: card, at: at(day(0)), purpose: "checkout" });
      for (const amount of h.tipsAfter)
        ops.push({ id: id++, kind: "capture", amount, at: at(day(1)), purpose: "tip" });
      for (const amount of h.extras)
        ops.push({ id: id++, kind: "capture", amount, at: at(day(1)), purpose: "substitution" });
      let back = 0;
      for (const r of h.refunds) {
        const amount = Math.floor(r.share * (card - back));
        if (amount <= 0) continue;
        back += amount;
        const tax = r.taxKnown ? Math.floor((amount * h.tax) / value) : undefined;
        ops.push({ id: id++, kind: "refund", amount, at: at(day(r.day)), purpose: "checkout", tax });
        if (r.staff) staffRefunds.push({ amount, reason: "Chipped" });
      }
      if (h.end !== "delivered" && card > 0) {
        dropped = h.end === "cancelled" ? "cancelled" : "failed";
        keptFee = h.end === "refused_after" ? Math.floor(h.keptShare * (card - back)) : 0;
        const rest = card - back - keptFee;
        if (rest > 0)
          ops.push({ id: id++, kind: "refund", amount: rest, at: at(day(5)), purpose: "checkout" });
        for (const amount of h.extras)
          ops.push({ id: id++, kind: "refund", amount, at: at(day(5)), purpose: "substitution" });
        for (const amount of h.tipsAfter)
          ops.push({ id: id++, kind: "refund", amount, at: at(day(5)), purpose: "tip" });
      }
    }
    const o: LedgerOrder = {
      id: "A",
      subtotal: h.subtotal,
      fee: h.fee,
      discount,
      tip: h.tip + h.tipsAfter.reduce((a, b) => a + b, 0),
      credit,
      roundUp: h.roundUp,
      tax: h.tax,
      captured,
      keptFee,
      dropped,
      promoFunder: h.funder,
    };
    const cardMoney = ops.reduce((sum, op) => sum + (op.kind === "refund" ? -op.amount : op.amount), 0);
    return { order: o, ops, staffRefunds, cardMoney };
  });

const arbTerms: fc.Arbitrary<StoreTerms> = fc.record({
  commissionPpm: fc.integer({ min: 0, max: 400_000 }),
  commissionPerOrder: cents(300),
  processingPpm: fc.integer({ min: 0, max: 50_000 }),
  processingFixed: cents(50),
  deliveryFeesTo: fc.constantFrom("store" as const, "platform" as const),
  tipsTo: fc.constantFrom("store" as const, "driver" as const),
});

describe("the books balance from the ledger", () => {
  it("the events move exactly the ledger's card money, and it is what the store is owed + commission + fees + taxes (+ what drivers, charities and platform-funded promos and credit account for)", () => {
    fc.assert(
      fc.property(ledger, arbTerms, ({ order: o, ops, staffRefunds, cardMoney }, terms) => {
        const events = orderMoneyEvents({ order: o, operations: ops, staffRefunds, timeZone: TZ });
        expect(events.reduce((sum, e) => sum + signedCard(e), 0)).toBe(cardMoney);
        const s = buildStatement(events, terms, { from: "2026-11-01", to: "2026-11-30" });
        const refunds = s.lines.filter((l) => l.category === "refunds").map((l) => l.parts);
        const back = (pick: (p: NonNullable<(typeof refunds)[number]>) => number) =>
          refunds.reduce((sum, p) => sum + (p ? pick(p) : 0), 0);
        const f = (key: string) => lineOf(s, key).cents;
        const owed =
          f("net_payable") +
          f("commission") +
          f("processing_fees") +
          (f("taxes") - back((p) => p.tax)) +
          (f("donations") - back((p) => p.roundUp)) +
          (terms.deliveryFeesTo === "platform" ? f("delivery_fees") - back((p) => p.deliveryFee) : 0) +
          (terms.tipsTo === "driver" ? f("tips") - back((p) => p.tip) : 0) -
          (f("promos:platform") - back((p) => p.promo.platform)) -
          (f("credit") - back((p) => p.credit));
        expect(owed).toBe(cardMoney);
        // Never more tax given back than was charged.
        expect(back((p) => p.tax)).toBeLessThanOrEqual(f("taxes"));
      }),
      { numRuns: 500 },
    );
  });
});
