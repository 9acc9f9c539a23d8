import { type Kysely, sql } from "kysely";

/**
 * Taxes on orders (issue 33, docs/adr/0061-taxes-on-the-bill.md): the tax an order charges, its lines by goods line,
 * jurisdiction and tax type (what a filing sums), and the tax lines given back by refunds since.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table orders
    add column tax integer not null default 0 check (tax >= 0),
    add column tax_lines jsonb not null default '[]'::jsonb,
    add column tax_refunded jsonb not null default '[]'::jsonb`.execute(db);
}
