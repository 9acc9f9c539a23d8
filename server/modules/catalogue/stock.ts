import { type QueryCreator, type RawBuilder, sql, type Transaction } from "kysely";
import type { Database } from "#db/schema.ts";

type Tx = Transaction<Database>;

/**
 * Stock is the catalogue's (docs/ARCHITECTURE.md, "Tables and their owners"): the shelf every listing reads
 * (inventory ⋈ products) is written here only. Each write runs in the caller's transaction, and the shelf's triggers
 * carry it to search.
 */

/** What a checkout takes off one shelf row: its lines' quantity of a SKU at a store, at the price quoted. */
export interface StockWanted {
  store_id: string;
  sku_id: string;
  qty: number;
  price: number;
}

/**
 * A checkout's reservation, as common table expressions of the one statement that places its orders: the wanted
 * rows locked in (store, SKU) order, so concurrent checkouts lock alike (only when `onlyIf` holds: the cart's lock was
 * taken), then taken (`taken`: the rows with the stock and still at the quoted price).
 */
export function withStockTaken<DB>(
  db: QueryCreator<DB>,
  wanted: readonly StockWanted[],
  onlyIf: RawBuilder<unknown>,
) {
  return db
    .with(
      "stock_locked",
      () =>
        sql<{ store_id: string; sku_id: string }>`(
          select i.store_id, i.sku_id from inventory i
          join jsonb_to_recordset(${JSON.stringify(wanted)}::jsonb) as w(store_id text, sku_id text, qty int, price int)
            on w.store_id = i.store_id and w.sku_id = i.sku_id
          where ${onlyIf}
          order by i.store_id, i.sku_id
          for update of i)`,
    )
    .with(
      "taken",
      () =>
        sql<{ store_id: string; sku_id: string }>`(
          update inventory i set stock = i.stock - w.qty
          from jsonb_to_recordset(${JSON.stringify(wanted)}::jsonb) as w(store_id text, sku_id text, qty int, price int),
            stock_locked l
          where i.store_id = w.store_id and i.sku_id = w.sku_id and l.store_id = i.store_id and l.sku_id = i.sku_id
            and i.stock >= w.qty and i.price_cents = w.price
          returning i.store_id, i.sku_id)`,
    );
}

/** Stock back on a store's shelf (an order that will not be delivered). */
export async function restock(tx: Tx, storeId: string, skuId: string, qty: number): Promise<void> {
  await tx
    .updateTable("inventory")
    .set({ stock: sql`stock + ${qty}` })
    .where("store_id", "=", storeId)
    .where("sku_id", "=", skuId)
    .execute();
}

/** Takes `qty` off the shelf when it has them; answers the stock left, or undefined when it had too few. */
export async function takeStock(tx: Tx, storeId: string, skuId: string, qty: number) {
  return tx
    .updateTable("inventory")
    .set({ stock: sql`stock - ${qty}` })
    .where("store_id", "=", storeId)
    .where("sku_id", "=", skuId)
    .where("stock", ">=", qty)
    .returning("stock")
    .executeTakeFirst();
}

/** The shelf has none left (staff found a line short while picking). */
export async function markSoldOut(tx: Tx, storeId: string, skuId: string): Promise<void> {
  await tx
    .updateTable("inventory")
    .set({ stock: 0 })
    .where("store_id", "=", storeId)
    .where("sku_id", "=", skuId)
    .execute();
}

/** Staff's change to a shelf row's price, package price or stock (checked against what they saw); answers the new values. */
export async function setShelfValues(
  tx: Tx,
  storeId: string,
  skuId: string,
  set: { price_cents?: number; package_item_price_cents?: number | null; stock?: number },
) {
  return tx
    .updateTable("inventory")
    .set(set)
    .where("store_id", "=", storeId)
    .where("sku_id", "=", skuId)
    .returning(["price_cents", "package_item_price_cents", "stock"])
    .executeTakeFirstOrThrow();
}
