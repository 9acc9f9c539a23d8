/**
 * Exact tax amounts for the tax engine: a BigInt count of 1/DEN of a cent, one denominator for every kind of rate so
 * they add without loss. DEN is a multiple of 10^6 (ppm), of 10^7 (micro-dollars per litre, in cents) and of the US
 * gallon in micro-millilitres (3785.411784 ml), so percent, per-litre and per-gallon taxes are all exact.
 */

/** One US gallon in micro-millilitres: 3785.411784 ml. */
export const GALLON_MICRO_ML = 3_785_411_784n;

/** Units of 1/DEN cent. */
export const DEN = 10_000_000n * GALLON_MICRO_ML;

/** Whole cents as an exact amount. */
export function exactCents(cents: number): bigint {
  return BigInt(cents) * DEN;
}

/** The exact amount rounded half-up to the cent (amounts are never negative). */
export function roundHalfUp(exact: bigint): bigint {
  if (exact < 0n) throw new RangeError("a tax amount is never negative");
  return (2n * exact + DEN) / (2n * DEN);
}

/**
 * Splits `total` cents over exact parts by largest remainder: each part gets its whole cents, then the cents left go
 * one each to the parts with the largest fractions (the first part wins a tie). `total` must lie between the sum of
 * the parts' whole cents and that sum plus the number of parts, as any rounding of the parts' sum does.
 */
export function allocate(total: bigint, parts: readonly bigint[]): bigint[] {
  const floors = parts.map((part) => part / DEN);
  let left = total - floors.reduce((sum, cents) => sum + cents, 0n);
  if (left < 0n || left > BigInt(parts.length))
    throw new RangeError("total cannot be allocated to these parts");
  const order = parts
    .map((part, index) => ({ index, remainder: part % DEN }))
    .sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1));
  for (const { index } of order) {
    if (left === 0n) break;
    floors[index] += 1n;
    left -= 1n;
  }
  return floors;
}
