import { type Kysely, sql } from "kysely";

/**
 * Checkouts cut off between reserving and settling are found by a sweep (server/modules/checkout/recover.ts), not
 * a job sent with each reservation: an index over the ones still processing, by age. The reservation is one
 * statement, outside a transaction when it has no promo or credit to take; `checkout_reserved` ends it with an
 * error (all its writes undone) unless the quoted cart was locked and every line's stock taken, telling which in
 * its detail (docs/adr/0044-checkout-throughput.md).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index checkouts_processing on checkouts (created_at) where state = 'processing'`.execute(
    db,
  );
  await sql`
    create function checkout_reserved(cart int, taken json, wanted int) returns json
    language plpgsql volatile as $$
    begin
      if cart <> 1 or json_array_length(taken) <> wanted then
        raise exception 'checkout not reserved'
          using errcode = 'NC409', detail = json_build_object('cart', cart, 'taken', taken)::text;
      end if;
      return taken;
    end $$`.execute(db);
}
