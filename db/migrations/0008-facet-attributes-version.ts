import { type Kysely, sql } from "kysely";

/**
 * Search counts its facets in process, over the matches' SKUs, from a dictionary of every product's facet
 * attributes (category, brand, volume, country). facet_attributes_version is that dictionary's clock: a
 * transaction that inserts or deletes products, or changes one of those columns, moves it on once, as it
 * commits. A search reads it in its own snapshot, so it knows when the dictionary it holds is older than the
 * rows it found (server/modules/search/facet-dictionary.ts).
 *
 * The counter row is written at commit (deferred constraint triggers), not by each statement: a writer then
 * holds its lock only while committing, never while it waits for a product row another writer holds, so two
 * catalogue edits cannot deadlock on it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table facet_attributes_version (version int not null)`.execute(db);
  await sql`create unique index facet_attributes_version_one_row on facet_attributes_version ((true))`.execute(
    db,
  );
  await sql`insert into facet_attributes_version values (0)`.execute(db);
  // Once per transaction, however many rows it changed: the first call marks the transaction (a setting local
  // to it), the others return.
  await sql`
    create function facet_attributes_changed() returns trigger
    language plpgsql as $$
    begin
      if current_setting('nightcap.facet_attributes_moved', true) = 'yes' then return null; end if;
      perform set_config('nightcap.facet_attributes_moved', 'yes', true);
      update facet_attributes_version set version = version + 1;
      return null;
    end $$`.execute(db);
  await sql`
    create constraint trigger products_facet_attributes_insert_delete after insert or delete on products
    deferrable initially deferred
    for each row execute function facet_attributes_changed()`.execute(db);
  await sql`
    create constraint trigger products_facet_attributes_update
    after update of default_category, brand_id, volume_label, country on products
    deferrable initially deferred
    for each row
    when ((old.default_category, old.brand_id, old.volume_label, old.country)
      is distinct from (new.default_category, new.brand_id, new.volume_label, new.country))
    execute function facet_attributes_changed()`.execute(db);
  // TRUNCATE has no row triggers; it locks the whole table anyway.
  await sql`
    create trigger products_facet_attributes_truncate after truncate on products
    for each statement execute function facet_attributes_changed()`.execute(db);
}
