import { type Kysely, sql } from "kysely";

/**
 * A store's own codes mapped to catalogue products (issue 34 §1, docs/adr/0074-feed-code-maps.md): when the store
 * accepts a fuzzy match or names the product for a line nothing matched, its SKU (or, without one, its UPC) is
 * remembered, so its next file matches that line by itself. A feed keeps its file's text, so a review can be
 * previewed again with the store's choices without uploading the file again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table feed_code_maps (
      store_id text not null references stores(id),
      code_kind text not null check (code_kind in ('sku', 'upc')),
      code text not null,
      sku_id text not null references products(sku_id) on delete cascade,
      mapped_by text not null references users(id),
      mapped_at timestamptz not null default now(),
      primary key (store_id, code_kind, code)
    )`.execute(db);
  await sql`alter table shelf_feeds add column source_csv text`.execute(db);
}
