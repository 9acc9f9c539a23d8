import { type Kysely, sql } from "kysely";

/**
 * Checkout and orders (server/modules/promos, checkout, orders; docs/adr/0021-checkout-and-payments.md):
 * - promos, who redeemed them (one row per checkout, so a retry never counts twice), and each shopper's list of
 *   codes (spec §7 GET /promos);
 * - store credit as a ledger of entries (granted, spent, refunded, expired), never a balance overwritten;
 * - the cart's choices for checkout: its promo, whether to use credit, the round-up;
 * - checkouts: one row per checkout id (the user id plus a timestamp, spec §7), holding the request's fingerprint
 *   and its answer, so a retry or a double click gets the same order;
 * - orders (one per store of a split cart, all under one payment), their lines, and their events (the truth of
 *   the order's life, with increasing ids for live tracking);
 * - gift claim links and the round-up organisations.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table promos (
      code text primary key check (code = upper(code)),
      kind text not null check (kind in ('percent', 'fixed', 'free_delivery', 'credit')),
      value int not null check (value >= 0),
      description text not null,
      min_subtotal int not null default 0,
      max_discount int,
      first_order_only boolean not null default false,
      starts_at timestamptz,
      expires_at timestamptz,
      max_uses int,
      max_uses_per_customer int,
      store_ids text[],
      tags text[],
      excluded_tags text[] not null default '{}',
      credit_valid_days int,
      active boolean not null default true,
      created_at timestamptz not null default now()
    )`.execute(db);
  // Spec §9: a signup promo code with a five-off offer exists (domain/accounts/signup-offer.ts).
  await sql`
    insert into promos (code, kind, value, description, first_order_only, max_uses_per_customer)
    values ('FIVEOFF', 'fixed', 500, '$5 off your first order', true, 1)`.execute(db);
  await sql`
    create table promo_redemptions (
      id bigint generated always as identity primary key,
      code text not null references promos(code),
      user_id text not null references users(id),
      checkout_id text not null,
      amount int not null,
      created_at timestamptz not null default now(),
      unique (code, checkout_id)
    )`.execute(db);
  await sql`create index promo_redemptions_by_user on promo_redemptions (code, user_id)`.execute(db);
  await sql`
    create table user_promos (
      user_id text not null references users(id),
      code text not null references promos(code),
      added_at timestamptz not null default now(),
      primary key (user_id, code)
    )`.execute(db);

  await sql`
    create table credit_entries (
      id bigint generated always as identity primary key,
      user_id text not null references users(id),
      kind text not null check (kind in ('granted', 'spent', 'refunded', 'expired')),
      amount int not null check (amount > 0),
      expires_at timestamptz,
      reason text not null,
      promo_code text references promos(code),
      checkout_id text,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index credit_entries_by_user on credit_entries (user_id, id)`.execute(db);
  // A credit code grants once per shopper; a checkout spends once.
  await sql`create unique index credit_granted_once on credit_entries (user_id, promo_code) where kind = 'granted' and promo_code is not null`.execute(
    db,
  );
  await sql`create unique index credit_spent_once on credit_entries (checkout_id) where kind = 'spent'`.execute(
    db,
  );

  await sql`
    alter table carts
      add column promo_code text references promos(code),
      add column promo_removed boolean not null default false,
      add column use_credit boolean not null default false,
      add column credit_limit int,
      add column round_up boolean not null default false`.execute(db);

  await sql`
    create table round_up_orgs (
      id text primary key,
      name text not null,
      description text not null,
      active boolean not null default true
    )`.execute(db);
  // The causes a shopper can round up for (spec §1: "a round-up donation to an organisation"); the store's own
  // choice, changed by staff later.
  await sql`
    insert into round_up_orgs (id, name, description) values
      ('food-bank', 'Neighborhood Food Bank', 'Meals for neighbors in the cities we deliver to.'),
      ('safe-rides', 'Safe Rides Home', 'Free rides home for people who should not drive.'),
      ('hospitality-relief', 'Hospitality Workers Relief', 'Support for bar and restaurant workers in hard times.')`.execute(
    db,
  );

  await sql`
    create table checkouts (
      id text primary key,
      user_id text not null references users(id),
      fingerprint text not null,
      state text not null check (state in ('processing', 'requires_action', 'completed', 'failed')),
      payment_id text references payments(id),
      origin text not null,
      answer jsonb,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);

  await sql`create sequence order_numbers start 100001`.execute(db);
  await sql`
    create table orders (
      id text primary key,
      order_number bigint not null unique default nextval('order_numbers'),
      checkout_id text not null references checkouts(id),
      user_id text not null references users(id),
      store_id text not null references stores(id),
      shipping boolean not null,
      order_status int not null,
      shipping_status text,
      failed_status jsonb,
      payment_id text not null references payments(id),
      subtotal int not null,
      delivery_fee int not null,
      shipping_fee int not null,
      shipping_name text,
      discount int not null,
      tip int not null,
      credit int not null,
      round_up int not null,
      round_up_org_id text references round_up_orgs(id),
      total int not null,
      line_items jsonb not null,
      promo_code text,
      delivery_address_detail jsonb not null,
      delivery_notes text,
      scheduled jsonb,
      eta_minutes int,
      is_gift boolean not null default false,
      gift_info jsonb,
      recipient_note text,
      version int not null default 0,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      unique (checkout_id, store_id)
    )`.execute(db);
  await sql`create index orders_by_user on orders (user_id, created_at desc)`.execute(db);
  await sql`create index orders_by_store_status on orders (store_id, order_status)`.execute(db);
  await sql`
    create table order_lines (
      id bigint generated always as identity primary key,
      order_id text not null references orders(id),
      sku_id text not null,
      title text not null,
      subtitle text,
      image text not null,
      url text not null,
      qty int not null check (qty > 0),
      price int not null,
      subtotal int not null,
      engraving jsonb,
      substitution_preference text not null,
      is_tobacco boolean not null
    )`.execute(db);
  await sql`create index order_lines_by_order on order_lines (order_id, id)`.execute(db);
  await sql`
    create table order_events (
      id bigint generated always as identity primary key,
      order_id text not null references orders(id),
      type text not null,
      from_status int,
      to_status int,
      data jsonb not null default '{}',
      actor text not null,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index order_events_by_order on order_events (order_id, id)`.execute(db);
  await sql`
    create table gift_claims (
      id text primary key,
      order_id text not null unique references orders(id),
      token_hash text not null unique,
      expires_at timestamptz not null,
      claimed_at timestamptz
    )`.execute(db);
}
