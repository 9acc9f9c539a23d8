import { ETCH_SUFFIX } from "./sku.ts";

/**
 * Recommendations that learn from orders (issue 17; docs/adr/0034-recommendations-that-learn.md): "frequently bought
 * together" from completed orders, "buy it again" from a shopper's own, and how they are mixed with the
 * catalogue's suggestions. Pure rules: the recommendations module reads the counts and the stock, these decide.
 */

/** Co-purchase counts look back this far: tastes and shelves move. */
export const CO_PURCHASE_WINDOW_DAYS = 365;
/** The co-purchase table is rebuilt this often by the job queue (and on demand from the console). */
export const CO_PURCHASE_REFRESH_MINUTES = 60;
/** Candidates read per anchor product before ranking (the rest are too weak to matter). */
export const CO_PURCHASE_CANDIDATES = 50;
/** Products a "frequently bought together" row shows. */
export const FBT_LIMIT = 8;
/** Products the user call answers (buy again first, then what goes with them). */
export const USER_RECOMMENDATION_LIMIT = 12;
/** Of those, at most this many are "buy again". */
export const BUY_AGAIN_LIMIT = 8;
/** A favourites list holds at most this many products (the heart says so past it). */
export const FAVOURITES_MAX = 500;

/** An engraved bottle is bought as its bottle: co-purchase and buy again count the plain SKU. */
export const plainSku = (sku: string): string =>
  sku.endsWith(ETCH_SUFFIX) ? sku.slice(0, -ETCH_SUFFIX.length) : sku;

/** One row of the co-purchase table: in how many completed orders `sku_b` came with `sku_a`, and each alone. */
export interface CoPurchasePair {
  sku_a: string;
  sku_b: string;
  /** Completed orders holding both. */
  together: number;
  /** Completed orders holding sku_a; holding sku_b. */
  orders_a: number;
  orders_b: number;
}

/**
 * How strongly `b` goes with `a`: the cosine of their order sets, together / √(orders_a · orders_b). Raw counts
 * would put the best-seller next to everything; the cosine asks how much of each product's orders they share.
 * 0 for no shared order (or bad counts).
 */
export function coPurchaseScore(p: Pick<CoPurchasePair, "together" | "orders_a" | "orders_b">): number {
  if (!(p.together > 0) || !(p.orders_a > 0) || !(p.orders_b > 0)) return 0;
  return Math.min(1, p.together / Math.sqrt(p.orders_a * p.orders_b));
}

/**
 * The products that go with the anchors (one product page, a cart's SKUs, a shopper's past products), best first:
 * each candidate's scores summed over the anchors it came with (a product that goes with two cart lines beats one
 * that goes with one), then the most shared orders, then the SKU (stable). Anchors, excluded SKUs and candidates
 * with no shared order are left out; engraved variants count as their bottle.
 */
export function rankCoPurchase(
  anchors: readonly string[],
  pairs: readonly CoPurchasePair[],
  opts: { exclude?: Iterable<string>; limit: number },
): string[] {
  const anchorSet = new Set(anchors.map(plainSku));
  const excluded = new Set([...anchorSet, ...[...(opts.exclude ?? [])].map(plainSku)]);
  const best = new Map<string, { score: number; together: number }>();
  for (const p of pairs) {
    if (!anchorSet.has(plainSku(p.sku_a))) continue;
    const sku = plainSku(p.sku_b);
    if (excluded.has(sku)) continue;
    const score = coPurchaseScore(p);
    if (score <= 0) continue;
    const seen = best.get(sku) ?? { score: 0, together: 0 };
    best.set(sku, { score: seen.score + score, together: seen.together + p.together });
  }
  return [...best.entries()]
    .sort(
      ([skuA, a], [skuB, b]) =>
        b.score - a.score || b.together - a.together || (skuA < skuB ? -1 : skuA > skuB ? 1 : 0),
    )
    .slice(0, Math.max(0, opts.limit))
    .map(([sku]) => sku);
}

/** A product the shopper received in a completed order. */
export interface PastPurchase {
  sku: string;
  orderId: string;
  /** When the order was placed. */
  orderedAt: Date;
}

/**
 * "Buy it again": the shopper's past products, the ones bought in more orders first, then the most recently
 * bought, then the SKU. One entry per product (engraved bottles as their bottle).
 */
export function rankBuyAgain(purchases: readonly PastPurchase[], limit: number): string[] {
  const bySku = new Map<string, { orders: Set<string>; last: number }>();
  for (const p of purchases) {
    const sku = plainSku(p.sku);
    const seen = bySku.get(sku) ?? { orders: new Set<string>(), last: Number.NEGATIVE_INFINITY };
    seen.orders.add(p.orderId);
    seen.last = Math.max(seen.last, p.orderedAt.getTime());
    bySku.set(sku, seen);
  }
  return [...bySku.entries()]
    .sort(
      ([skuA, a], [skuB, b]) =>
        b.orders.size - a.orders.size || b.last - a.last || (skuA < skuB ? -1 : skuA > skuB ? 1 : 0),
    )
    .slice(0, Math.max(0, limit))
    .map(([sku]) => sku);
}

/**
 * Lists joined in order of trust (what the shopper's orders taught us first, the catalogue's guesses after), each
 * SKU once, none of `exclude`, at most `limit`.
 */
export function mixRecommendations(
  lists: readonly (readonly string[])[],
  limit: number,
  exclude: Iterable<string> = [],
): string[] {
  const seen = new Set(exclude);
  const out: string[] = [];
  for (const list of lists) {
    for (const sku of list) {
      if (out.length >= limit) return out;
      if (seen.has(sku)) continue;
      seen.add(sku);
      out.push(sku);
    }
  }
  return out;
}
