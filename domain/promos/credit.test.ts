import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type CreditEntry, creditBalance, creditFromPromos, creditToApply, lapsedCredit } from "./credit.ts";

const at = (iso: string) => new Date(iso);
const granted = (amount: number, expiresAt: string | null = null): CreditEntry => ({
  kind: "granted",
  amount,
  expiresAt: expiresAt ? at(expiresAt) : null,
});
const spent = (amount: number): CreditEntry => ({ kind: "spent", amount, expiresAt: null });
const refunded = (amount: number): CreditEntry => ({ kind: "refunded", amount, expiresAt: null });
const expired = (amount: number): CreditEntry => ({ kind: "expired", amount, expiresAt: null });

describe("creditBalance", () => {
  it("adds grants and refunds, takes spending and expiry", () => {
    expect(creditBalance([granted(1000), spent(300), refunded(300), spent(200), expired(100)])).toBe(700);
    expect(creditBalance([])).toBe(0);
  });
});

describe("lapsedCredit", () => {
  const now = at("2026-11-25T00:00:00Z");
  it.each([
    ["nothing lapsed", [granted(1000, "2026-12-31")], 0],
    ["an unspent lapsed grant", [granted(1000, "2026-11-01")], 1000],
    [
      "spending uses the soonest-lapsing grant first",
      [granted(1000, "2027-01-01"), granted(500, "2026-11-01"), spent(600)],
      0,
    ],
    ["part of a lapsed grant left", [granted(500, "2026-11-01"), granted(1000), spent(200)], 300],
    ["already written off", [granted(500, "2026-11-01"), expired(500)], 0],
    ["refunds never lapse", [refunded(800), granted(200, "2026-11-01")], 200],
  ])("%s", (_name, entries, lapsed) => {
    expect(lapsedCredit(entries, now)).toBe(lapsed);
  });

  it("never writes off more than the balance", () => {
    const entry = fc.oneof(
      fc.record({
        kind: fc.constant<"granted">("granted"),
        amount: fc.integer({ min: 1, max: 5000 }),
        expiresAt: fc.option(fc.date({ min: at("2026-01-01"), max: at("2027-12-31"), noInvalidDate: true })),
      }),
      fc.record({
        kind: fc.constant<"refunded">("refunded"),
        amount: fc.integer({ min: 1, max: 5000 }),
        expiresAt: fc.constant(null),
      }),
    );
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 10 }), fc.integer({ min: 0, max: 30_000 }), (gains, spend) => {
        const entries: CreditEntry[] = [...gains];
        const s = Math.min(spend, creditBalance(entries));
        if (s > 0) entries.push(spent(s));
        const lapsed = lapsedCredit(entries, now);
        expect(lapsed).toBeGreaterThanOrEqual(0);
        expect(lapsed).toBeLessThanOrEqual(creditBalance(entries));
      }),
    );
  });
});

describe("creditToApply", () => {
  it.each([
    ["all of it", "all", 1500, 4000, 1500],
    ["no more than the bill", "all", 5000, 4000, 4000],
    ["what was asked", 700, 1500, 4000, 700],
    ["no more than the balance", 2000, 1500, 4000, 1500],
    ["nothing asked", 0, 1500, 4000, 0],
    ["no negative", -5, 1500, 4000, 0],
  ] as const)("%s", (_n, requested, balance, payable, applied) => {
    expect(creditToApply(requested, balance, payable)).toBe(applied);
  });
});

describe("creditFromPromos (spec §3)", () => {
  it("sums balance, val and value across credit-type promos only", () => {
    expect(
      creditFromPromos([
        { value_type: "credit", balance: 500 },
        { value_type: "credit", val: 200, value: 100 },
        { value_type: "percent", value: 10 },
      ]),
    ).toBe(800);
  });
});
