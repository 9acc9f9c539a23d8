import { type Kysely, sql } from "kysely";

/**
 * After the order (issue 15; docs/adr/0028-tips-feedback-reviews.md):
 * - a payment is either a checkout's (`purpose` 'checkout', its `checkout_id`) or an extra charge made after the
 *   order for one of the shopper's orders (a tip; later a substitution's price difference): `purpose`, `order_id`,
 *   and its own `idempotency_key` (a retry of the same charge finds it). `card_id`: the saved card it was paid
 *   with, so a later charge for the order goes on the same card;
 * - the tip after delivery (one per order) with its star rating, and the shopper's feedback on the order;
 * - product reviews by shoppers who bought the product (one per shopper and product); products' average_rating
 *   and rating_count follow them in the same transaction (the shelf's trigger carries them to search).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table payments
      add column purpose text not null default 'checkout',
      add column order_id text references orders(id),
      add column card_id text references cards(id),
      add column idempotency_key text unique,
      alter column checkout_id drop not null`.execute(db);
  await sql`
    alter table payments add constraint payments_purpose_shape check (
      (purpose = 'checkout' and checkout_id is not null)
      or (purpose <> 'checkout' and checkout_id is null and order_id is not null and idempotency_key is not null)
    )`.execute(db);
  await sql`create index payments_by_order on payments (order_id) where order_id is not null`.execute(db);

  await sql`
    create table order_tips (
      order_id text primary key references orders(id),
      user_id text not null references users(id),
      amount int not null check (amount >= 0),
      rating smallint check (rating between 1 and 5),
      status text not null check (status in ('rated', 'charging', 'charged', 'failed')),
      attempt int not null default 0,
      payment_id text references payments(id),
      failure text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);

  await sql`
    create table order_feedback (
      order_id text primary key references orders(id),
      user_id text not null references users(id),
      positive text[] not null default '{}',
      negative text[] not null default '{}',
      thumb text check (thumb in ('up', 'down')),
      notes text check (char_length(notes) <= 500),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);

  await sql`
    create table product_reviews (
      id bigint generated always as identity primary key,
      sku_id text not null references products(sku_id),
      user_id text not null references users(id),
      order_id text not null references orders(id),
      rating smallint not null check (rating between 1 and 5),
      text text check (char_length(text) <= 1000),
      author text not null,
      created_at timestamptz not null default now(),
      unique (sku_id, user_id)
    )`.execute(db);
  await sql`create index product_reviews_by_sku on product_reviews (sku_id, created_at desc, id desc)`.execute(
    db,
  );
}
