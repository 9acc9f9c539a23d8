import { type Kysely, sql } from "kysely";

/**
 * Substitutions (server/modules/substitutions; docs/adr/0029-substitutions.md): the lines a store found short
 * while picking, with the replacements it suggests and the shopper's answer; the order's review status
 * (Proposed, then Viewing while the shopper looks, then Done).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table orders add column substitution_status text check (substitution_status in ('Proposed', 'Viewing', 'Done'))`.execute(
    db,
  );
  await sql`
    create table order_substitutions (
      order_id text not null references orders(id),
      sku_id text not null,
      title text not null,
      quantity int not null check (quantity > 0),
      stock_level int not null check (stock_level >= 0 and stock_level < quantity),
      price int not null,
      suggestions text[] not null default '{}',
      answer jsonb,
      proposed_by text not null,
      proposed_at timestamptz not null default now(),
      answered_at timestamptz,
      primary key (order_id, sku_id)
    )`.execute(db);
}
