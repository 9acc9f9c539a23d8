import { describe, expect, it } from "vitest";
import { ORDER_STATUS as S } from "../orders/status.ts";
import type { PaymentTotals } from "./ledger.ts";
import { type MoneyStance, orderRefund, type SettlementOrder, settlement, stanceOf } from "./settlement.ts";

const held = (authorised: number): PaymentTotals => ({ authorised, captured: 0, refunded: 0, voided: false });
const order = (
  id: string,
  stance: MoneyStance,
  total: number,
  captured = 0,
  refunded = 0,
): SettlementOrder => ({
  id,
  stance,
  total,
  captured,
  refunded,
});

describe("where an order stands for its payment", () => {
  const table: [string, Parameters<typeof stanceOf>[0], MoneyStance][] = [
    ["awaiting payment", { order_status: S.awaitingPayment, shipping: false, failed_status: null }, "open"],
    ["placed", { order_status: S.placed, shipping: false, failed_status: null }, "open"],
    ["scheduled", { order_status: S.scheduled, shipping: false, failed_status: null }, "open"],
    ["shipped, awaiting fulfilment", { order_status: S.placed, shipping: true, failed_status: null }, "open"],
    ["in progress", { order_status: S.inProgress, shipping: false, failed_status: null }, "charged"],
    ["en route", { order_status: S.enRoute, shipping: false, failed_status: null }, "charged"],
    ["completed", { order_status: S.completed, shipping: false, failed_status: null }, "charged"],
    [
      "refunded after completion",
      { order_status: S.refunded, shipping: false, failed_status: null },
      "charged",
    ],
    [
      "failed soft (may be dispatched again)",
      { order_status: S.failed, shipping: false, failed_status: { state: "soft", reason: "No one home" } },
      "charged",
    ],
    [
      "failed hard",
      { order_status: S.failed, shipping: false, failed_status: { state: "hard", reason: "Under age" } },
      "dropped",
    ],
    [
      "shipped and failed, even soft (no way on from Failed)",
      { order_status: S.failed, shipping: true, failed_status: { state: "soft", reason: "Lost" } },
      "dropped",
    ],
    ["cancelled", { order_status: S.cancelled, shipping: false, failed_status: null }, "dropped"],
  ];
  it.each(table)("%s → %s", (_name, state, stance) => {
    expect(stanceOf(state)).toBe(stance);
  });
});

describe("settling one payment for several orders", () => {
  const cases: [string, SettlementOrder[], PaymentTotals, ReturnType<typeof settlement>][] = [
    ["one order still placed: nothing yet", [order("a", "open", 3000)], held(3000), []],
    [
      "the one order accepted: captured in full",
      [order("a", "charged", 3000)],
      held(3000),
      [{ kind: "capture", amount: 3000, shares: [{ orderId: "a", amount: 3000 }] }],
    ],
    [
      "split cart, first store accepted, second still placed: wait",
      [order("a", "charged", 3000), order("b", "open", 2000)],
      held(5000),
      [],
    ],
    [
      "split cart, both accepted: one capture for the sum",
      [order("a", "charged", 3000), order("b", "charged", 2000)],
      held(5000),
      [
        {
          kind: "capture",
          amount: 5000,
          shares: [
            { orderId: "a", amount: 3000 },
            { orderId: "b", amount: 2000 },
          ],
        },
      ],
    ],
    [
      "split cart, one cancelled before capture: the capture is the rest",
      [order("a", "charged", 3000), order("b", "dropped", 2000)],
      held(5000),
      [{ kind: "capture", amount: 3000, shares: [{ orderId: "a", amount: 3000 }] }],
    ],
    [
      "split cart, one hard-failed before the other was accepted, then the other accepted",
      [order("a", "dropped", 3000), order("b", "charged", 2000)],
      held(5000),
      [{ kind: "capture", amount: 2000, shares: [{ orderId: "b", amount: 2000 }] }],
    ],
    [
      "split cart, one refused at the door before capture: it is captured for its return fee alone",
      [{ ...order("a", "dropped", 3000), kept: 500 }, order("b", "charged", 2000)],
      held(5000),
      [
        {
          kind: "capture",
          amount: 2500,
          shares: [
            { orderId: "a", amount: 500 },
            { orderId: "b", amount: 2000 },
          ],
        },
      ],
    ],
    [
      "the one order refused at the door after capture: refunded all but its return fee",
      [{ ...order("a", "dropped", 3000, 3000), kept: 500 }],
      { ...held(3000), captured: 3000 },
      [{ kind: "refund", orderId: "a", amount: 2500 }],
    ],
    [
      "a return fee above the order's charge keeps no more than the charge",
      [{ ...order("a", "dropped", 300, 300), kept: 500 }],
      { ...held(300), captured: 300 },
      [],
    ],
    [
      "a kept fee on an order going ahead changes nothing",
      [{ ...order("a", "charged", 3000), kept: 500 }],
      held(3000),
      [{ kind: "capture", amount: 3000, shares: [{ orderId: "a", amount: 3000 }] }],
    ],
    [
      "every order cancelled: void",
      [order("a", "dropped", 3000), order("b", "dropped", 2000)],
      held(5000),
      [{ kind: "void" }],
    ],
    [
      "an order paid wholly by credit beside one on the card: capture only the card's",
      [order("a", "charged", 0), order("b", "charged", 2000)],
      held(2000),
      [{ kind: "capture", amount: 2000, shares: [{ orderId: "b", amount: 2000 }] }],
    ],
    [
      "captured, then one order cancelled: refund its share",
      [order("a", "charged", 3000, 3000), order("b", "dropped", 2000, 2000)],
      { authorised: 5000, captured: 5000, refunded: 0, voided: false },
      [{ kind: "refund", orderId: "b", amount: 2000 }],
    ],
    [
      "captured, a dropped order already partly refunded: refund the rest only",
      [order("a", "dropped", 3000, 3000, 1000)],
      { authorised: 3000, captured: 3000, refunded: 1000, voided: false },
      [{ kind: "refund", orderId: "a", amount: 2000 }],
    ],
    [
      "captured and all refunded: nothing more",
      [order("a", "dropped", 3000, 3000, 3000)],
      { authorised: 3000, captured: 3000, refunded: 3000, voided: false },
      [],
    ],
    [
      "an order cancelled before the capture never gets a refund",
      [order("a", "charged", 3000, 3000), order("b", "dropped", 2000, 0)],
      { authorised: 5000, captured: 3000, refunded: 0, voided: false },
      [],
    ],
    [
      "voided: nothing more",
      [order("a", "dropped", 3000)],
      { authorised: 3000, captured: 0, refunded: 0, voided: true },
      [],
    ],
    ["nothing authorised (credit paid it all): nothing", [order("a", "charged", 0)], held(0), []],
  ];
  it.each(cases)("%s", (_name, orders, totals, steps) => {
    expect(settlement({ orders, totals, hasIntent: true })).toEqual(steps);
  });

  it("does nothing for a payment with no card intent", () => {
    expect(settlement({ orders: [order("a", "charged", 0)], totals: held(0), hasIntent: false })).toEqual([]);
  });

  it("applying the steps and asking again gives nothing (no second capture)", () => {
    const orders = [order("a", "charged", 3000), order("b", "charged", 2000)];
    const [step] = settlement({ orders, totals: held(5000), hasIntent: true });
    expect(step.kind).toBe("capture");
    const after = orders.map((o) => ({ ...o, captured: o.total }));
    expect(
      settlement({
        orders: after,
        totals: { authorised: 5000, captured: 5000, refunded: 0, voided: false },
        hasIntent: true,
      }),
    ).toEqual([]);
  });
});

describe("a refund staff ask for", () => {
  const captured = { authorised: 5000, captured: 5000, refunded: 0, voided: false };
  it("defaults to all that is left of the order", () => {
    expect(orderRefund({ captured: 3000, refunded: 500 }, captured, undefined)).toEqual({
      ok: true,
      amount: 2500,
    });
  });
  it("takes a part", () => {
    expect(orderRefund({ captured: 3000, refunded: 0 }, captured, 1200)).toEqual({ ok: true, amount: 1200 });
  });
  it("refuses more than the order put into the capture", () => {
    expect(orderRefund({ captured: 3000, refunded: 0 }, captured, 3001)).toEqual({
      ok: false,
      message: "Only $30.00 of this order can still be refunded.",
    });
  });
  it("refuses more than the payment still holds", () => {
    const mostlyRefunded = { ...captured, refunded: 4500 };
    expect(orderRefund({ captured: 3000, refunded: 0 }, mostlyRefunded, 600)).toMatchObject({ ok: false });
  });
  it("refuses before the capture, and once refunded in full", () => {
    expect(orderRefund({ captured: 0, refunded: 0 }, captured, undefined)).toMatchObject({ ok: false });
    expect(orderRefund({ captured: 3000, refunded: 3000 }, captured, undefined)).toEqual({
      ok: false,
      message: "This order has been refunded in full.",
    });
  });
  it("refuses zero, negative and fractional amounts", () => {
    for (const amount of [0, -5, 10.5])
      expect(orderRefund({ captured: 3000, refunded: 0 }, captured, amount)).toMatchObject({ ok: false });
  });
});
