/**
 * Optimal string alignment distance (restricted Damerau–Levenshtein): the fewest insertions, deletions,
 * substitutions and swaps of two adjacent characters that turn `a` into `b`, no character edited twice. A swap
 * counts one edit, which is what makes "vodak" one edit from "vodka" (plain Levenshtein says two).
 *
 * With `max`, the answer is exact up to `max` and `max + 1` for anything farther: the computation stops as soon
 * as no alignment can come back under it, which is what makes scanning a vocabulary for near words cheap.
 * Characters are UTF-16 code units (letters with accents, precomposed, are one).
 */
export function osaDistance(a: string, b: string, max = Number.POSITIVE_INFINITY): number {
  if (a === b) return 0;
  let la = a.length;
  let lb = b.length;
  if (Math.abs(la - lb) > max) return max + 1;
  // A common prefix or suffix never needs editing (a swap across its edge is no cheaper than two edits inside).
  let start = 0;
  while (start < la && start < lb && a.charCodeAt(start) === b.charCodeAt(start)) start++;
  while (la > start && lb > start && a.charCodeAt(la - 1) === b.charCodeAt(lb - 1)) {
    la--;
    lb--;
  }
  const n = la - start;
  const m = lb - start;
  if (n === 0 || m === 0) return Math.min(n + m, max + 1);

  // Three rows of the (n+1)×(m+1) table: the one being filled, the one above and the one above that (swaps
  // read two rows up).
  let above2 = new Array<number>(m + 1);
  let above = new Array<number>(m + 1);
  let row = new Array<number>(m + 1);
  for (let j = 0; j <= m; j++) above[j] = j;
  for (let i = 1; i <= n; i++) {
    const ca = a.charCodeAt(start + i - 1);
    const caBefore = i > 1 ? a.charCodeAt(start + i - 2) : -1;
    row[0] = i;
    let rowMin = i;
    for (let j = 1; j <= m; j++) {
      const cb = b.charCodeAt(start + j - 1);
      let d = above[j - 1] + (ca === cb ? 0 : 1);
      if (above[j] + 1 < d) d = above[j] + 1;
      if (row[j - 1] + 1 < d) d = row[j - 1] + 1;
      if (i > 1 && j > 1 && ca === b.charCodeAt(start + j - 2) && caBefore === cb && above2[j - 2] + 1 < d) {
        d = above2[j - 2] + 1;
      }
      row[j] = d;
      if (d < rowMin) rowMin = d;
    }
    // No row is below the one above it (a swap from two rows up costs at least what the diagonal step to this
    // row did): once a whole row is past max, so is the answer.
    if (rowMin > max) return max + 1;
    const spare = above2;
    above2 = above;
    above = row;
    row = spare;
  }
  return Math.min(above[m], max + 1);
}
