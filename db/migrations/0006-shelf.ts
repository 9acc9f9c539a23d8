import { type Kysely, sql } from "kysely";

/**
 * The shelf: one row per product a store sells and a shopper may find (not disabled, not an engraved copy),
 * with what search and listings filter, sort and facet on, the store's price and the full-text vector.
 * It is derived from inventory ⋈ products and kept true by the database itself (triggers below), so a
 * search reads one table through one index instead of joining ~2,000 text matches to a 13,000-row shelf
 * (see ADR 0009). `shelf_source` is the single definition of what belongs on it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // GIN over (store_id, search): one index scan finds a store's matches. btree_gin is a trusted extension.
  await sql`create extension if not exists btree_gin`.execute(db);
  await sql`
    create view shelf_source as
    select i.store_id, i.sku_id, i.price_cents, p.title, p.default_category, p.brand_id, p.volume_label,
      p.country, p.rating_count, p.average_rating, p.is_tobacco, p.tags, p.search
    from inventory i
    join products p on p.sku_id = i.sku_id
    where not p.disabled and p.etch_of is null`.execute(db);
  await sql`
    create table shelf (
      store_id text not null,
      sku_id text not null,
      price_cents int not null,
      title text not null,
      default_category text not null,
      brand_id int,
      volume_label text,
      country text,
      rating_count int not null,
      average_rating real,
      is_tobacco boolean not null,
      tags text[] not null,
      search tsvector not null,
      primary key (store_id, sku_id)
    )`.execute(db);
  // Brings shelf rows in line with shelf_source: upserts what changed, deletes what no longer belongs; rows
  // already right are not rewritten. shelf_sync: one SKU's rows (in one store, or in all when p_store is null);
  // shelf_sync_all: the whole shelf, after a bulk load.
  const upsertChanged = sql.raw(`
      on conflict (store_id, sku_id) do update set
        price_cents = excluded.price_cents, title = excluded.title, default_category = excluded.default_category,
        brand_id = excluded.brand_id, volume_label = excluded.volume_label, country = excluded.country,
        rating_count = excluded.rating_count, average_rating = excluded.average_rating,
        is_tobacco = excluded.is_tobacco, tags = excluded.tags, search = excluded.search
      where (shelf.*) is distinct from (excluded.*)`);
  await sql`
    create function shelf_sync(p_sku text, p_store text default null) returns void
    language plpgsql as $$
    begin
      insert into shelf
      select * from shelf_source s where s.sku_id = p_sku and (p_store is null or s.store_id = p_store)
      ${upsertChanged};
      delete from shelf sh
      where sh.sku_id = p_sku and (p_store is null or sh.store_id = p_store)
        and not exists (select 1 from shelf_source s where s.store_id = sh.store_id and s.sku_id = sh.sku_id);
    end $$`.execute(db);
  await sql`
    create function shelf_sync_all() returns void
    language plpgsql as $$
    begin
      insert into shelf select * from shelf_source ${upsertChanged};
      delete from shelf sh
      where not exists (select 1 from shelf_source s where s.store_id = sh.store_id and s.sku_id = sh.sku_id);
    end $$`.execute(db);

  // Bulk loads (the catalogue seed) set nightcap.bulk_catalogue_load for their transaction and sync the whole
  // shelf once at the end instead of row by row.
  await sql`
    create function shelf_on_inventory() returns trigger
    language plpgsql as $$
    begin
      if current_setting('nightcap.bulk_catalogue_load', true) = 'on' then return null; end if;
      if tg_op in ('UPDATE', 'DELETE') then perform shelf_sync(old.sku_id, old.store_id); end if;
      if tg_op in ('INSERT', 'UPDATE') then perform shelf_sync(new.sku_id, new.store_id); end if;
      return null;
    end $$`.execute(db);
  // Stock is not on the shelf: a sale (stock update) does not touch it.
  await sql`
    create trigger inventory_shelf after insert or delete or update of store_id, sku_id, price_cents
    on inventory for each row execute function shelf_on_inventory()`.execute(db);

  await sql`
    create function shelf_on_product() returns trigger
    language plpgsql as $$
    begin
      if current_setting('nightcap.bulk_catalogue_load', true) = 'on' then return null; end if;
      perform shelf_sync(new.sku_id);
      return null;
    end $$`.execute(db);
  await sql`
    create trigger products_shelf after update of title, brand_name, category_text, default_category, brand_id,
      volume_label, country, rating_count, average_rating, is_tobacco, tags, disabled, etch_of
    on products for each row execute function shelf_on_product()`.execute(db);

  // Databases seeded before the shelf existed: fill it now, before its indexes (one bulk build each).
  await sql`select shelf_sync_all()`.execute(db);
  // Written rarely, read on every search: entries go straight into the indexes (see 0003-search-indexes).
  await sql`create index shelf_search_idx on shelf using gin (store_id, search) with (fastupdate = off)`.execute(
    db,
  );
  await sql`create index shelf_tags_idx on shelf using gin (store_id, tags) with (fastupdate = off)`.execute(
    db,
  );
  await sql`create index shelf_sku_idx on shelf (sku_id)`.execute(db);
}
