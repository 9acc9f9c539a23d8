/**
 * Split carts (spec §4): a cart holding items from more than one store is split. Adding from a second
 * store asks the shopper first; removing items until one store remains clears the split.
 */
interface StoreLine {
  store_id: string;
}

/** Store ids in the order their first line appears. */
export function storeIdsOf(lines: readonly StoreLine[]): string[] {
  return [...new Set(lines.map((l) => l.store_id))];
}

export function isSplitCart(lines: readonly StoreLine[]): boolean {
  return storeIdsOf(lines).length > 1;
}

/** Whether adding from `storeId` would make a one-store cart split (the split-cart modal opens). */
export function needsSplitConfirmation(
  lines: readonly StoreLine[],
  storeId: string,
  alreadySplit: boolean,
): boolean {
  if (alreadySplit || lines.length === 0) return false;
  return !storeIdsOf(lines).includes(storeId);
}
