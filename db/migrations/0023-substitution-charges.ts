import { type Kysely, sql } from "kysely";

/**
 * Substitutions that cost more (docs/adr/0029-substitutions.md): the difference is a charge of its own after the
 * order (`payments.purpose` 'substitution'); `orders.extra_charged` is the part of the order's total paid that way,
 * so the checkout payment's one capture still takes only the order's own share.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table orders add column extra_charged int not null default 0 check (extra_charged >= 0)`.execute(
    db,
  );
}
