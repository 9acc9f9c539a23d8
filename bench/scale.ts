import { randomBytes } from "node:crypto";
import os from "node:os";
import { sql } from "kysely";
import { seedCatalogue } from "../db/seed/index.ts";
import { STORE_SEEDS } from "../db/seed/stores.ts";
import { parseAddress } from "../domain/geo/address.ts";
import { buildApp } from "../server/app.ts";
import { loadConfig } from "../server/config.ts";
import { refreshPlannerStatistics, servingStores } from "../server/modules/catalogue/index.ts";
import { OfflineGeocoder } from "../server/modules/geo/offline-geocoder.ts";
import { type Db, migrate, openDb } from "../server/platform/db.ts";
import { ADDRESS, measureCheckout } from "./checkout-throughput.ts";
import { type LoadResult, loadSyntheticStores } from "./scale-load.ts";
import { percentile, timeSearches } from "./search-latency.ts";

/**
 * BENCH_ONLY=scale (issue 35 §2): the reads and checkout with the seed's 16 stores (×1), 160 (×10) and 1,600
 * (×100), on PostgreSQL. Each scale is a schema of one database (scale_x1, scale_x10, scale_x100) holding the seeded
 * catalogue and its synthetic stores (bench/scale-load.ts). The database is BENCH_SCALE_DB's, kept between runs (a
 * load that stopped continues), or a fresh one dropped at the end. Every scale is loaded first, then measured in
 * turn, PASSES times, so that the ×1 figures each ratio stands on come from the same minutes as the others.
 */
export const SCALES = [1, 10, 100] as const;
const PASSES = Number(process.env.BENCH_SCALE_PASSES ?? 2);
/** Distinct products asked for once each (answers are not kept under NODE_ENV=test). */
const PRODUCTS = 600;

export interface Latency {
  p50: number;
  p95: number;
}

/** A scale's database, as loaded. */
interface Prepared {
  factor: number;
  stores: number;
  load: LoadResult;
  inventoryRows: number;
  shelfRows: number;
  bytes: number;
}

/** One pass's figures at a scale. */
interface Measured {
  /** At the checkout's address: how many stores' zones hold it, and which one serves it. */
  zonesAtAddress: number;
  servedBy: string;
  search: Latency;
  product: Latency;
  prices: Latency;
  checkout: Latency & { ordersPerSecond: number };
  /** The 1-minute load average as the pass began. */
  loadAverage: number;
}

export type ScaleFigures = Prepared &
  Omit<Measured, "loadAverage"> & {
    /** The load average as each pass measured this scale. */
    loadAverages: number[];
  };

export async function measureScales(serverUrl: string, log: (line: string) => void = console.log) {
  const kept = process.env.BENCH_SCALE_DB;
  const database = kept ?? `nightcap_scale_${randomBytes(4).toString("hex")}`;
  if (!/^[a-z_][a-z0-9_]*$/.test(database))
    throw new Error(`BENCH_SCALE_DB must be a plain database name, not ${database}`);
  const admin = (await openDb({ kind: "postgres", url: serverUrl })).db;
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  try {
    const { rows } = await sql`select 1 from pg_database where datname = ${database}`.execute(admin);
    if (rows.length === 0) await sql.raw(`create database ${database}`).execute(admin);
    log(
      kept
        ? `scale: database ${database} (BENCH_SCALE_DB: kept, a stopped load continues)`
        : `scale: database ${database} (dropped at the end; BENCH_SCALE_DB=<name> keeps one between runs)`,
    );
    const scales = await withDb(url.toString(), async (root) => {
      await sql`create extension if not exists pg_trgm`.execute(root);
      await sql`create extension if not exists btree_gin`.execute(root);
      const prepared: Prepared[] = [];
      for (const factor of SCALES) {
        await sql.raw(`create schema if not exists scale_x${factor}`).execute(root);
        prepared.push(await withDb(schemaUrl(url, factor), (db) => prepare(db, factor, log)));
      }
      // The load's dirty pages written now, not during the measurements.
      await sql`checkpoint`.execute(root);
      return prepared;
    });

    const placed = await new OfflineGeocoder().geocode(parseAddress(ADDRESS));
    if (!placed) throw new Error(`the offline geocoder does not place ${ADDRESS}`);
    const passes = new Map<number, Measured[]>(SCALES.map((f) => [f, []]));
    for (let pass = 1; pass <= PASSES; pass++)
      for (const factor of SCALES) {
        log(`scale: measuring ×${factor}, pass ${pass} of ${PASSES}`);
        const measured = await withDb(schemaUrl(url, factor), (db) => measure(serverUrl, db, placed));
        passes.get(factor)?.push(measured);
      }
    return {
      database,
      kept: Boolean(kept),
      scales: scales.map((s) => ({ ...s, ...bestOf(passes.get(s.factor) ?? []) })),
    };
  } finally {
    if (!kept) await sql.raw(`drop database if exists ${database} with (force)`).execute(admin);
    await admin.destroy();
  }
}

/** Migrates and seeds the scale's schema and loads its synthetic stores (those still missing). */
async function prepare(db: Db, factor: number, log: (line: string) => void): Promise<Prepared> {
  await migrate(db);
  await seedCatalogue(db);
  const stores = STORE_SEEDS.length * factor;
  log(`scale: ×${factor}, ${stores.toLocaleString("en-US")} stores`);
  const load = await loadSyntheticStores(db, stores - STORE_SEEDS.length, log);
  await refreshPlannerStatistics(db); // as the app does at start: the seed's tables get their statistics
  const { rows } = await sql<{ table: string; rows: number }>`
    select relname as table, reltuples::bigint as rows from pg_class
    where oid in (to_regclass('inventory'), to_regclass('shelf'))`.execute(db);
  const { rows: schemaSize } = await sql<{ bytes: number }>`
    select coalesce(sum(pg_total_relation_size(c.oid)), 0)::bigint as bytes
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = current_schema() and c.relkind in ('r', 't', 'm')`.execute(db);
  return {
    factor,
    stores,
    load,
    inventoryRows: Number(rows.find((r) => r.table === "inventory")?.rows ?? 0),
    shelfRows: Number(rows.find((r) => r.table === "shelf")?.rows ?? 0),
    bytes: Number(schemaSize[0]?.bytes ?? 0),
  };
}

/** The reads at the checkout's address (search, uncached product answers, price ranges), then checkout. */
async function measure(serverUrl: string, db: Db, at: { lat: number; lng: number }): Promise<Measured> {
  const loadAverage = os.loadavg()[0];
  const serving = await servingStores(db, at);
  if (!serving) throw new Error("no store serves the checkout's address");
  const app = await buildApp({ config: loadConfig({ NODE_ENV: "test" }), db, logger: false });
  let reads: Pick<Measured, "search" | "product" | "prices">;
  try {
    const headers = { lat: String(at.lat), lng: String(at.lng) };
    const search = await timeSearches(app, headers);
    const shelf = await db
      .selectFrom("shelf")
      .select("sku_id")
      .where("store_id", "=", serving.primary.id)
      .orderBy("sku_id")
      .execute();
    const step = Math.max(1, Math.floor(shelf.length / PRODUCTS));
    const skus = shelf.filter((_, i) => i % step === 0).map((r) => r.sku_id);
    const timeEach = async (url: (sku: string) => string): Promise<Latency> => {
      const samples: number[] = [];
      for (const sku of skus.slice(0, PRODUCTS)) {
        const t0 = performance.now();
        const res = await app.inject({ method: "GET", url: url(sku), headers });
        samples.push(performance.now() - t0);
        if (res.statusCode !== 200) throw new Error(`${url(sku)} answered ${res.statusCode}`);
      }
      samples.sort((a, b) => a - b);
      return { p50: percentile(samples, 50), p95: percentile(samples, 95) };
    };
    reads = {
      search,
      product: await timeEach((sku) => `/menu/product/${sku}`),
      prices: await timeEach((sku) => `/menu/product/${sku}/prices`),
    };
  } finally {
    await app.close();
  }
  const checkout = await measureCheckout(serverUrl, { db });
  if (checkout.storeId !== serving.primary.id)
    throw new Error(`checkout bought at ${checkout.storeId}, the reads at ${serving.primary.id}`);
  return {
    ...reads,
    checkout: { ordersPerSecond: checkout.ordersPerSecond, p50: checkout.p50, p95: checkout.p95 },
    zonesAtAddress: serving.ids.length,
    servedBy: serving.primary.name,
    loadAverage,
  };
}

/** Each figure's best pass: the least disturbed by the rest of this shared machine. */
function bestOf(passes: Measured[]): Omit<ScaleFigures, keyof Prepared> {
  const low = (pick: (m: Measured) => Latency): Latency => ({
    p50: Math.min(...passes.map((m) => pick(m).p50)),
    p95: Math.min(...passes.map((m) => pick(m).p95)),
  });
  const fastest = passes.reduce((a, b) => (b.checkout.ordersPerSecond > a.checkout.ordersPerSecond ? b : a));
  return {
    zonesAtAddress: fastest.zonesAtAddress,
    servedBy: fastest.servedBy,
    search: low((m) => m.search),
    product: low((m) => m.product),
    prices: low((m) => m.prices),
    checkout: fastest.checkout,
    loadAverages: passes.map((m) => m.loadAverage),
  };
}

function schemaUrl(url: URL, factor: number): string {
  const u = new URL(url);
  u.searchParams.set("options", `-c search_path=scale_x${factor},public`);
  return u.toString();
}

async function withDb<T>(url: string, use: (db: Db) => Promise<T>): Promise<T> {
  const { db } = await openDb({ kind: "postgres", url });
  try {
    return await use(db);
  } finally {
    await db.destroy();
  }
}
