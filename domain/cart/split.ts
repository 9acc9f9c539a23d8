/**
 * Split carts (spec §4): a cart holding items from more than one store is split. Adding from a second
 * store asks the shopper first (the server answers 409 split_cart_required, the storefront opens the modal);
 * removing items until one store remains clears the split.
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
