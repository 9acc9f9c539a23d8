import { type Kysely, sql } from "kysely";

/**
 * A tip may be paid with a new card the shopper does not save (docs/adr/0052-tips-on-the-shoppers-card.md): the
 * charge keeps the provider's one-off token (never card details), so a request carrying it on after a lost answer
 * asks the provider exactly what the first asked under the same idempotency key.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table payments add column source_token text`.execute(db);
}
