import { type Kysely, sql } from "kysely";

/**
 * The built-in sandbox card provider's own storage (server/platform/payments/sandbox), kept apart from ours by the
 * sandbox_ prefix: what a real provider keeps on its side. A card is kept as its brand, last four digits, expiry
 * and how the test number behaves, never as its number.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table sandbox_customers (
      id text primary key,
      reference text not null unique,
      email text not null,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`
    create table sandbox_cards (
      id text primary key,
      kind text not null check (kind in ('token', 'payment_method')),
      customer_id text references sandbox_customers(id),
      brand text not null,
      last4 text not null,
      exp_month int not null,
      exp_year int not null,
      behaviour jsonb not null,
      used_at timestamptz,
      detached_at timestamptz,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`
    create table sandbox_intents (
      id text primary key,
      amount int not null check (amount >= 0),
      currency text not null,
      customer_id text references sandbox_customers(id),
      card_id text not null references sandbox_cards(id),
      status text not null,
      amount_capturable int not null default 0,
      amount_received int not null default 0,
      failure_code text,
      failure_message text,
      return_url text not null,
      description text not null,
      metadata jsonb not null default '{}',
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`
    create table sandbox_refunds (
      id text primary key,
      intent_id text not null references sandbox_intents(id),
      amount int not null check (amount > 0),
      created_at timestamptz not null default now()
    )`.execute(db);
  // Every call that changes something answers a repeat of its idempotency key with its first answer.
  await sql`
    create table sandbox_idempotency (
      key text primary key,
      answer jsonb not null,
      created_at timestamptz not null default now()
    )`.execute(db);
}
