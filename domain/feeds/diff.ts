/**
 * The dry run of a shelf feed (issue 34 §1): what applying the matched lines would change on a store's shelf —
 * prices up or down, stock changed, products newly on the shelf, and products the feed leaves out, handled by the
 * store's policy — with counts for the review, and the changes cut into batches to apply one transaction each.
 */
import type { MatchedLine } from "./match.ts";

/** A store's inventory row as the feed sees it (inventory: sku_id, price_cents, stock; `hidden` once hiding exists). */
export interface ShelfRow {
  skuId: string;
  priceCents: number;
  stock: number;
  hidden?: boolean;
}

/** What to do with a shelf product the feed does not list: leave it, set its stock to 0, or take it off the shelf. */
export type MissingPolicy = "keep" | "zero" | "hide";

export interface Step {
  from: number;
  to: number;
}

export type ShelfChange =
  /** A product on the shelf whose price or stock (or both) the feed changes; `show` when it was hidden. */
  | { kind: "update"; skuId: string; line: number; price?: Step; stock?: Step; show?: true }
  /** A product the store did not have: a new inventory row. */
  | { kind: "new"; skuId: string; line: number; priceCents: number; stock: number }
  /** A shelf product the feed leaves out, under policy "zero". */
  | { kind: "zero"; skuId: string; stock: Step }
  /** A shelf product the feed leaves out, under policy "hide". */
  | { kind: "hide"; skuId: string };

export interface DiffCounts {
  priceUp: number;
  priceDown: number;
  stockChanged: number;
  /** Updates taking stock from 0 to some. */
  backInStock: number;
  newlyStocked: number;
  /** Shelf products the feed leaves out, whatever the policy does with them. */
  missing: number;
  /** Of those, the ones changed (zeroed or hidden); under "keep", none. */
  missingChanged: number;
  /** Matched products the feed leaves as they are. */
  unchanged: number;
}

export interface FeedDiff {
  changes: ShelfChange[];
  counts: DiffCounts;
}

const bySku = (a: { skuId: string }, b: { skuId: string }) =>
  a.skuId < b.skuId ? -1 : a.skuId > b.skuId ? 1 : 0;

/** The changes the matched lines make to `shelf`, products missing from the feed handled by `policy`. */
export function diffShelf(
  shelf: readonly ShelfRow[],
  matched: readonly MatchedLine[],
  policy: MissingPolicy,
): FeedDiff {
  const counts: DiffCounts = {
    priceUp: 0,
    priceDown: 0,
    stockChanged: 0,
    backInStock: 0,
    newlyStocked: 0,
    missing: 0,
    missingChanged: 0,
    unchanged: 0,
  };
  const current = new Map(shelf.map((row) => [row.skuId, row]));
  const inFeed = new Set<string>();
  const changes: ShelfChange[] = [];
  for (const { line, skuId } of matched) {
    if (inFeed.has(skuId)) throw new RangeError(`product ${skuId} is matched by two lines`);
    inFeed.add(skuId);
    const row = current.get(skuId);
    if (row === undefined) {
      changes.push({
        kind: "new",
        skuId,
        line: line.line,
        priceCents: line.priceCents,
        stock: line.quantity,
      });
      counts.newlyStocked++;
      continue;
    }
    const change: Extract<ShelfChange, { kind: "update" }> = { kind: "update", skuId, line: line.line };
    if (row.priceCents !== line.priceCents) {
      change.price = { from: row.priceCents, to: line.priceCents };
      if (line.priceCents > row.priceCents) counts.priceUp++;
      else counts.priceDown++;
    }
    if (row.stock !== line.quantity) {
      change.stock = { from: row.stock, to: line.quantity };
      counts.stockChanged++;
      if (row.stock === 0) counts.backInStock++;
    }
    if (row.hidden) change.show = true;
    if (change.price || change.stock || change.show) changes.push(change);
    else counts.unchanged++;
  }
  const missing = shelf.filter((row) => !inFeed.has(row.skuId)).sort(bySku);
  counts.missing = missing.length;
  for (const row of missing) {
    if (policy === "zero" && row.stock !== 0) {
      changes.push({ kind: "zero", skuId: row.skuId, stock: { from: row.stock, to: 0 } });
      counts.missingChanged++;
    } else if (policy === "hide" && !row.hidden) {
      changes.push({ kind: "hide", skuId: row.skuId });
      counts.missingChanged++;
    }
  }
  return { changes, counts };
}

/** The change as `setShelfValues`' `set` (server/modules/catalogue/stock.ts), for the updates and zeroings. */
export function shelfValues(change: ShelfChange): { price_cents?: number; stock?: number } {
  switch (change.kind) {
    case "update":
      return {
        ...(change.price ? { price_cents: change.price.to } : {}),
        ...(change.stock ? { stock: change.stock.to } : {}),
      };
    case "new":
      return { price_cents: change.priceCents, stock: change.stock };
    case "zero":
      return { stock: 0 };
    case "hide":
      return {};
  }
}

/** The shelf after the changes: what the server's apply must produce (the property tests hold it to this). */
export function applyChanges(shelf: readonly ShelfRow[], changes: readonly ShelfChange[]): ShelfRow[] {
  const rows = new Map(shelf.map((row) => [row.skuId, { ...row }]));
  for (const change of changes) {
    const row = rows.get(change.skuId);
    if (change.kind === "new") {
      if (row !== undefined) throw new RangeError(`product ${change.skuId} is on the shelf already`);
      rows.set(change.skuId, { skuId: change.skuId, priceCents: change.priceCents, stock: change.stock });
      continue;
    }
    if (row === undefined) throw new RangeError(`product ${change.skuId} is not on the shelf`);
    if (change.kind === "update") {
      if (change.price) row.priceCents = change.price.to;
      if (change.stock) row.stock = change.stock.to;
      if (change.show) delete row.hidden;
    } else if (change.kind === "zero") row.stock = 0;
    else row.hidden = true;
  }
  return [...rows.values()].sort(bySku);
}

export interface Batch {
  /** 0, 1, …: a resumed apply starts from the first batch not recorded done. */
  index: number;
  changes: ShelfChange[];
}

/** The changes in order, cut into batches of at most `size` (each one transaction). */
export function planBatches(changes: readonly ShelfChange[], size: number): Batch[] {
  if (!Number.isInteger(size) || size < 1)
    throw new RangeError(`batch size must be a positive integer, got ${size}`);
  const batches: Batch[] = [];
  for (let start = 0; start < changes.length; start += size) {
    batches.push({ index: batches.length, changes: changes.slice(start, start + size) });
  }
  return batches;
}
