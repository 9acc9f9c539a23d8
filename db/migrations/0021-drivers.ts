import { type Kysely, sql } from "kysely";

/**
 * Drivers (server/modules/drivers; docs/adr/0031-driver-view.md): who carries an order (a staff member of its
 * store, set when it is sent out), where they last reported being, the arrival that position gives, and the
 * tracking state the shopper reads.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table orders
      add column driver_id text references users(id),
      add column driver_position jsonb,
      add column driver_eta_at timestamptz,
      add column tracking_state text`.execute(db);
  await sql`create index orders_by_driver on orders (driver_id, order_status) where driver_id is not null`.execute(
    db,
  );
}
