import { sql } from "kysely";
import type { Db } from "../server/platform/db.ts";

/**
 * What must hold after a soak, whatever failed during it (docs/adr/0040-fleet-behind-nginx.md): each check is
 * one query over the store's tables, and names the rows that break it.
 */
export interface CheckResult {
  check: string;
  ok: boolean;
  detail: string;
}

export interface SoakLedger {
  /** Every order id a checkout answered 200 with, as many times as it was answered (a retried id twice). */
  answeredOrderIds: string[];
  /** The checkout ids the shoppers sent, answered or not. */
  checkoutIds: string[];
  /** Stock of each soaked SKU at its store when the soak began. */
  stockAtStart: { store_id: string; sku_id: string; stock: number }[];
}

/** Statuses whose lines are no longer off the shelf: cancelled or refunded orders are restocked. */
const RESTOCKED = [5, 6];

export async function runChecks(db: Db, ledger: SoakLedger): Promise<CheckResult[]> {
  const results: CheckResult[] = [];
  const add = (check: string, bad: unknown[], detail: string) =>
    results.push({
      check,
      ok: bad.length === 0,
      detail: bad.length === 0 ? detail : `${bad.length} bad: ${JSON.stringify(bad.slice(0, 3))}`,
    });

  // No order lost: every id a shopper was given exists, once.
  const answered = [...new Set(ledger.answeredOrderIds)];
  const found = answered.length
    ? await db.selectFrom("orders").select("id").where("id", "in", answered).execute()
    : [];
  const foundIds = new Set(found.map((r) => r.id));
  add(
    "every answered order exists",
    answered.filter((id) => !foundIds.has(id)),
    `${answered.length} answered, all found`,
  );

  // No order duplicated: one order per (checkout, store), and every order of the soak from a checkout it sent.
  const checkouts = [...new Set(ledger.checkoutIds)];
  const dupes = checkouts.length
    ? await db
        .selectFrom("orders")
        .select(["checkout_id", "store_id", db.fn.countAll<number>().as("n")])
        .where("checkout_id", "in", checkouts)
        .groupBy(["checkout_id", "store_id"])
        .having(db.fn.countAll(), ">", 1)
        .execute()
    : [];
  const orderCount = checkouts.length
    ? Number(
        (
          await db
            .selectFrom("orders")
            .select(db.fn.countAll<number>().as("n"))
            .where("checkout_id", "in", checkouts)
            .executeTakeFirstOrThrow()
        ).n,
      )
    : 0;
  add("one order per checkout and store", dupes, `${orderCount} orders from ${checkouts.length} checkouts`);

  // Orders left waiting for their payment's answer (a checkout cut off mid-way) must have been settled by now.
  const waiting = await db
    .selectFrom("orders")
    .select(["id", "checkout_id"])
    .where("order_status", "=", -1)
    .execute();
  add("no order left awaiting payment", waiting, "none");

  // No payment authorised twice: one authorisation per checkout payment, one provider intent per checkout.
  const twiceOps = await sql<{ payment_id: string; n: number }>`
    select payment_id, count(*)::int as n from payment_operations
    where kind = 'authorisation' and status = 'succeeded' group by payment_id having count(*) > 1`.execute(
    db,
  );
  const twiceIntents = await sql<{ checkout_id: string; n: number }>`
    select metadata->>'checkout_id' as checkout_id, count(*)::int as n from sandbox_intents
    where status in ('requires_capture', 'succeeded') and metadata ? 'checkout_id'
    group by 1 having count(*) > 1`.execute(db);
  add(
    "no payment authorised twice",
    [...twiceOps.rows, ...twiceIntents.rows],
    "one authorisation per payment and per checkout",
  );

  // No money held without an order: an intent still holding (or taking) money whose checkout has no live order.
  const orphans = await sql<{ intent: string; checkout_id: string; status: string }>`
    select i.id as intent, i.metadata->>'checkout_id' as checkout_id, i.status from sandbox_intents i
    where i.status in ('requires_capture', 'succeeded') and i.metadata ? 'checkout_id'
      and not exists (
        select 1 from orders o where o.checkout_id = i.metadata->>'checkout_id' and o.order_status not in (-1, 4, 5, 6))
      and i.amount_received = 0`.execute(db);
  add("no payment authorised without an order", orphans.rows, "every held authorisation has its order");

  // Stock: what each soaked SKU had, less what its live orders took, is what it has.
  const stockRows = ledger.stockAtStart.length
    ? await sql<{ store_id: string; sku_id: string; now: number; sold: number }>`
        select i.store_id, i.sku_id, i.stock as now,
          coalesce((select sum(l.qty) from order_lines l join orders o on o.id = l.order_id
            where o.store_id = i.store_id and l.sku_id = i.sku_id
              and o.order_status not in (${sql.join(RESTOCKED)})), 0)::int as sold
        from inventory i
        where (i.store_id, i.sku_id) in (${sql.join(
          ledger.stockAtStart.map((s) => sql`(${s.store_id}, ${s.sku_id})`),
        )})`.execute(db)
    : { rows: [] };
  const start = new Map(ledger.stockAtStart.map((s) => [`${s.store_id}/${s.sku_id}`, s.stock]));
  const off = stockRows.rows.filter((r) => start.get(`${r.store_id}/${r.sku_id}`)! - r.sold !== r.now);
  const sold = stockRows.rows.reduce((n, r) => n + r.sold, 0);
  add("stock = start − sold", off, `${stockRows.rows.length} SKUs, ${sold} units sold, none off`);

  // Credit: no balance below zero, and what a checkout spent is what its orders say they took off.
  const negative = await sql<{ user_id: string; balance: number }>`
    select user_id, sum(case when kind in ('granted', 'refunded') then amount else -amount end)::int as balance
    from credit_entries group by user_id
    having sum(case when kind in ('granted', 'refunded') then amount else -amount end) < 0`.execute(db);
  const mismatched = await sql<{ checkout_id: string; spent: number; on_orders: number }>`
    select e.checkout_id, e.spent, coalesce(o.credit, 0)::int as on_orders from
      (select checkout_id, sum(case when kind = 'spent' then amount else -amount end)::int as spent
         from credit_entries where checkout_id is not null and kind in ('spent', 'refunded') group by checkout_id) e
      left join (select checkout_id, sum(credit) as credit from orders
                 where order_status not in (-1, 4, 5, 6) group by checkout_id) o using (checkout_id)
    where e.spent <> coalesce(o.credit, 0)`.execute(db);
  add(
    "credit ledger consistent",
    [...negative.rows, ...mismatched.rows],
    "no negative balance; spent = orders' credit",
  );
  return results;
}
