import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  ACTIONS,
  currentPoints,
  expiryCutoff,
  type LedgerRow,
  lifetimePoints,
  loyaltyView,
  nextTierFor,
  POINTS_PER_DOLLAR,
  pointsForOrder,
  pointsToExpire,
  REDEEM_MAX_STEPS,
  REDEEM_STEP_CENTS,
  REDEEM_STEP_POINTS,
  redemption,
  reversalFor,
  TIERS,
  tierFor,
  tierProgress,
} from "./programme.ts";

const tier = (name: string) => {
  const t = TIERS.find((x) => x.name === name);
  if (!t) throw new Error(name);
  return t;
};

describe("tiers", () => {
  it.each([
    [0, "Member", "Silver", 250, 0],
    [1, "Member", "Silver", 249, 0],
    [249, "Member", "Silver", 1, 99],
    [250, "Silver", "Gold", 750, 0],
    [625, "Silver", "Gold", 375, 50],
    [999, "Silver", "Gold", 1, 99],
    [1000, "Gold", "Platinum", 1500, 0],
    [2499, "Gold", "Platinum", 1, 99],
    [2500, "Platinum", null, 0, 100],
    [100000, "Platinum", null, 0, 100],
    [-40, "Member", "Silver", 290, 0],
  ])("%i lifetime points: %s, next %s, %i to go, %i%%", (points, current, next, toNext, percent) => {
    const p = tierProgress(points);
    expect(p.current.name).toBe(current);
    expect(p.next?.name ?? null).toBe(next);
    expect(p.toNext).toBe(toNext);
    expect(p.percent).toBe(percent);
    expect(tierFor(points).name).toBe(current);
    expect(nextTierFor(points)?.name ?? null).toBe(next);
  });

  it("thresholds rise and the first holds from 0", () => {
    expect(TIERS[0].points).toBe(0);
    for (let i = 1; i < TIERS.length; i++) expect(TIERS[i].points).toBeGreaterThan(TIERS[i - 1].points);
  });

  it("a tier never falls as lifetime points rise", () => {
    fc.assert(
      fc.property(fc.nat(10000), fc.nat(10000), (a, b) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        expect(tierFor(hi).points).toBeGreaterThanOrEqual(tierFor(lo).points);
      }),
    );
  });
});

describe("ledger sums", () => {
  const rows: LedgerRow[] = [
    { kind: "earned", points: 300 },
    { kind: "action", points: 100 },
    { kind: "reversed", points: -60 },
    { kind: "redeemed", points: -250 },
    { kind: "expired", points: -10 },
    { kind: "adjusted", points: 20 },
    { kind: "adjusted", points: -5 },
  ];
  it.each([
    ["current points: every row", currentPoints, 95],
    ["lifetime points: all but redemptions and expiries", lifetimePoints, 355],
  ])("%s", (_, sum, expected) => {
    expect(sum(rows)).toBe(expected);
  });

  it("an empty ledger is 0 and the first tier", () => {
    const v = loyaltyView([], new Set(), new Set(["first_order"]));
    expect(v).toMatchObject({
      currentPoints: 0,
      currentStatus: "Member",
      nextStatus: "Silver",
      completedActions: [],
      uncompletedActions: ACTIONS.map((a) => a.id),
      performableActions: ["first_order"],
      pointsToNextStatus: 250,
    });
  });

  it("redeeming never lowers the tier", () => {
    const v = loyaltyView(
      [
        { kind: "earned", points: 300 },
        { kind: "redeemed", points: -250 },
      ],
      new Set(["first_order"]),
      new Set(["completed_profile", "first_order"]),
    );
    expect(v).toMatchObject({
      currentPoints: 50,
      lifetimePoints: 300,
      currentStatus: "Silver",
      completedActions: ["first_order"],
      performableActions: ["completed_profile"],
    });
  });
});

describe("points for an order", () => {
  it.each([
    [0, "Member", 0],
    [99, "Member", 0],
    [100, "Member", POINTS_PER_DOLLAR],
    [2999, "Member", 29 * POINTS_PER_DOLLAR],
    [5998, "Member", 295],
    [5998, "Silver", 368],
    [5998, "Gold", 442],
    [5998, "Platinum", 590],
    [-500, "Gold", 0],
    [Number.NaN, "Gold", 0],
  ])("%i cents at %s: %i points", (cents, name, points) => {
    expect(pointsForOrder(cents, tier(name))).toBe(points);
  });
});

describe("proportional reversal", () => {
  it.each([
    // earned, total, refunded before, refund now, reversed before → reverse now
    [300, 6000, 0, 6000, 0, 300],
    [300, 6000, 0, 3000, 0, 150],
    [300, 6000, 3000, 3000, 150, 150],
    [300, 6000, 0, 1000, 0, 50],
    [300, 6000, 1000, 100000, 50, 250],
    [301, 6000, 0, 2000, 0, 100],
    [301, 6000, 2000, 4000, 100, 201],
    [0, 6000, 0, 6000, 0, 0],
    [300, 6000, 0, 0, 0, 0],
    [300, 0, 0, 100, 0, 300],
    [300, 6000, 6000, 10, 300, 0],
  ])("earned %i of %i cents, %i refunded before, %i now, %i back before: %i", (e, t, rb, rn, vb, out) => {
    expect(reversalFor(e, t, rb, rn, vb)).toBe(out);
  });

  it("refunds in any pieces never take back more than was earned, and all of it when all is refunded", () => {
    fc.assert(
      fc.property(
        fc.nat(5000),
        fc.integer({ min: 1, max: 100000 }),
        fc.array(fc.nat(50000)),
        (earned, total, parts) => {
          let refunded = 0;
          let reversed = 0;
          for (const part of parts) {
            reversed += reversalFor(earned, total, refunded, part, reversed);
            refunded += part;
            expect(reversed).toBeLessThanOrEqual(earned);
          }
          reversed += reversalFor(earned, total, refunded, total, reversed);
          expect(reversed).toBe(earned);
        },
      ),
    );
  });
});

describe("redemption", () => {
  it.each([
    [1, 250, { ok: true, points: REDEEM_STEP_POINTS, cents: REDEEM_STEP_CENTS }],
    [2, 600, { ok: true, points: 500, cents: 500 }],
    [2, 499, { ok: false, code: "not_enough_points" }],
    [1, 0, { ok: false, code: "not_enough_points" }],
    [0, 1000, { ok: false, code: "invalid_steps" }],
    [-1, 1000, { ok: false, code: "invalid_steps" }],
    [1.5, 1000, { ok: false, code: "invalid_steps" }],
    [REDEEM_MAX_STEPS + 1, 1e9, { ok: false, code: "invalid_steps" }],
  ])("%s steps with %i points", (steps, available, expected) => {
    expect(redemption(steps, available)).toMatchObject(expected);
  });
});

describe("expiry: points unspent 12 months after they were earned lapse, the oldest spent first", () => {
  const now = new Date("2026-11-26T12:00:00Z");
  const monthsAgo = (m: number) => {
    const d = new Date(now);
    d.setUTCMonth(d.getUTCMonth() - m);
    return d;
  };
  const row = (kind: LedgerRow["kind"], points: number, months: number): LedgerRow => ({
    kind,
    points,
    createdAt: monthsAgo(months),
  });

  it("the cutoff is twelve calendar months before now", () => {
    expect(expiryCutoff(now).toISOString()).toBe("2025-11-26T12:00:00.000Z");
  });

  it.each([
    ["nothing old: nothing lapses", [row("earned", 500, 3)], 0],
    ["an old earning, unspent: all of it", [row("earned", 500, 13)], 500],
    ["just inside the lifetime: kept", [row("earned", 500, 11)], 0],
    ["old, partly redeemed since: the rest", [row("earned", 500, 13), row("redeemed", -250, 2)], 250],
    ["old, all redeemed: nothing", [row("earned", 500, 13), row("redeemed", -500, 2)], 0],
    [
      "spending takes the oldest first, so new points survive",
      [row("earned", 300, 14), row("earned", 400, 1), row("redeemed", -250, 0)],
      50,
    ],
    [
      "reversals and staff deductions count as spending",
      [row("earned", 300, 14), row("reversed", -100, 13), row("adjusted", -50, 2)],
      150,
    ],
    ["actions and staff's additions lapse too", [row("action", 100, 13), row("adjusted", 200, 13)], 300],
    ["already expired: asking again gives 0", [row("earned", 500, 13), row("expired", -500, 0)], 0],
    ["rows without a date never lapse", [{ kind: "earned", points: 500 } as LedgerRow], 0],
  ])("%s", (_, rows, expected) => {
    expect(pointsToExpire(rows as LedgerRow[], now)).toBe(expected);
  });

  it("expiring is idempotent and never leaves a negative balance (property)", () => {
    const arbRow = fc.record({
      kind: fc.constantFrom<LedgerRow["kind"]>("earned", "action", "adjusted", "redeemed", "reversed"),
      points: fc.integer({ min: 1, max: 2000 }),
      months: fc.integer({ min: 0, max: 30 }),
    });
    fc.assert(
      fc.property(fc.array(arbRow, { maxLength: 20 }), (raw) => {
        // A ledger as the server keeps it: takings never exceed what was there.
        const rows: LedgerRow[] = [];
        for (const r of raw.sort((a, b) => b.months - a.months)) {
          const sign = r.kind === "redeemed" || r.kind === "reversed" ? -1 : 1;
          const points = sign < 0 ? -Math.min(r.points, currentPoints(rows)) : r.points;
          if (points !== 0) rows.push(row(r.kind, points, r.months));
        }
        const lapsed = pointsToExpire(rows, now);
        expect(lapsed).toBeGreaterThanOrEqual(0);
        expect(lapsed).toBeLessThanOrEqual(currentPoints(rows));
        const after = [...rows, { kind: "expired" as const, points: -lapsed, createdAt: now }];
        expect(pointsToExpire(after, now)).toBe(0);
      }),
    );
  });
});
