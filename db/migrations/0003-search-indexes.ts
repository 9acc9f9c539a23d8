import { type Kysely, sql } from "kysely";

/** GIN indexes of the catalogue: full text, trigram (title, brand name) and tags. */
const GIN_INDEXES = [
  "products_search_idx",
  "products_title_trgm_idx",
  "products_tags_idx",
  "brands_name_trgm_idx",
];

/** Indexes the catalogue and search queries lean on (checked with EXPLAIN on the seeded catalogue). */
export async function up(db: Kysely<unknown>): Promise<void> {
  // GIN's fast-update pending list is only merged by (auto)vacuum, which PGlite never runs: after the seed
  // every search scanned a multi-megabyte unsorted list (50 ms instead of 0.5 ms). The catalogue is written
  // rarely and read constantly, so entries go straight into the index.
  for (const index of GIN_INDEXES) {
    await sql`alter index ${sql.ref(index)} set (fastupdate = off)`.execute(db);
    await sql`select gin_clean_pending_list(${index}::regclass)`.execute(db);
  }
  // A product page looks up its engraved copy; only a few products have one.
  await sql`create index products_etch_of_idx on products (etch_of) where etch_of is not null`.execute(db);
  // A search joins its matches to the store's shelf: with the price in the index that is an index-only scan
  // (once vacuum has marked the pages all-visible; see refreshPlannerStatistics).
  await sql`create index inventory_shelf_idx on inventory (store_id, sku_id) include (price_cents)`.execute(
    db,
  );
  // min/max price across stores per product (every product card) become index-only probes.
  await sql`create index inventory_sku_price_idx on inventory (sku_id, price_cents)`.execute(db);
  await sql`drop index inventory_sku_idx`.execute(db);
  // "Similar" recommendations and the category filter select by default category.
  await sql`create index products_default_category_idx on products (default_category)`.execute(db);
}
