/**
 * The tax to give back with a refund (issue 33 §1): each charged tax line in proportion to the share of its goods
 * line refunded, to the cent, never more than charged. Shares are cumulative so they telescope: a refund takes the
 * line from `before` to `before + share` of its amount, and the tax refunded so far becomes the charged tax × that
 * cumulative share rounded half-up (less what was already refunded, never below nothing). Refunding every line in
 * full, in any number of parts and any order, so returns exactly what was charged; and never more, because the
 * cumulative share never exceeds one.
 */
import type { TaxLine } from "./types.ts";

/** A share of a line: `num / den`, both integers, `den` positive. */
export interface Fraction {
  num: number;
  den: number;
}

/**
 * A line's refund, as a fraction of it or as cents of its amount; `before` is what earlier refunds took of the same
 * line, in the same terms (zero for a first refund).
 */
export type LineRefund =
  | { lineId: string; fraction: Fraction; before: Fraction }
  | { lineId: string; cents: number; amount: number; before: number };

function fraction(num: number, den: number): { num: bigint; den: bigint } {
  if (!Number.isSafeInteger(num) || !Number.isSafeInteger(den) || num < 0 || den <= 0) {
    throw new RangeError("a refund share must be a non-negative integer over a positive one");
  }
  return { num: BigInt(num), den: BigInt(den) };
}

/** The cumulative share after this refund, as an exact fraction no greater than one. */
function cumulativeShare(refund: LineRefund): { num: bigint; den: bigint } {
  const [now, before] =
    "fraction" in refund
      ? [fraction(refund.fraction.num, refund.fraction.den), fraction(refund.before.num, refund.before.den)]
      : [fraction(refund.cents, refund.amount), fraction(refund.before, refund.amount)];
  const share = { num: now.num * before.den + before.num * now.den, den: now.den * before.den };
  if (share.num > share.den) throw new RangeError(`refund of line ${refund.lineId} exceeds the line`);
  return share;
}

function taxKey(line: Pick<TaxLine, "lineId" | "jurisdiction" | "taxType">): string {
  return JSON.stringify([line.lineId, line.jurisdiction, line.taxType]);
}

/** Per tax key, the cents already refunded. */
function refundedSoFar(alreadyRefunded: readonly TaxLine[]): Map<string, number> {
  const sums = new Map<string, number>();
  for (const line of alreadyRefunded) sums.set(taxKey(line), (sums.get(taxKey(line)) ?? 0) + line.cents);
  return sums;
}

/** The tax lines to refund (positive cents only), in the order of the charged lines. */
export function refundTax(
  charged: readonly TaxLine[],
  refunds: readonly LineRefund[],
  alreadyRefunded: readonly TaxLine[],
): TaxLine[] {
  const shares = new Map<string, { num: bigint; den: bigint }>();
  for (const refund of refunds) {
    if (shares.has(refund.lineId))
      throw new RangeError(`line ${refund.lineId} is refunded twice in one refund`);
    shares.set(refund.lineId, cumulativeShare(refund));
  }
  const sofar = refundedSoFar(alreadyRefunded);
  const out: TaxLine[] = [];
  for (const line of charged) {
    const share = shares.get(line.lineId);
    if (!share) continue;
    const cents = BigInt(line.cents);
    const target = (2n * cents * share.num + share.den) / (2n * share.den); // half-up, ≤ cents as share ≤ 1
    const already = BigInt(sofar.get(taxKey(line)) ?? 0);
    const give = target - already;
    const room = cents - already;
    const refund = give < 0n ? 0n : give > room ? room : give;
    if (refund > 0n) out.push({ ...line, cents: Number(refund) });
  }
  return out;
}
