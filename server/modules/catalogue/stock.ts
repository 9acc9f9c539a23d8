import { type QueryCreator, type RawBuilder, sql, type Transaction } from "kysely";
import type { Database } from "#db/schema.ts";
import type { ShelfChange as FeedChange } from "#domain/feeds/diff.ts";

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
 * rows (`wantedJson`: StockWanted[] as JSON, one value whatever their number) locked in (store, SKU) order, so concurrent checkouts lock alike (only when `onlyIf` holds: the cart's lock was
 * taken), then taken (`taken`: the rows with the stock and still at the quoted price).
 */
export function withStockTaken<DB>(db: QueryCreator<DB>, wantedJson: string, onlyIf: RawBuilder<unknown>) {
  return db
    .with(
      "stock_locked",
      () =>
        sql<{ store_id: string; sku_id: string }>`(
          select i.store_id, i.sku_id from inventory i
          join jsonb_to_recordset(${wantedJson}::jsonb) as w(store_id text, sku_id text, qty int, price int)
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
          from jsonb_to_recordset(${wantedJson}::jsonb) as w(store_id text, sku_id text, qty int, price int),
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

/**
 * A batch of a shelf feed's changes (issue 34 §1, domain/feeds/diff.ts), in the caller's transaction, one statement
 * per kind: prices set; stock set to the feed's count less what sold since the dry run read the shelf (the row's lock
 * orders it with checkout's conditional take, so a feed never hands out units a checkout already took); new rows
 * inserted (a row that appeared meanwhile takes the feed's values); missing products zeroed or taken off the shelf.
 */
export async function applyFeedChanges(
  tx: Tx,
  storeId: string,
  changes: readonly FeedChange[],
): Promise<void> {
  const updates = changes.flatMap((c) => (c.kind === "update" ? [c] : []));
  if (updates.length > 0) {
    const rows = updates.map(
      (c) =>
        sql`(${c.skuId}::text, ${c.price?.to ?? null}::int, ${c.stock?.to ?? null}::int, ${c.stock?.from ?? null}::int)`,
    );
    await sql`
      update inventory as i set
        price_cents = coalesce(v.price, i.price_cents),
        stock = case when v.stock_to is null then i.stock else greatest(0, v.stock_to - (v.stock_from - i.stock)) end
      from (values ${sql.join(rows)}) as v(sku_id, price, stock_to, stock_from)
      where i.store_id = ${storeId} and i.sku_id = v.sku_id`.execute(tx);
  }
  const added = changes.flatMap((c) => (c.kind === "new" ? [c] : []));
  if (added.length > 0)
    await tx
      .insertInto("inventory")
      .values(
        added.map((c) => ({ store_id: storeId, sku_id: c.skuId, price_cents: c.priceCents, stock: c.stock })),
      )
      .onConflict((oc) =>
        oc.columns(["store_id", "sku_id"]).doUpdateSet((eb) => ({
          price_cents: eb.ref("excluded.price_cents"),
          stock: eb.ref("excluded.stock"),
        })),
      )
      .execute();
  const zeroed = changes.flatMap((c) => (c.kind === "zero" ? [c.skuId] : []));
  if (zeroed.length > 0)
    await tx
      .updateTable("inventory")
      .set({ stock: 0 })
      .where("store_id", "=", storeId)
      .where("sku_id", "in", zeroed)
      .execute();
  const hidden = changes.flatMap((c) => (c.kind === "hide" ? [c.skuId] : []));
  if (hidden.length > 0)
    await tx.deleteFrom("inventory").where("store_id", "=", storeId).where("sku_id", "in", hidden).execute();
}
