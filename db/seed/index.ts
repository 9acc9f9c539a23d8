import { sql } from "kysely";
import { CATEGORY_ROWS } from "./categories.ts";
import { type InventoryRow, inventoryRowsFor } from "./inventory.ts";
import { buildCatalogue } from "./products.ts";
import { readSeedCode, readSourceFiles, resolveCatalogueDir, seedChecksum } from "./source-files.ts";
import { CITY_ROWS, STORE_SEEDS, storeRow } from "./stores.ts";
import { type Db, upsertJsonRows, withBulkGinLoad } from "./write.ts";

/** Bump to force a reseed everywhere (the checksum already follows the data files and the seed's code). */
export const SEED_VERSION = "catalogue-1";
const SEED_RUN_NAME = "catalogue";
/** Any constant: serialises concurrent seeders (several app processes starting against one PostgreSQL). */
const SEED_LOCK_KEY = 727_270_001;

export interface SeedOptions {
  /** Folder with the two price lists; defaults to CATALOGUE_DIR or the repository's data/catalogue. */
  dir?: string;
  /** Reseed even when the checksum matches the last run. */
  force?: boolean;
  log?: (message: string) => void;
}

export interface SeedResult {
  skipped: boolean;
  checksum: string;
  products: number;
  inventory: number;
  ms: number;
}

const defaultLog = (message: string) => {
  if (process.env.NODE_ENV !== "test" && !process.env.VITEST) console.info(message);
};

/**
 * Seeds the catalogue from data/catalogue (the two public price lists): categories, cities, stores, brands, products and store
 * inventory. Idempotent: a run with the same checksum (data files, the seed's code and data, SEED_VERSION) is skipped;
 * otherwise everything is upserted in one transaction. Rows are never deleted; products the seed no longer
 * produces are disabled.
 */
export async function seedCatalogue(db: Db, options: SeedOptions = {}): Promise<SeedResult> {
  const started = performance.now();
  const log = options.log ?? defaultLog;
  const files = readSourceFiles(options.dir ?? resolveCatalogueDir());
  const checksum = seedChecksum(SEED_VERSION, files, readSeedCode());
  const elapsed = () => Math.round(performance.now() - started);

  if (!options.force && (await lastChecksum(db)) === checksum) {
    return { skipped: true, checksum, products: 0, inventory: 0, ms: elapsed() };
  }
  const catalogue = buildCatalogue(files);
  const inventory: InventoryRow[] = STORE_SEEDS.flatMap((store) =>
    inventoryRowsFor(store, catalogue.products),
  );

  const result = await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`.execute(trx);
    // Another process may have finished the same seed while this one waited for the lock.
    if (!options.force && (await lastChecksum(trx)) === checksum) return "skipped" as const;
    // The shelf's row triggers stand aside; the whole shelf is synced once after the load (0006-shelf).
    await sql`set local nightcap.bulk_catalogue_load = 'on'`.execute(trx);

    for (const row of CATEGORY_ROWS.filter((c) => !c.parent_id).concat(
      CATEGORY_ROWS.filter((c) => c.parent_id),
    )) {
      await trx
        .insertInto("categories")
        .values(row)
        .onConflict((oc) => oc.column("id").doUpdateSet(withoutKey(row, "id")))
        .execute();
    }
    for (const row of CITY_ROWS) {
      await trx
        .insertInto("cities")
        .values(row)
        .onConflict((oc) => oc.column("code").doUpdateSet(withoutKey(row, "code")))
        .execute();
    }
    for (const store of STORE_SEEDS) {
      const row = storeRow(store);
      await trx
        .insertInto("stores")
        .values(row)
        .onConflict((oc) => oc.column("id").doUpdateSet(withoutKey(row, "id")))
        .execute();
    }

    await withBulkGinLoad(trx, ["products", "brands"], async () => {
      await upsertJsonRows(
        trx,
        "brands",
        { name: "text", slug: "text", has_tobacco: "boolean" },
        catalogue.brands,
        ["slug"],
      );
      const brands = await trx.selectFrom("brands").select(["id", "slug"]).execute();
      const brandIds = new Map(brands.map((b) => [b.slug, b.id]));
      const brandSlug = new Map(catalogue.brands.map((b) => [b.name, b.slug]));
      const productRows = catalogue.products.map((p) => ({
        ...p,
        brand_id: p.brand_name ? (brandIds.get(brandSlug.get(p.brand_name) ?? "") ?? null) : null,
        disabled: false,
      }));
      await upsertJsonRows(trx, "products", PRODUCT_COLUMNS, productRows, ["sku_id"], 3000);
    });
    const seededSkus = JSON.stringify(catalogue.products.map((p) => p.sku_id));
    await sql`
      update products set disabled = true
      where not disabled and sku_id not in (select jsonb_array_elements_text(${seededSkus}::jsonb))`.execute(
      trx,
    );

    await withoutForeignKeyChecksIfAllowed(trx, () =>
      upsertJsonRows(trx, "inventory", INVENTORY_COLUMNS, inventory, ["store_id", "sku_id"], 20_000),
    );

    await withBulkGinLoad(trx, ["shelf"], async () => {
      await sql`select shelf_sync_all()`.execute(trx);
    });
    await sql`set local nightcap.bulk_catalogue_load = 'off'`.execute(trx);

    await trx
      .insertInto("seed_runs")
      .values({ name: SEED_RUN_NAME, checksum })
      .onConflict((oc) => oc.column("name").doUpdateSet({ checksum, applied_at: sql`now()` }))
      .execute();
    return "seeded" as const;
  });

  if (result === "skipped") return { skipped: true, checksum, products: 0, inventory: 0, ms: elapsed() };
  log(
    `Catalogue seeded: ${catalogue.products.length} products, ${catalogue.brands.length} brands, ` +
      `${STORE_SEEDS.length} stores, ${inventory.length} inventory rows in ${elapsed()} ms`,
  );
  return {
    skipped: false,
    checksum,
    products: catalogue.products.length,
    inventory: inventory.length,
    ms: elapsed(),
  };
}

async function lastChecksum(db: Db): Promise<string | undefined> {
  const row = await db
    .selectFrom("seed_runs")
    .select("checksum")
    .where("name", "=", SEED_RUN_NAME)
    .executeTakeFirst();
  return row?.checksum;
}

/**
 * Inventory is ~190k rows whose every store and SKU this same transaction has just written; checking two
 * foreign keys per row costs more than the insert itself (about 40% on PGlite). When the role may
 * (superuser: always on PGlite), the load runs with triggers off, foreign-key triggers included, and the
 * seed test checks there are no orphans. Otherwise it runs normally.
 */
async function withoutForeignKeyChecksIfAllowed(trx: Db, load: () => Promise<void>): Promise<void> {
  const { rows } = await sql<{
    superuser: boolean;
  }>`select current_setting('is_superuser') = 'on' as superuser`.execute(trx);
  const allowed = rows[0]?.superuser === true;
  if (allowed) await sql`set local session_replication_role = replica`.execute(trx);
  await load();
  if (allowed) await sql`set local session_replication_role = origin`.execute(trx);
}

function withoutKey<T extends object, K extends keyof T>(row: T, key: K): Omit<T, K> {
  const { [key]: _omitted, ...rest } = row;
  return rest;
}

const PRODUCT_COLUMNS = {
  sku_id: "text",
  title: "text",
  subtitle: "text",
  company: "text",
  brand_id: "int",
  brand_name: "text",
  type: "text",
  country: "text",
  volume_ml: "int",
  volume_label: "text",
  package_qty: "int",
  abv: "real",
  tags: "text[]",
  default_category: "text",
  variant_group: "text",
  regular_price_cents: "int",
  image: "text",
  description: "text",
  upc: "text",
  source: "text",
  source_ref: "text",
  disabled: "boolean",
  is_tobacco: "boolean",
  etch_of: "text",
  category_text: "text",
};

const INVENTORY_COLUMNS = {
  store_id: "text",
  sku_id: "text",
  price_cents: "int",
  package_item_price_cents: "int",
  stock: "int",
};
