import { sql } from "kysely";
import type { PricedLine } from "../../../domain/cart/compose.ts";
import { needsRelocation } from "../../../domain/cart/relocate.ts";
import type { Tip } from "../../../domain/cart/totals.ts";
import type { Cart } from "../../../domain/cart/types.ts";
import type { Bill } from "../../../domain/checkout/bill.ts";
import type { Db } from "../../platform/db.ts";
import { readCart, type Serving } from "./cart-service.ts";
import { priceStored } from "./cart-view.ts";
import { type CartRow, detailedLines, findCart, shelfKey, type Tx } from "./repository.ts";

/** What checkout places: the cart as the shopper sees it, the bill behind it, its lines, and its version. */
export interface CartQuote {
  row: CartRow;
  /** The cart's version: it moves with every change, so checkout can tell the cart is still the one quoted. */
  version: Date;
  cart: Cart;
  bill: Bill;
  lines: PricedLine[];
}

/** The owner's cart priced for checkout (moved first to the stores serving the address, as any read would). */
export async function quoteCart(
  db: Db,
  owner: string,
  serving: Serving,
  tip: Tip,
): Promise<CartQuote | null> {
  let found = await findCart(db, owner);
  if (!found) return null;
  let rows = await detailedLines(db, found.id);
  if (
    serving &&
    needsRelocation(
      rows.map((r) => r.line),
      serving.ids,
    )
  ) {
    await readCart(db, owner, serving);
    found = await findCart(db, owner);
    if (!found) return null;
    rows = await detailedLines(db, found.id);
  }
  const { updated_at } = await db
    .selectFrom("carts")
    .select("updated_at")
    .where("id", "=", found.id)
    .executeTakeFirstOrThrow();
  const details = new Map(rows.map((r) => [shelfKey(r.line.store_id, r.line.sku), r.detail]));
  const priced = await priceStored(
    db,
    found,
    rows.map((r) => r.line),
    details,
    tip,
  );
  return { row: found, version: new Date(updated_at), ...priced };
}

/**
 * Locks the quoted cart for the checkout's transaction and moves its version on, so a second checkout of the same
 * quote (another tab, another device) is told the cart changed; false when it changed since it was quoted.
 */
export async function lockQuotedCart(tx: Tx, quote: CartQuote): Promise<boolean> {
  const row = await tx
    .selectFrom("carts")
    .select("updated_at")
    .where("id", "=", quote.row.id)
    .forUpdate()
    .executeTakeFirst();
  if (row === undefined || new Date(row.updated_at).getTime() !== quote.version.getTime()) return false;
  await tx.updateTable("carts").set({ updated_at: new Date() }).where("id", "=", quote.row.id).execute();
  return true;
}

/** After an order: the cart is empty, its promo and credit choices start over (the round-up preference stays). */
export async function emptyCartAfterOrder(tx: Tx, cartId: string): Promise<void> {
  await tx.deleteFrom("cart_lines").where("cart_id", "=", cartId).execute();
  await tx
    .updateTable("carts")
    .set({
      split: false,
      multi_store_id: null,
      promo_code: null,
      promo_removed: false,
      use_credit: false,
      credit_limit: null,
      recommendations: sql`'{}'::text[]`,
      updated_at: new Date(),
    })
    .where("id", "=", cartId)
    .execute();
}

/** Empties the user's cart after their order (settling may come later than the checkout, from a job). */
export async function emptyCartOf(tx: Tx, userId: string): Promise<void> {
  const cart = await tx
    .selectFrom("carts")
    .select("id")
    .where("owner", "=", `user:${userId}`)
    .executeTakeFirst();
  if (cart) await emptyCartAfterOrder(tx, cart.id);
}
