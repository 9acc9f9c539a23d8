import { type Kysely, sql } from "kysely";

/**
 * Carts, stored server-side and keyed by their owner ("user:{id}" or "anon:{id}"), so every app instance
 * sees the same cart and a signed-in shopper's cart follows them. One line per (store, SKU, engraving):
 * the unique key is the merge rule of spec §5, per store.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table carts (
      id text primary key,
      owner text not null unique,
      split boolean not null default false,
      multi_store_id text,
      shipping_name text,
      recommendations text[] not null default '{}',
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`
    create table cart_lines (
      id text primary key,
      cart_id text not null references carts(id) on delete cascade,
      seq bigint generated always as identity,
      store_id text not null references stores(id),
      sku_id text not null references products(sku_id),
      qty int not null check (qty > 0),
      line_1 text not null default '',
      line_2 text not null default '',
      line_3 text not null default '',
      substitution_preference text not null default 'substitute'
        check (substitution_preference in ('substitute', 'refund')),
      group_mapping text,
      unique (cart_id, store_id, sku_id, line_1, line_2, line_3)
    )`.execute(db);
}
