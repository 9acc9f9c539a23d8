import { MAX_LINE_QUANTITY } from "./constants.ts";
import { isSameLine, type MergeableLine, mergeCartLines } from "./merge.ts";

/**
 * The cart after the delivery address moves (ADR 0018). A line whose store still serves the address stays where
 * it is. Every other line moves to the store that now serves the address, at that store's price (prices are read
 * from the shelf when the cart is composed), with its engraving; moved lines that meet a line of the same SKU and
 * engraving there merge by the cart's merge rule. A line the new store does not stock (or sell) moves all the
 * same and is unavailable there: kept in the cart, shown, counted for nothing, until the shopper removes it or
 * moves back to an address whose store has it.
 */
export interface PlacedLine extends MergeableLine {
  id: string;
  store_id: string;
}

/** What a store has of a SKU: whether it sells it (a shelf price, the product enabled) and how many. */
export interface ShelfItem {
  sells: boolean;
  stock: number;
}

export interface RelocationInput<L extends PlacedLine> {
  lines: readonly L[];
  /** The stores that serve the new address: lines at any of them stay. */
  serving: readonly string[];
  /** Where the other lines go: the store that now serves the address. */
  target: string;
  /** The target store's shelf by SKU; a SKU it lacks is one it does not sell. */
  shelf: ReadonlyMap<string, ShelfItem>;
}

/** What became of one line that had to move. */
export interface LineMove<L extends PlacedLine> {
  /** The line as it was. */
  from: L;
  /** The line it is now, at the target store (another line's id when it merged into one). */
  to: L;
  merged: boolean;
  /** Whether the target store stocks and sells it. */
  available: boolean;
  /** The quantity before it was lowered to the target's stock, or null when it was not. */
  loweredFrom: number | null;
}

export interface Relocation<L extends PlacedLine> {
  /** The cart's lines after the move, in the cart's order. */
  lines: L[];
  /** One entry per line that had to move, in the cart's order. */
  moves: LineMove<L>[];
}

export const isAvailableOn = (item: ShelfItem | undefined): item is ShelfItem =>
  item?.sells === true && item.stock > 0;

/** Whether any line sits at a store that does not serve the address (the cart has to move). */
export function needsRelocation(lines: readonly PlacedLine[], serving: readonly string[]): boolean {
  return lines.some((l) => !serving.includes(l.store_id));
}

export function relocateLines<L extends PlacedLine>(input: RelocationInput<L>): Relocation<L> {
  const { lines, target, shelf } = input;
  const stays = (l: L) => l.store_id === target || input.serving.includes(l.store_id);
  const moving = lines.filter((l) => !stays(l));
  if (moving.length === 0) return { lines: [...lines], moves: [] };

  // The target store's lines first, then each moving line merges into them by the merge rule, in cart order.
  let atTarget: L[] = lines.filter((l) => l.store_id === target);
  const mergedInto = new Map<string, string>();
  for (const line of moving) {
    const placed: L = { ...line, store_id: target };
    const next = mergeCartLines(atTarget, placed);
    if (next.length === atTarget.length) {
      const into = atTarget.find((l) => isSameLine(l, placed));
      if (into) mergedInto.set(line.id, into.id);
    }
    atTarget = next;
  }

  // Lines that moved, or took in a moved line, are held to what the target has: its stock when it has the SKU.
  const touched = new Set([...moving.map((l) => l.id), ...mergedInto.values()]);
  const loweredFrom = new Map<string, number>();
  const finalById = new Map<string, L>();
  for (const line of atTarget) {
    let final = line;
    if (touched.has(line.id)) {
      const item = shelf.get(line.sku);
      const cap = isAvailableOn(item) ? Math.min(item.stock, MAX_LINE_QUANTITY) : MAX_LINE_QUANTITY;
      if (line.qty > cap) {
        loweredFrom.set(line.id, line.qty);
        final = { ...line, qty: cap };
      }
    }
    finalById.set(final.id, final);
  }

  const after = lines.flatMap((l) => {
    if (l.store_id !== target && stays(l)) return [l];
    const final = finalById.get(l.id);
    return final ? [final] : [];
  });
  const moves = moving.map((from): LineMove<L> => {
    const toId = mergedInto.get(from.id) ?? from.id;
    const to = finalById.get(toId) as L;
    return {
      from,
      to,
      merged: mergedInto.has(from.id),
      available: isAvailableOn(shelf.get(from.sku)),
      loweredFrom: loweredFrom.get(toId) ?? null,
    };
  });
  return { lines: after, moves };
}
