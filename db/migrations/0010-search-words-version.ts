import { type Kysely, sql } from "kysely";

/**
 * Search corrects typos against a vocabulary of the words in the products' titles, brand names and category
 * names, held in process (server/modules/search/spelling-vocabulary.ts), only for products a shopper may find
 * (not disabled, not an engraved copy). facet_attributes_version (migration 0008) becomes its clock too: a
 * transaction that changes one of those columns moves it on once, at commit, as for the facet attributes, so a
 * search that sees the change also sees that its vocabulary is older. Inserts, deletes and truncates already
 * move it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger products_facet_attributes_update on products`.execute(db);
  await sql`
    create constraint trigger products_facet_attributes_update
    after update of default_category, brand_id, volume_label, country, title, brand_name, category_text, disabled,
      etch_of on products
    deferrable initially deferred
    for each row
    when ((old.default_category, old.brand_id, old.volume_label, old.country, old.title, old.brand_name,
        old.category_text, old.disabled, old.etch_of)
      is distinct from (new.default_category, new.brand_id, new.volume_label, new.country, new.title,
        new.brand_name, new.category_text, new.disabled, new.etch_of))
    execute function facet_attributes_changed()`.execute(db);
}
