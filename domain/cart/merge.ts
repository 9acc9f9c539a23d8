/**
 * The cart merge rule (spec §5): adding an item merges into an existing line when the SKU and all three
 * engraving lines match. Used by the server and by the optimistic UI.
 */
export interface Engraving {
  line_1: string;
  line_2: string;
  line_3: string;
}

export interface MergeableLine {
  sku: string;
  qty: number;
  engraving: Engraving | null;
}

const EMPTY: Engraving = { line_1: "", line_2: "", line_3: "" };

export function sameEngraving(a: Engraving | null, b: Engraving | null): boolean {
  const x = a ?? EMPTY;
  const y = b ?? EMPTY;
  return x.line_1 === y.line_1 && x.line_2 === y.line_2 && x.line_3 === y.line_3;
}

export function isSameLine(a: Omit<MergeableLine, "qty">, b: Omit<MergeableLine, "qty">): boolean {
  return a.sku === b.sku && sameEngraving(a.engraving, b.engraving);
}

/** Returns the lines after adding `item`: its quantity joins a matching line, else it becomes a new line. */
export function mergeCartLines<L extends MergeableLine>(lines: readonly L[], item: L): L[] {
  const index = lines.findIndex((line) => isSameLine(line, item));
  if (index === -1) return [...lines, item];
  return lines.map((line, i) => (i === index ? { ...line, qty: line.qty + item.qty } : line));
}
