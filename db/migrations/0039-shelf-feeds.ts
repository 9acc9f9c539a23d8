import { type Kysely, sql } from "kysely";

/**
 * Shelf feeds (issue 34 §1, docs/adr/0070-shelf-feeds.md): a store's point-of-sale file as the console read it — its
 * dry run (the changes and their counts, exactly as reviewed) and how far applying it has gone, one batch at a time,
 * so an apply cut off resumes where it stopped. The store's latest feed also keeps how its file was read (the column
 * mapping, the Square location, the policy), which the next upload starts from.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table shelf_feeds (
      id text primary key,
      store_id text not null references stores(id),
      created_by text not null references users(id),
      created_at timestamptz not null default now(),
      layout text not null,
      mapping jsonb,
      square_location text,
      missing_policy text not null check (missing_policy in ('keep', 'zero', 'hide')),
      line_count integer not null,
      counts jsonb not null,
      changes jsonb not null,
      batches_total integer not null,
      batches_done integer not null default 0,
      status text not null default 'previewed' check (status in ('previewed', 'applying', 'applied')),
      applied_at timestamptz
    )`.execute(db);
  await sql`create index shelf_feeds_store on shelf_feeds (store_id, created_at desc)`.execute(db);
}
