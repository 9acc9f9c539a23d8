import { type Kysely, sql } from "kysely";

/**
 * Each refund's tax with its day (issue 33 §1, docs/adr/0068-tax-refunds-by-their-day.md): the tax report deducts a
 * refund in the period it was made. Orders refunded before this table take their last change (`updated_at`) as the
 * day, the best record there is.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table order_tax_refunds (
      id bigint generated always as identity primary key,
      order_id text not null references orders(id),
      store_id text not null references stores(id),
      refunded_at timestamptz not null default now(),
      lines jsonb not null
    )`.execute(db);
  await sql`create index order_tax_refunds_store_day on order_tax_refunds (store_id, refunded_at)`.execute(
    db,
  );
  await sql`
    insert into order_tax_refunds (order_id, store_id, refunded_at, lines)
    select id, store_id, updated_at, tax_refunded from orders where tax_refunded <> '[]'::jsonb`.execute(db);
}
