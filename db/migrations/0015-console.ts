import { type Kysely, sql } from "kysely";

/**
 * The store console (server/modules/console; docs/adr/0025-capture-once-per-checkout.md):
 * - what each order put into the payment's one capture (`orders.captured`), so a later cancel or refund gives
 *   back that order's share and no more;
 * - which order a refund belongs to (`payment_operations.order_id`);
 * - the console's audit trail: every staff action, who, when, and the order before and after.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table orders add column captured int not null default 0 check (captured >= 0)`.execute(db);
  await sql`alter table payment_operations add column order_id text references orders(id)`.execute(db);
  await sql`create index payment_operations_by_order on payment_operations (order_id) where order_id is not null`.execute(
    db,
  );
  await sql`
    create table console_audit (
      id bigint generated always as identity primary key,
      actor_id text not null references users(id),
      store_id text references stores(id),
      order_id text references orders(id),
      action text not null,
      detail jsonb not null default '{}',
      before jsonb,
      after jsonb,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index console_audit_by_order on console_audit (order_id, id)`.execute(db);
}
