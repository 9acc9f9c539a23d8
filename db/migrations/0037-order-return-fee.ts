import { type Kysely, sql } from "kysely";

/**
 * The return fee an order was placed under (issue 33 §4): the checkout page writes the store's fee before the
 * shopper pays, so a refusal at the door keeps that fee, not whatever the store set since. Orders placed before
 * this column take their store's fee of today, the best record there is.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table orders
      add column return_fee integer not null default 0 constraint orders_return_fee_positive check (return_fee >= 0)`.execute(
    db,
  );
  await sql`
    update orders set return_fee = stores.return_fee_cents
    from stores where stores.id = orders.store_id and not orders.shipping`.execute(db);
}
