/**
 * Deterministic store assortments: which products a store carries and how many it has, from a hash of the
 * store and the SKU, so every reseed (on any machine, any database) gives the same answer.
 */

/** 32-bit FNV-1a of a string's UTF-16 code units. */
export function stableHash(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** Does a store with this coverage (0..1, share of the catalogue it carries) carry this SKU? */
export function storeCarries(storeId: string, sku: string, coverage: number): boolean {
  return stableHash(`carry|${storeId}|${sku}`) % 10_000 < Math.round(coverage * 10_000);
}

export const MAX_STOCK = 60;
/** Share of carried products that are out of stock at a store, in percent. */
export const OUT_OF_STOCK_PERCENT = 5;

/** Units on hand: 0 for about 5% of products, otherwise 1..60. */
export function stockLevel(storeId: string, sku: string): number {
  const hash = stableHash(`stock|${storeId}|${sku}`);
  if (hash % 100 < OUT_OF_STOCK_PERCENT) return 0;
  return 1 + (Math.floor(hash / 100) % MAX_STOCK);
}
