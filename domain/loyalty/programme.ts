/**
 * The loyalty programme's rules (issue 17, spec §3 Loyalty): points are a ledger of signed rows; every number the
 * shopper sees is a sum over it. No I/O here: the server reads the rows and asks these rules.
 */

export const PROGRAM_TITLE = "Nightcap Rewards";
export const PROGRAM_DESCRIPTION =
  "Earn points on every completed order and for a few one-off actions. Climb tiers for bonus points and free delivery, and turn points into store credit.";

/** Points per whole dollar of a completed order's merchandise (its subtotal), before the tier's bonus. */
export const POINTS_PER_DOLLAR = 5;

/** Points turn into store credit in steps of this many points, each worth REDEEM_STEP_CENTS. */
export const REDEEM_STEP_POINTS = 250;
export const REDEEM_STEP_CENTS = 250;
/** At most this many steps in one redemption (a typo of a large number is not a surprise). */
export const REDEEM_MAX_STEPS = 40;
/** Points not spent within this many months of being earned expire (the oldest are spent first). */
export const POINTS_LIFETIME_MONTHS = 12;

export type LedgerKind = "earned" | "reversed" | "redeemed" | "expired" | "adjusted" | "action";

export interface LedgerRow {
  kind: LedgerKind;
  /** Signed: earned, action and positive adjustments add; reversed, redeemed, expired and negative adjustments take. */
  points: number;
  /** When the row was written; only expiry reads it. */
  createdAt?: Date;
}

/** The moment before which points earned are past their lifetime, at `now`. */
export function expiryCutoff(now: Date, months = POINTS_LIFETIME_MONTHS): Date {
  const cutoff = new Date(now);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - months);
  return cutoff;
}

/**
 * Points to expire at `now`: what was earned before the cutoff and is still unspent, the oldest points being spent
 * first (by every taking: redeemed, reversed, deducted, expired). Once written as an `expired` row, asking again
 * answers 0, so expiring is idempotent.
 */
export function pointsToExpire(rows: readonly LedgerRow[], now: Date): number {
  const cutoff = expiryCutoff(now).getTime();
  let old = 0;
  let taken = 0;
  for (const r of rows) {
    if (r.points < 0) taken -= r.points;
    else if (r.createdAt !== undefined && r.createdAt.getTime() < cutoff) old += r.points;
  }
  return Math.max(0, old - taken);
}

export interface Tier {
  name: string;
  /** Lifetime points from which the tier holds. */
  points: number;
  /** Multiplies the points an order earns. */
  multiplier: number;
  freeDelivery: boolean;
  benefits: string[];
}

/** Status tiers, lowest first; the first holds from 0. */
export const TIERS: readonly Tier[] = [
  { name: "Member", points: 0, multiplier: 1, freeDelivery: false, benefits: ["5 points per dollar"] },
  {
    name: "Silver",
    points: 250,
    multiplier: 1.25,
    freeDelivery: false,
    benefits: ["25% bonus points on orders"],
  },
  {
    name: "Gold",
    points: 1000,
    multiplier: 1.5,
    freeDelivery: false,
    benefits: ["50% bonus points on orders"],
  },
  {
    name: "Platinum",
    points: 2500,
    multiplier: 2,
    freeDelivery: true,
    benefits: ["Double points on orders", "Free delivery"],
  },
];

export type ActionId = "first_order" | "completed_profile" | "rated_order" | "verified_age";

export interface LoyaltyAction {
  id: ActionId;
  label: string;
  points: number;
}

/** One-off actions, each awarded once per shopper. */
export const ACTIONS: readonly LoyaltyAction[] = [
  { id: "first_order", label: "Complete your first order", points: 100 },
  { id: "completed_profile", label: "Complete your profile (mobile number and gender)", points: 50 },
  { id: "rated_order", label: "Rate a delivered order", points: 25 },
  { id: "verified_age", label: "Verify your age with your ID", points: 50 },
];

export const actionById = (id: string): LoyaltyAction | undefined => ACTIONS.find((a) => a.id === id);

/** What the shopper can spend now: the sum of every row. */
export function currentPoints(rows: readonly LedgerRow[]): number {
  return rows.reduce((n, r) => n + r.points, 0);
}

/**
 * What tiers are measured on: everything earned (orders, actions, staff's additions) less reversals and staff's
 * deductions. Redeeming or expiring points never lowers a shopper's tier.
 */
export function lifetimePoints(rows: readonly LedgerRow[]): number {
  return rows.reduce((n, r) => (r.kind === "redeemed" || r.kind === "expired" ? n : n + r.points), 0);
}

/** The tier that holds at `lifetime` points. */
export function tierFor(lifetime: number, tiers: readonly Tier[] = TIERS): Tier {
  let held = tiers[0];
  for (const t of tiers) if (lifetime >= t.points) held = t;
  return held;
}

/** The tier after the held one, or null at the top. */
export function nextTierFor(lifetime: number, tiers: readonly Tier[] = TIERS): Tier | null {
  const held = tierFor(lifetime, tiers);
  return tiers[tiers.indexOf(held) + 1] ?? null;
}

export interface TierProgress {
  current: Tier;
  next: Tier | null;
  /** Points still needed for the next tier (0 at the top). */
  toNext: number;
  /** 0–100: how far from the current tier's threshold to the next one's (100 at the top). */
  percent: number;
}

export function tierProgress(lifetime: number, tiers: readonly Tier[] = TIERS): TierProgress {
  const current = tierFor(lifetime, tiers);
  const next = nextTierFor(lifetime, tiers);
  if (!next) return { current, next: null, toNext: 0, percent: 100 };
  const span = next.points - current.points;
  const done = Math.max(0, lifetime - current.points);
  return { current, next, toNext: next.points - lifetime, percent: Math.floor((done * 100) / span) };
}

/** Points a completed order earns: whole dollars of merchandise × POINTS_PER_DOLLAR × the tier's multiplier, down. */
export function pointsForOrder(subtotalCents: number, tier: Tier): number {
  if (!Number.isFinite(subtotalCents) || subtotalCents <= 0) return 0;
  return Math.floor(Math.floor(subtotalCents / 100) * POINTS_PER_DOLLAR * tier.multiplier);
}

/**
 * Points to take back for a refund, in proportion to the money: after it, the order's reversals add up to
 * round(earned × refunded so far ÷ the order's total), never more than earned. `reversedBefore` is positive.
 */
export function reversalFor(
  earned: number,
  orderTotalCents: number,
  refundedBeforeCents: number,
  refundNowCents: number,
  reversedBefore: number,
): number {
  if (earned <= 0 || refundNowCents <= 0) return 0;
  const refunded = refundedBeforeCents + refundNowCents;
  const share = orderTotalCents <= 0 ? 1 : Math.min(1, refunded / orderTotalCents);
  const target = Math.min(earned, Math.round(earned * share));
  return Math.max(0, target - reversedBefore);
}

export type Redemption =
  | { ok: true; points: number; cents: number }
  | { ok: false; code: "invalid_steps" | "not_enough_points"; message: string };

/** Turning `steps` steps of points into credit, with `available` points: refused rather than overdrawn. */
export function redemption(steps: number, available: number): Redemption {
  if (!Number.isInteger(steps) || steps < 1 || steps > REDEEM_MAX_STEPS)
    return {
      ok: false,
      code: "invalid_steps",
      message: `Redeem between 1 and ${REDEEM_MAX_STEPS} steps of ${REDEEM_STEP_POINTS} points.`,
    };
  const points = steps * REDEEM_STEP_POINTS;
  if (points > available)
    return {
      ok: false,
      code: "not_enough_points",
      message: `You have ${available} points; ${points} are needed.`,
    };
  return { ok: true, points, cents: steps * REDEEM_STEP_CENTS };
}

/** The Loyalty entity of GET /me (spec §3). */
export interface LoyaltyView {
  currentPoints: number;
  currentStatus: string;
  nextStatus: string | null;
  statusTiers: {
    name: string;
    points: number;
    multiplier: number;
    freeDelivery: boolean;
    benefits: string[];
  }[];
  completedActions: string[];
  uncompletedActions: string[];
  performableActions: string[];
  programTitle: string;
  programDescription: string;
  lifetimePoints: number;
  pointsToNextStatus: number;
  progressPercent: number;
  redeemStep: { points: number; cents: number };
}

/**
 * The programme as a shopper sees it. `done` are the actions awarded; `performable` the ones they can do now (the
 * rest of those not done wait on something first, e.g. rating needs a delivered order).
 */
export function loyaltyView(
  rows: readonly LedgerRow[],
  done: ReadonlySet<string>,
  performable: ReadonlySet<string>,
): LoyaltyView {
  const lifetime = lifetimePoints(rows);
  const progress = tierProgress(lifetime);
  const notDone = ACTIONS.filter((a) => !done.has(a.id));
  return {
    currentPoints: currentPoints(rows),
    currentStatus: progress.current.name,
    nextStatus: progress.next?.name ?? null,
    statusTiers: TIERS.map((t) => ({ ...t, benefits: [...t.benefits] })),
    completedActions: ACTIONS.filter((a) => done.has(a.id)).map((a) => a.id),
    uncompletedActions: notDone.map((a) => a.id),
    performableActions: notDone.filter((a) => performable.has(a.id)).map((a) => a.id),
    programTitle: PROGRAM_TITLE,
    programDescription: PROGRAM_DESCRIPTION,
    lifetimePoints: lifetime,
    pointsToNextStatus: progress.toNext,
    progressPercent: progress.percent,
    redeemStep: { points: REDEEM_STEP_POINTS, cents: REDEEM_STEP_CENTS },
  };
}
