import type { Insertable } from "kysely";
import type { BrandsTable, CategoriesTable, CitiesTable, ProductsTable, StoresTable } from "#db/schema.ts";
import { slugify } from "#domain/slug.ts";
import type { Db } from "#server/platform/db.ts";

/**
 * Small catalogue factories for tests: each inserts one row with sensible defaults and returns it.
 * Ids count up per process so rows never collide inside one test database.
 */
let counter = 0;
const next = () => ++counter;

export async function createCity(db: Db, over: Partial<Insertable<CitiesTable>> = {}) {
  const n = next();
  const name = over.name ?? `Testville ${n}`;
  const row: Insertable<CitiesTable> = {
    code: `C${n}`,
    name,
    state: "NY",
    slug: slugify(name),
    zone: 1,
    lat: 40.7128,
    lng: -74.006,
    timezone: "America/New_York",
    intro: `Delivery in ${name}.`,
    ...over,
  };
  await db.insertInto("cities").values(row).execute();
  return row;
}

export async function createStore(db: Db, over: Partial<Insertable<StoresTable>> = {}) {
  const n = next();
  const row: Insertable<StoresTable> = {
    id: `store-${n}`,
    name: `Test Store ${n}`,
    address: `${n} Main St`,
    lat: 40.7128,
    lng: -74.006,
    timezone: "America/New_York",
    hours: JSON.stringify({}),
    ...over,
  };
  await db.insertInto("stores").values(row).execute();
  return row;
}

export async function createCategory(db: Db, over: Partial<Insertable<CategoriesTable>> = {}) {
  const n = next();
  const urlName = over.url_name ?? `category-${n}`;
  const name = over.name ?? urlName;
  const row: Insertable<CategoriesTable> = {
    id: `cat-${urlName}`,
    name,
    web_display_name: name,
    url_name: urlName,
    tag: `T${n}`,
    product_tags: [`T${n}`],
    ordinal: null,
    parent_id: null,
    root_category_display: "WEB_MAIN",
    ...over,
  };
  await db.insertInto("categories").values(row).execute();
  return row;
}

export async function createBrand(db: Db, name: string, over: Partial<Insertable<BrandsTable>> = {}) {
  return db
    .insertInto("brands")
    .values({ name, slug: slugify(name), ...over })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export interface ProductSpec extends Partial<Insertable<ProductsTable>> {
  /** Brand row to attach (sets brand_id and brand_name). */
  brand?: { id: number; name: string };
}

export async function createProduct(db: Db, spec: ProductSpec = {}) {
  const n = next();
  const { brand, ...over } = spec;
  const title = over.title ?? `Test Product ${n}`;
  const row: Insertable<ProductsTable> = {
    sku_id: `NC-${n}-750`,
    title,
    brand_id: brand?.id ?? null,
    brand_name: brand?.name ?? null,
    volume_ml: 750,
    volume_label: "750 mL",
    tags: ["WS"],
    default_category: "whiskey",
    variant_group: `vg-${n}`,
    regular_price_cents: 2999,
    image: "/images/products/bottle.svg",
    source: "curated",
    source_ref: `test-${n}`,
    ...over,
  };
  await db.insertInto("products").values(row).execute();
  return row;
}

/** Puts a product on a store's shelf. */
export async function stock(
  db: Db,
  storeId: string,
  skuId: string,
  priceCents: number,
  over: { stock?: number; package_item_price_cents?: number | null } = {},
) {
  await db
    .insertInto("inventory")
    .values({
      store_id: storeId,
      sku_id: skuId,
      price_cents: priceCents,
      package_item_price_cents: over.package_item_price_cents ?? null,
      stock: over.stock ?? 24,
    })
    .execute();
}
