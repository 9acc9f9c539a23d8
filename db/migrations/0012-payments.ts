import { type Kysely, sql } from "kysely";

/**
 * Our side of payments (server/modules/payments): the provider's customer for each user (spec §3 stripeCustID),
 * saved cards as the provider's ids with what a shopper recognises them by (brand, last four, expiry; never the
 * number), and each payment as a ledger of operations (DESIGN §5): authorised, captured and refunded amounts are
 * sums of rows, each written pending before the provider is called, with the idempotency key the call carried.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users add column payment_customer_id text`.execute(db);
  await sql`
    create table cards (
      id text primary key,
      user_id text not null references users(id),
      provider text not null,
      provider_card_id text not null,
      brand text not null,
      last4 text not null,
      exp_month int not null,
      exp_year int not null,
      country text,
      is_primary boolean not null default false,
      created_at timestamptz not null default now(),
      removed_at timestamptz,
      unique (provider, provider_card_id)
    )`.execute(db);
  await sql`create unique index cards_one_primary on cards (user_id) where is_primary and removed_at is null`.execute(
    db,
  );
  await sql`create index cards_by_user on cards (user_id, created_at desc) where removed_at is null`.execute(
    db,
  );

  await sql`
    create table payments (
      id text primary key,
      checkout_id text not null unique,
      user_id text not null references users(id),
      provider text not null,
      provider_intent_id text unique,
      method text not null check (method in ('card', 'applePay', 'googlePay', 'none')),
      amount int not null check (amount >= 0),
      currency text not null default 'usd',
      card_brand text,
      card_last4 text,
      failure_message text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`
    create table payment_operations (
      id bigint generated always as identity primary key,
      payment_id text not null references payments(id),
      kind text not null check (kind in ('authorisation', 'capture', 'refund', 'void')),
      amount int not null check (amount >= 0),
      status text not null check (status in ('pending', 'succeeded', 'failed')),
      idempotency_key text not null unique,
      provider_ref text,
      failure text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index payment_operations_by_payment on payment_operations (payment_id, id)`.execute(db);
}
