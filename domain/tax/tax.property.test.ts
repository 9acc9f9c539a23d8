import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { PRODUCT_TAX_CLASSES } from "./classes.ts";
import { computeTax, DELIVERY_FEE_LINE, ORDER_LINE, type TaxInput, TIP_LINE } from "./compute.ts";
import { type LineRefund, refundTax } from "./refund.ts";
import type { Rate, StateRules, TaxableLine, TaxClass, TaxLine } from "./types.ts";

const GOODS: readonly TaxClass[] = PRODUCT_TAX_CLASSES;
const CLASSES: TaxClass[] = [...GOODS, "delivery_fee", "tip"];
const ON = "2026-11-29";
const source = { title: "property fixture", url: "https://example.test", retrieved: ON };

const effective = fc.constantFrom(
  { from: "2020-01-01" },
  { from: "2020-01-01", to: ON }, // ended: ignored
  { from: "2026-11-30" }, // not yet: ignored
  { from: ON, to: "2026-11-30" },
);
type AbvBounds = Pick<Rate, "minAbv" | "minAbvExclusive" | "maxAbv" | "maxAbvInclusive">;
// Bounds on whole percents up to 30, and line ABVs often whole percents in that range too (else any tenth up to 70),
// so lines fall on the bounds and the inclusive and exclusive edges are tested.
const abvBounds: fc.Arbitrary<AbvBounds> = fc
  .record({ at: fc.integer({ min: 0, max: 30 }), width: fc.integer({ min: 1, max: 10 }) })
  .chain(({ at, width }) =>
    fc.constantFrom<AbvBounds>(
      {},
      { minAbv: at },
      { minAbv: at, minAbvExclusive: true },
      { maxAbv: at },
      { maxAbv: at, maxAbvInclusive: true },
      { minAbv: at, minAbvExclusive: true, maxAbv: at + width },
      { minAbv: at, maxAbv: at + width, maxAbvInclusive: true },
    ),
  );
const inPrice = fc.constantFrom<{ includedInPrice?: true }>({}, {}, { includedInPrice: true });
const base = fc.record({
  jurisdiction: fc.constantFrom("US-ZZ", "US-ZZ-TOWN", "US-ZZ-RTA"),
  taxType: fc.constantFrom("sales", "liquor", "deposit"), // shared across kinds on purpose: they must add up
  classes: fc.subarray(CLASSES, { minLength: 1 }),
  effective,
  source: fc.constant(source),
});
const rate: fc.Arbitrary<Rate> = fc.oneof(
  fc
    .record({ b: base, ppm: fc.integer({ min: 0, max: 150_000 }), abv: abvBounds, p: inPrice })
    .map(({ b, ppm, abv, p }): Rate => ({ ...b, ...abv, ...p, kind: "percent", ratePpm: ppm })),
  fc
    .record({
      b: base,
      unit: fc.constantFrom("gallon" as const, "litre" as const),
      micro: fc.integer({ min: 0, max: 30_000_000 }),
      abv: abvBounds,
      p: inPrice,
    })
    .map(
      ({ b, unit, micro, abv, p }): Rate => ({
        ...b,
        ...abv,
        ...p,
        kind: "per_volume",
        unit,
        microDollarsPerUnit: micro,
      }),
    ),
  fc
    .record({
      b: base,
      small: fc.nat(20),
      large: fc.nat(20),
      belowMl: fc.integer({ min: 100, max: 2000 }),
      p: inPrice,
    })
    .map(
      ({ b, small, large, belowMl, p }): Rate => ({
        ...b,
        ...p,
        kind: "deposit",
        tiers: [{ belowMl, cents: small }, { cents: large }],
      }),
    ),
  fc
    .record({ b: base, cents: fc.nat(100), p: inPrice })
    .map(({ b, cents, p }): Rate => ({ ...b, ...p, classes: [], kind: "per_order", cents })),
);
const line = (id: string): fc.Arbitrary<TaxableLine> =>
  fc.record({
    id: fc.constant(id),
    taxClass: fc.constantFrom(...GOODS),
    amount: fc.nat(200_000),
    discount: fc.nat(50_000),
    quantity: fc.integer({ min: 0, max: 24 }),
    volumeMl: fc.option(fc.integer({ min: 1, max: 5000 }), { nil: null }),
    abv: fc.option(
      fc.oneof(
        fc.integer({ min: 0, max: 30 }),
        fc.integer({ min: 0, max: 700 }).map((tenths) => tenths / 10),
      ),
      { nil: null },
    ),
  });
const lines = fc
  .integer({ min: 0, max: 8 })
  .chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => line(`l${i}`))));
const rules: fc.Arbitrary<StateRules> = fc.record({
  state: fc.constant("ZZ"),
  sourcing: fc.constantFrom("origin" as const, "destination" as const),
  deliveryFeeTaxable: fc.boolean(),
  tipTaxable: fc.boolean(),
  discountReducesBase: fc.boolean(),
  depositTaxable: fc.boolean(),
  rounding: fc.constantFrom("per_line" as const, "per_invoice" as const),
  sources: fc.constant([]),
});
const taxInput: fc.Arbitrary<TaxInput> = fc.record({
  lines,
  deliveryFee: fc.nat(5000),
  tip: fc.nat(5000),
  rates: fc.array(rate, { maxLength: 8 }),
  rules,
  on: fc.constant(ON),
});

// An independent model of the exact tax: a fraction of a cent per (line, rate), as in the brief.
type Q = { n: bigint; d: bigint };
const add = (a: Q, b: Q): Q => ({ n: a.n * b.d + b.n * a.d, d: a.d * b.d });
const halfUp = (q: Q): bigint => (2n * q.n + q.d) / (2n * q.d);

const inWindow = (r: Rate) => r.effective.from <= ON && (r.effective.to === undefined || ON < r.effective.to);

function reaches(r: Rate, l: TaxableLine): boolean {
  const bounded = r.minAbv !== undefined || r.maxAbv !== undefined;
  const abvOk =
    !bounded ||
    (l.abv !== null &&
      (r.minAbv === undefined || (r.minAbvExclusive ? l.abv > r.minAbv : l.abv >= r.minAbv)) &&
      (r.maxAbv === undefined || (r.maxAbvInclusive ? l.abv <= r.maxAbv : l.abv < r.maxAbv)));
  return !r.includedInPrice && r.classes.includes(l.taxClass) && inWindow(r) && abvOk;
}

/** Whole cents of deposit a deposit rate charges on a line. */
function modelDeposit(r: Rate, l: TaxableLine): number {
  if (r.kind !== "deposit" || !reaches(r, l) || l.volumeMl === null) return 0;
  const tier = r.tiers.find((t) => t.belowMl === undefined || l.volumeMl! < t.belowMl);
  return l.quantity * (tier?.cents ?? 0);
}

function modelExact(input: TaxInput, r: Rate, l: TaxableLine): Q {
  if (!reaches(r, l)) return { n: 0n, d: 1n };
  if (r.kind === "percent") {
    const amount = input.rules.discountReducesBase ? Math.max(0, l.amount - l.discount) : l.amount;
    // a goods line's taxable deposits join the base where the state taxes them (fee and tip carry none)
    const deposits =
      input.rules.depositTaxable && input.lines.includes(l)
        ? input.rates.reduce((sum, d) => sum + modelDeposit(d, l), 0)
        : 0;
    return { n: BigInt(amount + deposits) * BigInt(r.ratePpm), d: 1_000_000n };
  }
  if (r.kind === "per_order") return { n: 0n, d: 1n }; // reaches no line (its classes are empty)
  if (l.volumeMl === null) return { n: 0n, d: 1n };
  if (r.kind === "deposit") return { n: BigInt(modelDeposit(r, l)), d: 1n };
  const micro = BigInt(l.quantity) * BigInt(l.volumeMl) * BigInt(r.microDollarsPerUnit);
  // cents = micro-dollars / 10^4 / (ml per unit); a gallon is 3785411784 / 10^6 ml
  return r.unit === "gallon" ? { n: micro * 100n, d: 3_785_411_784n } : { n: micro, d: 10_000_000n };
}

type KeyOf = (lineId: string, jurisdiction: string, taxType: string) => string;
const byTax: KeyOf = (_, jurisdiction, taxType) => `${jurisdiction} ${taxType}`;
const byLine: KeyOf = (lineId, jurisdiction, taxType) => `${lineId} ${jurisdiction} ${taxType}`;

/** The exact sums by key (per tax, or per tax line), from the model. */
function modelSums(input: TaxInput, keyOf: KeyOf): Map<string, Q> {
  const charges: TaxableLine[] = [];
  const charge = (id: string, taxClass: TaxClass, amount: number) =>
    charges.push({ id, taxClass, amount, discount: 0, quantity: 1, volumeMl: null, abv: null });
  if (input.rules.deliveryFeeTaxable) charge(DELIVERY_FEE_LINE, "delivery_fee", input.deliveryFee);
  if (input.rules.tipTaxable) charge(TIP_LINE, "tip", input.tip);
  const sums = new Map<string, Q>();
  for (const l of [...input.lines, ...charges]) {
    for (const r of input.rates) {
      if (charges.includes(l) && r.kind !== "percent") continue;
      const key = keyOf(l.id, r.jurisdiction, r.taxType);
      sums.set(key, add(sums.get(key) ?? { n: 0n, d: 1n }, modelExact(input, r, l)));
    }
  }
  // per-order rates: once an order with goods, on the order's own line
  for (const r of input.rates) {
    if (r.kind !== "per_order" || r.includedInPrice || !inWindow(r) || input.lines.length === 0) continue;
    const key = keyOf(ORDER_LINE, r.jurisdiction, r.taxType);
    sums.set(key, add(sums.get(key) ?? { n: 0n, d: 1n }, { n: BigInt(r.cents), d: 1n }));
  }
  return sums;
}

/** The charged cents by key. */
const chargedSums = (taxLines: TaxLine[], keyOf: KeyOf) => {
  const sums = new Map<string, bigint>();
  for (const t of taxLines) {
    const key = keyOf(t.lineId, t.jurisdiction, t.taxType);
    sums.set(key, (sums.get(key) ?? 0n) + BigInt(t.cents));
  }
  return sums;
};

describe("computeTax properties", () => {
  it("the lines sum to the total; every line a positive integer; the total never negative", () => {
    fc.assert(
      fc.property(taxInput, (input) => {
        const result = computeTax(input);
        expect(result.lines.reduce((sum, l) => sum + l.cents, 0)).toBe(result.total);
        for (const l of result.lines) expect(Number.isSafeInteger(l.cents) && l.cents > 0).toBe(true);
        expect(Number.isSafeInteger(result.total) && result.total >= 0).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it("per invoice: each tax's lines sum to its exact total rounded half-up once", () => {
    fc.assert(
      fc.property(taxInput, (input) => {
        const per = { ...input, rules: { ...input.rules, rounding: "per_invoice" as const } };
        const charged = chargedSums(computeTax(per).lines, byTax);
        for (const [key, exact] of modelSums(per, byTax)) expect(charged.get(key) ?? 0n).toBe(halfUp(exact));
        expect(charged.size).toBeLessThanOrEqual(modelSums(per, byTax).size);
      }),
      { numRuns: 300 },
    );
  });

  it("per line: each tax line is its own exact amount rounded half-up", () => {
    fc.assert(
      fc.property(taxInput, (input) => {
        const per = { ...input, rules: { ...input.rules, rounding: "per_line" as const } };
        const charged = chargedSums(computeTax(per).lines, byLine);
        for (const [key, exact] of modelSums(per, byLine)) expect(charged.get(key) ?? 0n).toBe(halfUp(exact));
        expect(charged.size).toBeLessThanOrEqual(modelSums(per, byLine).size);
      }),
      { numRuns: 200 },
    );
  });
});

describe("refundTax properties", () => {
  // Each line split into parts (weights); the parts of all lines refunded one at a time in a random interleaving.
  const scenario = taxInput.chain((input) =>
    fc.record({
      input: fc.constant(input),
      parts: fc.tuple(
        ...[...input.lines.map((l) => l.id), DELIVERY_FEE_LINE, TIP_LINE, ORDER_LINE].map((id) =>
          fc.record({
            id: fc.constant(id),
            weights: fc
              .array(fc.nat(10), { minLength: 1, maxLength: 4 })
              .filter((ws) => ws.some((w) => w > 0)),
          }),
        ),
      ),
      priorities: fc.array(fc.nat(), { minLength: 40, maxLength: 40 }),
      inCents: fc.boolean(),
    }),
  );

  it("refunding every line in parts, in any order: in proportion, never more than charged, in full exactly it", () => {
    fc.assert(
      fc.property(scenario, ({ input, parts, priorities, inCents }) => {
        const charged = computeTax(input).lines;
        const steps = parts
          .flatMap(({ id, weights }) => {
            const whole = weights.reduce((s, w) => s + w, 0);
            return weights.map((w) => ({ id, w, whole }));
          })
          .map((step, i) => ({ ...step, priority: priorities[i % priorities.length] }))
          .sort((a, b) => a.priority - b.priority);
        const done = new Map<string, number>();
        const given: TaxLine[] = [];
        const key = (t: TaxLine) => `${t.lineId} ${t.jurisdiction} ${t.taxType}`;
        const chargedBy = new Map(charged.map((t) => [key(t), t.cents]));
        for (const { id, w, whole } of steps) {
          const before = done.get(id) ?? 0;
          const refund: LineRefund = inCents
            ? { lineId: id, cents: w, amount: whole, before }
            : { lineId: id, fraction: { num: w, den: whole }, before: { num: before, den: whole } };
          given.push(...refundTax(charged, [refund], given));
          done.set(id, before + w);
          const sums = new Map<string, number>();
          for (const t of given) sums.set(key(t), (sums.get(key(t)) ?? 0) + t.cents);
          for (const [k, cents] of sums) expect(cents).toBeLessThanOrEqual(chargedBy.get(k) ?? 0);
          // in proportion: each tax line refunded so far is its charge × the line's share so far, rounded half-up
          for (const t of charged.filter((c) => c.lineId === id)) {
            const share = halfUp({ n: BigInt(t.cents * (before + w)), d: BigInt(whole) });
            expect(BigInt(sums.get(key(t)) ?? 0)).toBe(share);
          }
        }
        const total = given.reduce((s, t) => s + t.cents, 0);
        expect(total).toBe(computeTax(input).total);
        for (const t of given) expect(Number.isSafeInteger(t.cents) && t.cents > 0).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it("one refund of every line in full returns the charged lines exactly", () => {
    fc.assert(
      fc.property(taxInput, (input) => {
        const charged = computeTax(input).lines;
        const ids = [...new Set(charged.map((t) => t.lineId))];
        const all = ids.map((lineId) => ({
          lineId,
          fraction: { num: 1, den: 1 },
          before: { num: 0, den: 1 },
        }));
        expect(refundTax(charged, all, [])).toEqual(charged);
      }),
      { numRuns: 200 },
    );
  });
});
