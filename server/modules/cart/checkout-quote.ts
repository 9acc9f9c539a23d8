import { type QueryCreator, sql } from "kysely";
import type { Database } from "#db/schema.ts";
import type { PricedLine } from "#domain/cart/compose.ts";
import type { Engraving } from "#domain/cart/merge.ts";
import { needsRelocation } from "#domain/cart/relocate.ts";
import type { Tip } from "#domain/cart/totals.ts";
import type { Cart, CartRelocation } from "#domain/cart/types.ts";
import type { Bill } from "#domain/checkout/bill.ts";
import type { Db } from "#server/platform/db.ts";
import type { ServingStores } from "../catalogue/index.ts";
import { readCart, relocated, relocationSummary, type Serving } from "./cart-service.ts";
import { type OwnerStanding, priceStored } from "./cart-view.ts";
import {
  CART_VERSION,
  type CartRow,
  shelfKey,
  shelfOf,
  type Tx,
  versionedCartFrom,
  versionedCartOf,
  versionedCartWithLines,
} from "./repository.ts";

/**
 * Where checkout sends the cart when it is not the shopper's own address (a gift to its recipient's: ADR 0053): the
 * stores serving it, and the shipping option to price a shipped part with (the request's, not the cart's own).
 */
export interface DeliverTo {
  serving: ServingStores;
  shippingName?: string | null;
}

/** What checkout places: the cart as the shopper sees it, the bill behind it, its lines, and its version. */
export interface CartQuote {
  row: CartRow;
  /**
   * The cart's version (CART_VERSION: the transaction that last wrote its row). It
   * moves with every change, so checkout can tell the cart is still the one quoted.
   */
  version: string;
  cart: Cart;
  bill: Bill;
  lines: PricedLine[];
  /** Sent elsewhere (`deliverTo`): what had to move to the stores serving that address; null when nothing did. */
  relocation: CartRelocation | null;
}

/**
 * The owner's cart as checkout quotes it, as one JSON value for a statement of the caller's (the cart read with
 * the checkout's other reads): quoteCart's `read`.
 */
export function cartToQuote(db: QueryCreator<Database>, owner: string) {
  return versionedCartOf(db, owner);
}

/** What quoteCart may be given besides the cart's owner, address and tip. */
export interface QuoteOptions {
  /** What pricing needs of the signed-in owner, when the caller has read it (else it is read here). */
  standing?: OwnerStanding;
  /**
   * Another address the cart goes to; its lines are then moved to the stores serving that one by the same rule
   * (ADR 0018) and priced there, for this quote only: the stored cart stays at the shopper's own stores.
   */
  deliverTo?: DeliverTo;
  /** The cart as the caller read it (cartToQuote's value), when it did: else it is read here. */
  read?: Parameters<typeof versionedCartFrom>[0];
}

/** The owner's cart priced for checkout (moved first to the stores serving the address, as any read would). */
export async function quoteCart(
  db: Db,
  owner: string,
  serving: Serving,
  tip: Tip,
  { standing, deliverTo, read }: QuoteOptions = {},
): Promise<CartQuote | null> {
  let found = read === undefined ? await versionedCartWithLines(db, owner) : versionedCartFrom(read);
  if (!found) return null;
  if (
    serving &&
    needsRelocation(
      found.lines.map((r) => r.line),
      serving.ids,
    )
  ) {
    await readCart(db, owner, serving);
    found = await versionedCartWithLines(db, owner);
    if (!found) return null;
  }
  const { cart: row, version, lines: rows } = found;
  const details = new Map(rows.map((r) => [shelfKey(r.line.store_id, r.line.sku), r.detail]));
  let lines = rows.map((r) => r.line);
  let relocation: CartRelocation | null = null;
  if (deliverTo) {
    const moved = await relocated(lines, deliverTo.serving, async (pairs) => {
      const shelf = await shelfOf(db, pairs);
      for (const [key, detail] of shelf.details) if (!details.has(key)) details.set(key, detail);
      return shelf;
    });
    lines = moved.lines;
    if (moved.moves.length > 0)
      relocation = relocationSummary(moved.moves, details, deliverTo.serving.primary);
  }
  const choices = deliverTo?.shippingName ? { ...row, shipping_name: deliverTo.shippingName } : row;
  const priced = await priceStored(
    db,
    choices,
    lines,
    details,
    tip,
    standing,
    deliverTo?.serving.destination ?? serving?.destination,
  );
  return { row, version, ...priced, relocation };
}

/** The stores of the owner's cart lines, as a subquery for a statement of the caller's (one row per line). */
export function cartStoreIds(db: QueryCreator<Database>, owner: string) {
  return db
    .selectFrom("cart_lines as l")
    .innerJoin("carts as c", "c.id", "l.cart_id")
    .select("l.store_id")
    .where("c.owner", "=", owner);
}

/**
 * Locks the quoted cart for the checkout's transaction and moves its version on, so a second checkout of the same
 * quote (another tab, another device) is told the cart changed; false when it changed since it was quoted.
 */
export async function lockQuotedCart(tx: Tx, quote: CartQuote): Promise<boolean> {
  return (await quotedCartLock(tx, quote).executeTakeFirst()) !== undefined;
}

/**
 * lockQuotedCart as a statement to run alone or inside another (a common table expression): it answers the cart's
 * id only when it locked it. The update waits for any writer of the row, then matches only if the version is
 * still the quoted one.
 */
export function quotedCartLock(db: QueryCreator<Database>, quote: CartQuote) {
  return cartLockAt(db, quote.row.id, quote.version, new Date());
}

/** quotedCartLock by its values, each a parameter (a statement compiled once takes them so: ADR 77). */
export function cartLockAt(db: QueryCreator<Database>, cartId: string, version: string, at: Date) {
  return db
    .updateTable("carts")
    .set({ updated_at: at })
    .where("id", "=", cartId)
    .where(CART_VERSION, "=", version)
    .returning("id");
}

/** The cart row after an order: its promo and credit choices start over (the round-up preference stays). */
const emptied = (at: Date) => ({
  split: false,
  multi_store_id: null,
  promo_code: null,
  promo_removed: false,
  use_credit: false,
  credit_limit: null,
  recommendations: sql<string[]>`'{}'::text[]`,
  updated_at: at,
});

/** A line an order took from the cart: its SKU and engraving (the store may be another, ADR 0053). */
export interface PlacedItem {
  sku_id: string;
  engraving: Engraving | null;
}

/**
 * Empties the user's cart after their order (settling may come later than the checkout, from a job). `placed`: the
 * items the orders took; only the cart's lines of those go, so a line left out of the order (unavailable where it
 * went, ADR 0018 and 0053) stays in the cart. Without it every line goes.
 */
export async function emptyCartOf(tx: Tx, userId: string, placed?: readonly PlacedItem[]): Promise<void> {
  await withCartEmptied(tx, userId, placed && placedColumnsOf(placed), new Date())
    .selectFrom("emptied")
    .select("id")
    .execute();
}

/** The items an order took as one array per column: a statement's parameters, one text whatever their number. */
export interface PlacedColumns {
  skus: string[];
  line1: string[];
  line2: string[];
  line3: string[];
}

export function placedColumnsOf(placed: readonly PlacedItem[]): PlacedColumns {
  return {
    skus: placed.map((p) => p.sku_id),
    line1: placed.map((p) => p.engraving?.line_1 ?? ""),
    line2: placed.map((p) => p.engraving?.line_2 ?? ""),
    line3: placed.map((p) => p.engraving?.line_3 ?? ""),
  };
}

/**
 * emptyCartOf as two common table expressions ("emptied", "emptied_lines"), for a statement of the caller's to
 * end with: the cart's writes then go to the database with it, in one round trip. `at`: the cart's update time.
 */
export function withCartEmptied(
  db: QueryCreator<Database>,
  userId: string,
  placed: PlacedColumns | undefined,
  at: Date,
) {
  return db
    .with("emptied", (q) =>
      q
        .updateTable("carts")
        .set(emptied(at))
        .where("owner", "=", sql<string>`'user:' || ${userId}`)
        .returning("id"),
    )
    .with("emptied_lines", (q) => {
      const lines = q
        .deleteFrom("cart_lines")
        .where("cart_id", "in", (eb) => eb.selectFrom("emptied").select("id"));
      return (
        placed
          ? lines.where(
              sql<boolean>`(sku_id, line_1, line_2, line_3) in (select * from unnest(${placed.skus}::text[], ${placed.line1}::text[], ${placed.line2}::text[], ${placed.line3}::text[]))`,
            )
          : lines
      ).returning("cart_lines.id");
    });
}
