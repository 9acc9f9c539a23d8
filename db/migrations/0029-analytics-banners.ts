import { type Kysely, sql } from "kysely";

/**
 * Analytics and banners (issue 17; docs/adr/0036-analytics-and-banners.md):
 * - `analytics_events`: what `POST /e` accepted, one row per event or page view, appended only. `visitor` is who
 *   the funnel counts (the anonymous visitor, kept while signed in; else the account);
 * - `banners`: our own placements (spec §3 Banner placement), made, scheduled and targeted by staff;
 * - `banner_events`: impressions and clicks, at most one of each per banner and page view (the key says so).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table analytics_events (
      id bigserial primary key,
      kind text not null check (kind in ('track', 'page')),
      name text not null,
      visitor text not null,
      anonymous_id text,
      user_id text,
      platform text not null,
      path text,
      properties jsonb not null default '{}',
      occurred_at timestamptz not null,
      received_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index analytics_events_by_name on analytics_events (name, occurred_at)`.execute(db);

  await sql`
    create table banners (
      id text primary key,
      title text not null,
      body text not null default '',
      image_url text,
      link text not null,
      location text not null check (location in ('category', 'storefront')),
      categories text[] not null default '{}',
      after_row_of_result int not null check (after_row_of_result >= 0),
      active boolean not null default true,
      starts_at timestamptz,
      ends_at timestamptz,
      created_by text not null references users(id),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      check (ends_at is null or starts_at is null or ends_at > starts_at)
    )`.execute(db);

  await sql`
    create table banner_events (
      banner_id text not null references banners(id) on delete cascade,
      kind text not null check (kind in ('impression', 'click')),
      page_view text not null,
      visitor text,
      created_at timestamptz not null default now(),
      primary key (banner_id, kind, page_view)
    )`.execute(db);
}
