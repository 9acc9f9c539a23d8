import { sql, type Transaction } from "kysely";
import type { Database } from "#db/schema.ts";
import {
  CO_PURCHASE_CANDIDATES,
  CO_PURCHASE_WINDOW_DAYS,
  type CoPurchasePair,
  plainSku,
  rankCoPurchase,
} from "#domain/catalogue/co-purchase.ts";
import { ETCH_SUFFIX } from "#domain/catalogue/sku.ts";
import { ORDER_STATUS } from "#domain/orders/status.ts";
import type { Db } from "#server/platform/db.ts";

type Tx = Transaction<Database>;

export interface CoPurchaseRefresh {
  refreshed_at: string;
  /** Completed orders of the window counted. */
  orders: number;
  /** Rows of the table (each pair both ways). */
  pairs: number;
}

/**
 * Rebuilds the co-purchase table from the completed orders (order_status 3: delivered, or shipped and completed) of
 * the last CO_PURCHASE_WINDOW_DAYS, in one transaction under the lock of its state row: cancelled, failed, refunded
 * and unfinished orders never count; an engraved bottle counts as its bottle; a product counts once per order.
 * Readers see the old table until it commits.
 */
export async function refreshCoPurchase(db: Db | Tx, now: Date): Promise<CoPurchaseRefresh> {
  const run = async (tx: Tx) => {
    await lockState(tx);
    return rebuild(tx, now);
  };
  return db.isTransaction ? run(db as Tx) : db.transaction().execute(run);
}

async function lockState(tx: Tx) {
  return tx
    .selectFrom("co_purchase_refresh")
    .selectAll()
    .where("id", "=", true)
    .forUpdate()
    .executeTakeFirstOrThrow();
}

async function rebuild(tx: Tx, now: Date): Promise<CoPurchaseRefresh> {
  const since = new Date(now.getTime() - CO_PURCHASE_WINDOW_DAYS * 86_400_000);
  await tx.deleteFrom("co_purchase").execute();
  // The plain SKU of a line (plainSku in domain/catalogue/co-purchase.ts, in SQL).
  const plain = sql`case when right(l.sku_id, ${sql.lit(ETCH_SUFFIX.length)}) = ${ETCH_SUFFIX} then left(l.sku_id, ${sql.lit(-ETCH_SUFFIX.length)}) else l.sku_id end`;
  await sql`
    insert into co_purchase (sku_a, sku_b, together, orders_a, orders_b)
    with bought as (
      select distinct o.id as order_id, ${plain} as sku
      from orders o join order_lines l on l.order_id = o.id
      where o.order_status = ${ORDER_STATUS.completed} and o.created_at >= ${since} and l.qty > 0
    ),
    counts as (select sku, count(*)::int as n from bought group by sku)
    select a.sku, b.sku, count(*)::int, ca.n, cb.n
    from bought a
    join bought b on b.order_id = a.order_id and b.sku <> a.sku
    join counts ca on ca.sku = a.sku
    join counts cb on cb.sku = b.sku
    group by a.sku, b.sku, ca.n, cb.n`.execute(tx);
  const stats = await sql<{ orders: number; pairs: number }>`
    select
      (select count(*)::int from orders o
        where o.order_status = ${ORDER_STATUS.completed} and o.created_at >= ${since}) as orders,
      (select count(*)::int from co_purchase) as pairs`.execute(tx);
  const { orders, pairs } = stats.rows[0];
  await tx
    .updateTable("co_purchase_refresh")
    .set({ refreshed_at: now, orders, pairs })
    .where("id", "=", true)
    .execute();
  return { refreshed_at: now.toISOString(), orders, pairs };
}

/**
 * The recurring refresh (the job's handler): rebuilds the table unless another instance did a moment ago, and
 * sends the next run in the same transaction, unless a next run is already due later (a second chain, started by
 * another instance, ends here). `sendNext` enqueues the job for `at` inside `tx`.
 */
export async function runScheduledRefresh(
  db: Db,
  now: Date,
  intervalMs: number,
  sendNext: (tx: Tx, at: Date) => Promise<unknown>,
): Promise<{ refreshed: boolean; chained: boolean }> {
  return db.transaction().execute(async (tx) => {
    const state = await lockState(tx);
    const fresh =
      state.refreshed_at !== null && now.getTime() - state.refreshed_at.getTime() < intervalMs / 2;
    if (!fresh) await rebuild(tx, now);
    const chained = state.next_run_at === null || state.next_run_at.getTime() <= now.getTime();
    if (chained) {
      const at = new Date(now.getTime() + intervalMs);
      await tx.updateTable("co_purchase_refresh").set({ next_run_at: at }).where("id", "=", true).execute();
      await sendNext(tx, at);
    }
    return { refreshed: !fresh, chained };
  });
}

/** The co-purchase rows of the anchors: each anchor's strongest CO_PURCHASE_CANDIDATES by shared orders. */
export async function coPurchasePairs(db: Db, anchors: readonly string[]): Promise<CoPurchasePair[]> {
  const plain = [...new Set(anchors.map(plainSku))];
  if (plain.length === 0) return [];
  const { rows } = await sql<CoPurchasePair>`
    select sku_a, sku_b, together, orders_a, orders_b from (
      select c.*, row_number() over (partition by sku_a order by together desc, sku_b) as rank
      from co_purchase c where sku_a in (${sql.join(plain)})
    ) ranked
    where rank <= ${CO_PURCHASE_CANDIDATES}`.execute(db);
  return rows;
}

/** Of `skus`, those on the store's shelf with stock (enabled products, not engraved variants), in the order given. */
export async function inStockAt(db: Db, storeId: string, skus: readonly string[]): Promise<string[]> {
  if (skus.length === 0) return [];
  const rows = await db
    .selectFrom("inventory as i")
    .innerJoin("products as p", "p.sku_id", "i.sku_id")
    .select("i.sku_id")
    .where("i.store_id", "=", storeId)
    .where("i.sku_id", "in", [...new Set(skus)])
    .where("i.stock", ">", 0)
    .where("p.disabled", "=", false)
    .where("p.etch_of", "is", null)
    .execute();
  const stocked = new Set(rows.map((r) => r.sku_id));
  return skus.filter((s) => stocked.has(s));
}

/**
 * "Frequently bought together" with the anchors, best first (domain rule), only what the store has in stock when a
 * store is given; none of the anchors or `exclude`.
 */
export async function frequentlyBoughtWith(
  db: Db,
  anchors: readonly string[],
  storeId: string | null,
  limit: number,
  exclude: readonly string[] = [],
): Promise<string[]> {
  const pairs = await coPurchasePairs(db, anchors);
  const ranked = rankCoPurchase(anchors, pairs, { exclude, limit: CO_PURCHASE_CANDIDATES });
  const available = storeId ? await inStockAt(db, storeId, ranked) : ranked;
  return available.slice(0, limit);
}
