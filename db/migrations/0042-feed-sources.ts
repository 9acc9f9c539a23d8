import { type Kysely, sql } from "kysely";

/**
 * Scheduled shelf feeds (issue 34 §1, docs/adr/0073-scheduled-shelf-feeds.md): per store, one HTTPS address its
 * point-of-sale file is fetched from, how the file is read (as an upload's settings), its credentials sealed
 * (AES-256-GCM, never stored in clear), how often it is fetched and whether a fetched dry run is applied at once,
 * and what the last fetch did. `claimed_until` is the lease of the instance fetching it now.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table feed_sources (
      store_id text primary key references stores(id),
      url text not null check (url like 'https://%' or url like 'http://%'),
      layout text not null check (layout in ('square', 'generic')),
      mapping jsonb,
      square_location text,
      missing_policy text not null check (missing_policy in ('keep', 'zero', 'hide')),
      credentials_kind text check (credentials_kind in ('basic', 'bearer')),
      credentials_sealed text,
      every_hours integer not null check (every_hours between 1 and 24),
      auto_apply boolean not null default false,
      set_by text not null references users(id),
      updated_at timestamptz not null default now(),
      next_fetch_at timestamptz not null,
      claimed_until timestamptz,
      last_fetch_at timestamptz,
      last_result text check (last_result in ('previewed', 'applied', 'failed')),
      last_error text,
      last_feed_id text references shelf_feeds(id),
      check ((credentials_kind is null) = (credentials_sealed is null))
    )`.execute(db);
  await sql`create index feed_sources_due on feed_sources (next_fetch_at)`.execute(db);
}
