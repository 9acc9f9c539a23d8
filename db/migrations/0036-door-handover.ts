import { type Kysely, sql } from "kysely";

/**
 * The handover at the door (issue 33 §4, docs/adr/0062-the-handover-at-the-door.md):
 * - a store's return fee, kept of an order refused at the door (never more than its charge);
 * - the fee an order kept (`orders.kept_fee`), read by the payment's settlement;
 * - each store's compliance log: every ID check at the door, handover and refusal, and who made it. Rows are only
 *   ever added: the law asks for the record as it was made, kept for the state's period (domain/compliance/retention.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table stores
      add column return_fee_cents integer not null default 0
        constraint stores_return_fee_range check (return_fee_cents between 0 and 5000)`.execute(db);
  await sql`
    alter table orders
      add column kept_fee integer not null default 0 constraint orders_kept_fee_positive check (kept_fee >= 0)`.execute(
    db,
  );
  await sql`
    create table compliance_log (
      id bigint generated always as identity primary key,
      store_id text not null references stores(id),
      order_id text references orders(id),
      kind text not null check (kind in ('id_check', 'handover', 'refusal')),
      outcome text not null,
      detail jsonb not null default '{}',
      actor_id text not null references users(id),
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index compliance_log_store_time on compliance_log (store_id, created_at)`.execute(db);
  await sql`
    create function compliance_log_unchanged() returns trigger language plpgsql as $$
    begin
      raise exception 'the compliance log is only added to';
    end $$`.execute(db);
  await sql`
    create trigger compliance_log_unchanged before update or delete on compliance_log
      for each row execute function compliance_log_unchanged()`.execute(db);
}
