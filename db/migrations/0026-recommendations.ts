import { type Kysely, sql } from "kysely";

/**
 * Recommendations that learn (issue 17; docs/adr/0034-recommendations-that-learn.md):
 * - `co_purchase`: for each pair of products bought in the same completed order (both directions), in how many
 *   completed orders of the window they came together and how many held each. Derived: rebuilt whole by the
 *   refresh job (`server/modules/recommendations/co-purchase.ts`), never edited by hand;
 * - `co_purchase_refresh`: its one row, locked by each refresh: when the table was last rebuilt, from how many
 *   orders, and when the next refresh job is due (so one chain of jobs runs, however many instances start one);
 * - `favourites`: the products a shopper hearted.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table co_purchase (
      sku_a text not null,
      sku_b text not null,
      together int not null check (together > 0),
      orders_a int not null check (orders_a >= together),
      orders_b int not null check (orders_b >= together),
      primary key (sku_a, sku_b),
      check (sku_a <> sku_b)
    )`.execute(db);
  await sql`create index co_purchase_by_anchor on co_purchase (sku_a, together desc)`.execute(db);

  await sql`
    create table co_purchase_refresh (
      id boolean primary key default true check (id),
      refreshed_at timestamptz,
      next_run_at timestamptz,
      orders int not null default 0,
      pairs int not null default 0
    )`.execute(db);
  await sql`insert into co_purchase_refresh (id) values (true)`.execute(db);

  await sql`
    create table favourites (
      user_id text not null references users(id) on delete cascade,
      sku_id text not null references products(sku_id),
      created_at timestamptz not null default now(),
      primary key (user_id, sku_id)
    )`.execute(db);
  await sql`create index favourites_by_user on favourites (user_id, created_at desc)`.execute(db);
}
