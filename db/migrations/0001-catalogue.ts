import { type Kysely, sql } from "kysely";

/** Catalogue: categories, brands, products (with full-text and trigram search), cities, stores, inventory. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create extension if not exists pg_trgm`.execute(db);
  await sql`
    create table categories (
      id text primary key,
      name text not null,
      web_display_name text not null,
      url_name text not null unique,
      tag text not null,
      product_tags text[] not null,
      ordinal int,
      parent_id text references categories(id),
      is_tobacco boolean not null default false,
      icon text,
      image text,
      root_category_display text not null
        check (root_category_display in ('WEB_MAIN', 'WEB_SUB', 'WEB_SUB_HEADER', 'WEB_STOREFRONT')),
      description text
    )`.execute(db);
  await sql`
    create table brands (
      id serial primary key,
      name text not null unique,
      slug text not null unique,
      has_tobacco boolean not null default false
    )`.execute(db);
  await sql`
    create table products (
      sku_id text primary key,
      title text not null,
      subtitle text,
      company text,
      brand_id int references brands(id),
      brand_name text,
      type text,
      country text,
      volume_ml int,
      volume_label text,
      package_qty int not null default 1 check (package_qty >= 1),
      abv real,
      tags text[] not null,
      default_category text not null,
      variant_group text not null,
      regular_price_cents int not null check (regular_price_cents >= 0),
      image text not null,
      description text,
      upc text,
      source text not null,
      source_ref text not null,
      disabled boolean not null default false,
      is_tobacco boolean not null default false,
      etch_of text references products(sku_id),
      average_rating real,
      rating_count int not null default 0,
      category_text text not null default '',
      search tsvector generated always as (
        setweight(to_tsvector('english', title), 'A') ||
        setweight(to_tsvector('english', coalesce(brand_name, '')), 'B') ||
        setweight(to_tsvector('english', category_text), 'C')
      ) stored
    )`.execute(db);
  await sql`create index products_search_idx on products using gin (search)`.execute(db);
  await sql`create index products_title_trgm_idx on products using gin (title gin_trgm_ops)`.execute(db);
  await sql`create index products_tags_idx on products using gin (tags)`.execute(db);
  await sql`create index products_brand_idx on products (brand_id)`.execute(db);
  await sql`create index products_variant_idx on products (variant_group)`.execute(db);
  await sql`create index brands_name_trgm_idx on brands using gin (name gin_trgm_ops)`.execute(db);
  await sql`
    create table cities (
      code text primary key,
      name text not null,
      state text not null,
      slug text not null unique,
      zone int not null,
      lat double precision not null,
      lng double precision not null,
      timezone text not null,
      intro text not null default ''
    )`.execute(db);
  await sql`
    create table stores (
      id text primary key,
      name text not null,
      city_code text references cities(code),
      address text not null,
      lat double precision not null,
      lng double precision not null,
      timezone text not null,
      is_shipping boolean not null default false,
      is_default boolean not null default false,
      min_order_cents int not null default 0,
      delivery_fee_cents int not null default 0,
      eta_minutes int not null default 30,
      hours jsonb not null default '{}'::jsonb,
      zone jsonb,
      price_factor real not null default 1
    )`.execute(db);
  await sql`
    create table inventory (
      store_id text not null references stores(id),
      sku_id text not null references products(sku_id),
      price_cents int not null check (price_cents >= 0),
      package_item_price_cents int check (package_item_price_cents >= 0),
      stock int not null check (stock >= 0),
      primary key (store_id, sku_id)
    )`.execute(db);
  await sql`create index inventory_sku_idx on inventory (sku_id)`.execute(db);
  await sql`
    create table seed_runs (
      name text primary key,
      checksum text not null,
      applied_at timestamptz not null default now()
    )`.execute(db);
}
