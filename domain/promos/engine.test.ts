import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { evaluatePromo, type PromoContext, type PromoLine, type PromoRule } from "./engine.ts";

const rule = (over: Partial<PromoRule> = {}): PromoRule => ({
  code: "TENOFF",
  kind: "percent",
  value: 10,
  description: "10% off",
  minSubtotal: 0,
  maxDiscount: null,
  firstOrderOnly: false,
  startsAt: null,
  expiresAt: null,
  maxUses: null,
  maxUsesPerCustomer: null,
  storeIds: null,
  tags: null,
  excludedTags: [],
  ...over,
});
const whiskey: PromoLine = { storeId: "nyc", subtotal: 4000, tags: ["WS"] };
const cigars: PromoLine = { storeId: "nyc", subtotal: 2500, tags: ["TB"] };
const wine: PromoLine = { storeId: "bk", subtotal: 2000, tags: ["RW"] };
const ctx = (over: Partial<PromoContext> = {}): PromoContext => ({
  now: new Date("2026-11-25T12:00:00Z"),
  lines: [whiskey, wine],
  fees: { nyc: 499, bk: 299 },
  signedIn: true,
  previousOrders: 0,
  customerUses: 0,
  totalUses: 0,
  ...over,
});

describe("evaluatePromo", () => {
  it.each([
    ["percent of the eligible items", rule(), ctx(), 600],
    ["percent capped", rule({ maxDiscount: 500 }), ctx(), 500],
    ["fixed", rule({ kind: "fixed", value: 500 }), ctx(), 500],
    ["fixed never above the items", rule({ kind: "fixed", value: 9000 }), ctx(), 6000],
    ["free delivery: every store with eligible items", rule({ kind: "free_delivery", value: 0 }), ctx(), 798],
    ["free delivery at one store", rule({ kind: "free_delivery", value: 0, storeIds: ["bk"] }), ctx(), 299],
    ["scoped to a store", rule({ storeIds: ["bk"] }), ctx(), 200],
    ["scoped to tags", rule({ tags: ["WS", "VO"] }), ctx(), 400],
    ["never on nicotine and tobacco", rule(), ctx({ lines: [whiskey, cigars] }), 400],
    ["excluded tags", rule({ excludedTags: ["RW"] }), ctx(), 400],
    ["minimum met by eligible items", rule({ minSubtotal: 6000 }), ctx(), 600],
    ["first order on a first order", rule({ firstOrderOnly: true }), ctx(), 600],
    [
      "within its dates",
      rule({ startsAt: new Date("2026-11-01"), expiresAt: new Date("2026-12-01") }),
      ctx(),
      600,
    ],
    ["uses left", rule({ maxUses: 10, maxUsesPerCustomer: 2 }), ctx({ totalUses: 9, customerUses: 1 }), 600],
  ])("%s", (_name, r, c, discount) => {
    expect(evaluatePromo(r, c)).toMatchObject({ ok: true, discount });
  });

  it.each([
    ["not started", rule({ startsAt: new Date("2026-12-01") }), ctx(), "This code isn't active yet."],
    [
      "expired (the end is exclusive)",
      rule({ expiresAt: new Date("2026-11-25T12:00:00Z") }),
      ctx(),
      "This code has expired.",
    ],
    ["used up", rule({ maxUses: 10 }), ctx({ totalUses: 10 }), "This code has been fully redeemed."],
    [
      "used by this shopper",
      rule({ maxUsesPerCustomer: 1 }),
      ctx({ customerUses: 1 }),
      "You've already used this code.",
    ],
    [
      "first order only, not the first",
      rule({ firstOrderOnly: true }),
      ctx({ previousOrders: 1 }),
      "This code is for your first order.",
    ],
    [
      "per-customer code, anonymous",
      rule({ maxUsesPerCustomer: 1 }),
      ctx({ signedIn: false }),
      "Log in to use this code.",
    ],
    ["nothing in scope", rule({ tags: ["GN"] }), ctx(), "This code doesn't apply to the items in your cart."],
    [
      "only tobacco in the cart",
      rule(),
      ctx({ lines: [cigars] }),
      "This code doesn't apply to the items in your cart.",
    ],
    ["minimum not met", rule({ minSubtotal: 7550 }), ctx(), "Add $15.50 more to use this code."],
    [
      "a credit code",
      rule({ kind: "credit", value: 1000 }),
      ctx(),
      "This code adds store credit: add it to your account's promos.",
    ],
  ])("refuses: %s", (_name, r, c, message) => {
    expect(evaluatePromo(r, c)).toMatchObject({ ok: false, message });
  });

  it("never takes off more than the eligible items, never less than nothing, never counts tobacco", () => {
    const line = fc.record({
      storeId: fc.constantFrom("nyc", "bk"),
      subtotal: fc.integer({ min: 0, max: 100_000 }),
      tags: fc.subarray(["WS", "RW", "TB", "NP", "BE"], { minLength: 1 }),
    });
    fc.assert(
      fc.property(
        fc.array(line, { maxLength: 8 }),
        fc.constantFrom<PromoRule["kind"]>("percent", "fixed"),
        fc.integer({ min: 1, max: 20_000 }),
        (lines, kind, value) => {
          const result = evaluatePromo(
            rule({ kind, value: kind === "percent" ? Math.min(value, 100) : value }),
            ctx({ lines }),
          );
          if (!result.ok) return;
          const countable = lines.filter((l) => !l.tags.some((t) => t === "TB" || t === "NP"));
          const eligible = countable.reduce((s, l) => s + l.subtotal, 0);
          expect(result.eligibleSubtotal).toBe(eligible);
          expect(result.discount).toBeGreaterThanOrEqual(0);
          expect(result.discount).toBeLessThanOrEqual(eligible);
        },
      ),
    );
  });
});
