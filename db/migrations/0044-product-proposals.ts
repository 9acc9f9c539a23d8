import { type Kysely, sql } from "kysely";

/**
 * Products stores propose (issue 34 §1, docs/adr/0075-product-proposals.md): a line of their point-of-sale file the
 * catalogue does not have, as the store states it, until an administrator approves it into the catalogue (the new
 * product's SKU is kept) or rejects it (with why). One pending proposal per store and code.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table product_proposals (
      id text primary key,
      store_id text not null references stores(id),
      proposed_by text not null references users(id),
      proposed_at timestamptz not null default now(),
      title text not null check (length(title) between 2 and 200),
      upc text,
      store_sku text,
      size text,
      price_cents integer not null check (price_cents > 0),
      quantity integer not null check (quantity >= 0),
      note text,
      status text not null default 'pending' check (status in ('pending', 'approved', 'rejected')),
      decided_by text references users(id),
      decided_at timestamptz,
      decision_note text,
      sku_id text references products(sku_id)
    )`.execute(db);
  await sql`create index product_proposals_pending on product_proposals (status, proposed_at)`.execute(db);
  await sql`
    create unique index product_proposals_one_pending on product_proposals
      (store_id, coalesce(store_sku, ''), coalesce(upc, ''), lower(title)) where status = 'pending'`.execute(
    db,
  );
}
