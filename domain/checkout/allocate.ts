/**
 * Splits an amount of cents across parts in proportion to their weights, exactly: the parts add up to the
 * amount (largest remainders get the odd cents, ties to the earlier part). A split cart's discount, credit and
 * tip are shared among its store orders this way.
 */
export function allocate(amount: number, weights: readonly number[]): number[] {
  if (!Number.isInteger(amount) || amount < 0)
    throw new RangeError(`amount must be whole cents ≥ 0, got ${amount}`);
  const total = weights.reduce((s, w) => s + Math.max(0, w), 0);
  if (weights.length === 0) return [];
  if (total === 0) {
    const even = weights.map(() => 0);
    even[0] = amount;
    return even;
  }
  const exact = weights.map((w) => (amount * Math.max(0, w)) / total);
  const parts = exact.map(Math.floor);
  let left = amount - parts.reduce((s, p) => s + p, 0);
  const byRemainder = exact
    .map((x, i) => ({ i, r: x - Math.floor(x) }))
    .sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of byRemainder) {
    if (left === 0) break;
    parts[i]++;
    left--;
  }
  return parts;
}
