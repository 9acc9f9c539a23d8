import { type Kysely, sql } from "kysely";

/**
 * Statements and payouts (issue 34 §3, docs/adr/0072-statements-and-payouts.md): each store's terms (commission),
 * the money events read from its orders' ledger (recorded once each, dated in the store's time zone), the closed
 * weekly statements (one per store and period; the database refuses any change to one), the payouts made on them
 * (one per statement), the stores' payout accounts (a Stripe connected account), and the sandbox payout provider's
 * transfers. A promo says who funds its discount (the platform, by default, or the store).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table promos add column funded_by text not null default 'platform'
    check (funded_by in ('platform', 'store'))`.execute(db);
  await sql`
    create table store_terms (
      store_id text primary key references stores(id),
      commission_ppm integer not null check (commission_ppm between 0 and 1000000),
      commission_per_order integer not null check (commission_per_order >= 0),
      updated_by text,
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`
    create table statements (
      id text primary key,
      store_id text not null references stores(id),
      period_from date not null,
      period_to date not null,
      lines jsonb not null,
      event_ids jsonb not null,
      net_payable integer not null,
      terms jsonb not null,
      closed_at timestamptz not null default now(),
      unique (store_id, period_from),
      check (period_from <= period_to)
    )`.execute(db);
  // A closed statement never changes (issue 34 §3): the database refuses it too.
  await sql`
    create function statements_unchanged() returns trigger language plpgsql as $$
    begin
      raise exception 'a closed statement never changes';
    end $$`.execute(db);
  await sql`
    create trigger statements_unchanged before update or delete on statements
      for each row execute function statements_unchanged()`.execute(db);
  await sql`
    create table statement_events (
      id text primary key,
      store_id text not null references stores(id),
      order_id text not null references orders(id),
      day date not null,
      event jsonb not null,
      statement_id text references statements(id),
      recorded_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index statement_events_store_day on statement_events (store_id, day)`.execute(db);
  await sql`create index statement_events_open on statement_events (store_id) where statement_id is null`.execute(
    db,
  );
  await sql`
    create table payout_accounts (
      store_id text primary key references stores(id),
      provider text not null,
      account_id text not null,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`
    create table payouts (
      id text primary key,
      statement_id text not null unique references statements(id),
      store_id text not null references stores(id),
      provider text not null,
      amount integer not null check (amount >= 0),
      status text not null check (status in ('pending', 'paid', 'nothing_due', 'failed')),
      provider_ref text,
      failure text,
      attempts integer not null default 0,
      created_at timestamptz not null default now(),
      paid_at timestamptz
    )`.execute(db);
  await sql`
    create table sandbox_transfers (
      id text primary key,
      idempotency_key text not null unique,
      account_id text not null,
      amount integer not null,
      created_at timestamptz not null default now()
    )`.execute(db);
}
