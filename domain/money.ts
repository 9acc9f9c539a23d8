import { formatCount } from "./number.ts";

/** Money is integer cents everywhere; this is the only place that turns it into text. */

/** "$12" for whole dollars, "$12.50" otherwise; `forceCents` always shows two decimals ("$12.00"). */
export function formatCents(cents: number, forceCents = false): string {
  if (!Number.isInteger(cents)) throw new RangeError(`cents must be an integer, got ${cents}`);
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  const dollars = formatCount(Math.floor(abs / 100));
  const rest = abs % 100;
  if (rest === 0 && !forceCents) return `${sign}$${dollars}`;
  return `${sign}$${dollars}.${String(rest).padStart(2, "0")}`;
}

/** Product prices always show two decimals (spec §5). */
export const formatPrice = (cents: number) => formatCents(cents, true);

/** Rounds a dollar amount to a shelf price ending in .99 (e.g. 23.10 → 22.99, 23.60 → 23.99), in cents. */
export function shelfPriceCents(dollars: number): number {
  if (!Number.isFinite(dollars) || dollars <= 0)
    throw new RangeError(`price must be positive, got ${dollars}`);
  const whole = Math.round(dollars);
  return Math.max(99, whole * 100 - 1);
}
