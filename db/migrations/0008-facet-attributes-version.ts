import { type Kysely, sql } from "kysely";

/**
 * Search counts its facets in process, over the matches' SKUs, from a dictionary of every product's facet
 * attributes (category, brand, volume, country). facet_attributes_version is that dictionary's clock: any
 * statement that inserts, deletes or truncates products, or changes one of those columns, moves it on in the
 * same transaction. A search reads it in its own snapshot, so it knows when the dictionary it holds is older
 * than the rows it found (server/modules/search/facet-dictionary.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table facet_attributes_version (version int not null)`.execute(db);
  await sql`create unique index facet_attributes_version_one_row on facet_attributes_version ((true))`.execute(
    db,
  );
  await sql`insert into facet_attributes_version values (0)`.execute(db);
  await sql`
    create function facet_attributes_changed() returns trigger
    language plpgsql as $$
    begin
      update facet_attributes_version set version = version + 1;
      return null;
    end $$`.execute(db);
  // Once per statement: a bulk load moves the clock once, not once per product.
  await sql`
    create trigger products_facet_attributes
    after insert or delete or update of default_category, brand_id, volume_label, country on products
    for each statement execute function facet_attributes_changed()`.execute(db);
  await sql`
    create trigger products_facet_attributes_truncate after truncate on products
    for each statement execute function facet_attributes_changed()`.execute(db);
}
