import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { mayCapture, mayRefund, mayVoid, type PaymentOperation, paymentTotals } from "./ledger.ts";

const auth = (amount: number, status: PaymentOperation["status"] = "succeeded"): PaymentOperation => ({
  kind: "authorisation",
  amount,
  status,
});
const capture = (amount: number, status: PaymentOperation["status"] = "succeeded"): PaymentOperation => ({
  kind: "capture",
  amount,
  status,
});
const refund = (amount: number, status: PaymentOperation["status"] = "succeeded"): PaymentOperation => ({
  kind: "refund",
  amount,
  status,
});

describe("paymentTotals", () => {
  it("sums what succeeded, counts pending captures and refunds, ignores failures", () => {
    expect(
      paymentTotals([
        auth(5000),
        auth(900, "failed"),
        capture(3000),
        capture(500, "pending"),
        refund(200),
        refund(100, "failed"),
      ]),
    ).toEqual({ authorised: 5000, captured: 3500, refunded: 200, voided: false });
  });
});

describe("limits", () => {
  it.each([
    [[auth(5000)], 5000, true],
    [[auth(5000)], 5001, false],
    [[auth(5000), capture(3000)], 2000, true],
    [[auth(5000), capture(3000, "pending")], 2001, false],
    [[auth(5000), { kind: "void", amount: 0, status: "succeeded" } as PaymentOperation], 1, false],
    [[auth(5000, "pending")], 1, false],
  ])("capture after %j of %i → %s", (ops, amount, ok) => {
    expect(mayCapture(paymentTotals(ops), amount).ok).toBe(ok);
  });

  it("says how much is left", () => {
    expect(mayRefund(paymentTotals([auth(5000), capture(4200), refund(1000)]), 4000)).toEqual({
      ok: false,
      message: "Only $32.00 of this payment can still be refunded.",
    });
  });

  it("voids only an authorised, uncaptured, unvoided payment", () => {
    expect(mayVoid(paymentTotals([auth(5000)])).ok).toBe(true);
    expect(mayVoid(paymentTotals([auth(5000), capture(1)]))).toEqual({
      ok: false,
      message: "This payment was captured: refund it instead.",
    });
    expect(mayVoid(paymentTotals([])).ok).toBe(false);
  });

  it("never lets captures exceed the authorisation, or refunds the captures, whatever the order of requests", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100_000 }),
        fc.array(fc.tuple(fc.constantFrom("capture", "refund"), fc.integer({ min: 1, max: 50_000 })), {
          maxLength: 30,
        }),
        (authorised, requests) => {
          const ops: PaymentOperation[] = [auth(authorised)];
          for (const [kind, amount] of requests) {
            const totals = paymentTotals(ops);
            const allowed = kind === "capture" ? mayCapture(totals, amount) : mayRefund(totals, amount);
            if (allowed.ok)
              ops.push(kind === "capture" ? capture(amount, "pending") : refund(amount, "pending"));
          }
          const t = paymentTotals(ops);
          expect(t.captured).toBeLessThanOrEqual(t.authorised);
          expect(t.refunded).toBeLessThanOrEqual(t.captured);
        },
      ),
    );
  });
});
