import { formatCount } from "../number.ts";

/**
 * How far store staff may adjust a customer's points by hand (issue 29; docs/adr/0051-console-safeguards.md). A
 * point is worth a cent of store credit once redeemed, so an adjustment is money: staff give goodwill within bounds
 * the business sets (LOYALTY_STAFF_MAX_POINTS a time, LOYALTY_STAFF_DAILY_POINTS added in any 24 hours), larger
 * ones need an administrator, and nobody adjusts their own account.
 */

export interface StaffAdjustmentLimits {
  /** The most points staff may add or take in one adjustment. */
  perAdjustment: number;
  /** The most points one staff member may add in any 24 hours, across every customer. */
  perDay: number;
}

export const DEFAULT_STAFF_ADJUSTMENT_LIMITS: StaffAdjustmentLimits = { perAdjustment: 1000, perDay: 5000 };

/** The daily bound counts the points a staff member added over this many hours before the adjustment. */
export const ADJUSTMENT_WINDOW_HOURS = 24;

export type AdjustmentRefusalCode = "own_account" | "adjustment_needs_admin" | "daily_adjustment_limit";

export interface AdjustmentRefusal {
  code: AdjustmentRefusalCode;
  message: string;
}

export interface AdjustmentRequest {
  role: "store_staff" | "admin";
  actorId: string;
  customerId: string;
  /** Signed: positive adds, negative takes. */
  points: number;
  /** Points this staff member added (positive adjustments only) in the last ADJUSTMENT_WINDOW_HOURS. */
  addedInWindow: number;
  limits: StaffAdjustmentLimits;
}

export const OWN_ACCOUNT_MESSAGE = "You can't adjust your own points. Ask an administrator.";

/**
 * Why this adjustment may not be made by this person, or null when it may. Administrators are bound only by the
 * own-account rule (the schema's 100,000 a call still holds); deductions count against the size of one
 * adjustment, never against the daily bound (taking points mints nothing).
 */
export function staffAdjustmentRefusal(r: AdjustmentRequest): AdjustmentRefusal | null {
  if (r.actorId === r.customerId) return { code: "own_account", message: OWN_ACCOUNT_MESSAGE };
  if (r.role === "admin") return null;
  const { perAdjustment, perDay } = r.limits;
  if (Math.abs(r.points) > perAdjustment)
    return {
      code: "adjustment_needs_admin",
      message: `Staff can add or take up to ${formatCount(perAdjustment)} points at a time. Ask an administrator for more.`,
    };
  if (r.points > 0 && r.addedInWindow + r.points > perDay) {
    const left = Math.max(0, perDay - r.addedInWindow);
    return {
      code: "daily_adjustment_limit",
      message: `Staff can add up to ${formatCount(perDay)} points in 24 hours; you have ${left === 0 ? "none" : formatCount(left)} left. Ask an administrator for more.`,
    };
  }
  return null;
}

/** What the console tells staff before they adjust: the bounds and what is left of today's (null: unbounded). */
export function adjustmentAllowance(
  role: "store_staff" | "admin",
  addedInWindow: number,
  limits: StaffAdjustmentLimits,
): { perAdjustment: number; perDay: number; leftToday: number } | null {
  if (role === "admin") return null;
  return { ...limits, leftToday: Math.max(0, limits.perDay - addedInWindow) };
}
