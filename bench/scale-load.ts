import { sql } from "kysely";
import { CITY_ROWS, STORE_SEEDS, storeRow } from "../db/seed/stores.ts";
import { withBulkGinLoad } from "../db/seed/write.ts";
import { circleZone } from "../db/seed/zone-polygon.ts";
import type { Db } from "../server/platform/db.ts";

/**
 * Synthetic stores for BENCH_ONLY=scale (issue 35 §2): "Bench store 0001", "Bench store 0002"… placed around the
 * seeded cities, each a copy of one seeded delivery store (its city, terms, hours and whole shelf: its inventory rows,
 * and the shelf rows the database derives from them) with a round zone of 3–8 km of its own. No product is invented.
 *
 * Loaded BATCH stores per transaction: a store is there with its whole shelf or not at all, so the stores table is
 * the progress, and a rerun (after a crash, Ctrl-C, or with more stores asked for) loads only the stores missing.
 */
const BATCH = 50;
const PREFIX = "st_bench-";
const TEMPLATES = STORE_SEEDS.filter((s) => !s.is_shipping);
/** How far from its city's centre a store may stand, in degrees (about ±33 km north–south). */
const SPREAD_DEG = 0.6;

/** Synthetic store n (from 1), always the same store: a rerun continues the same list rather than drawing anew. */
export function syntheticStore(n: number) {
  const next = random(n);
  const template = TEMPLATES[n % TEMPLATES.length];
  const city = CITY_ROWS.find((c) => c.code === template.city_code) ?? CITY_ROWS[0];
  const lat = round5(city.lat + (next() - 0.5) * SPREAD_DEG);
  const lng = round5(city.lng + (next() - 0.5) * SPREAD_DEG);
  const label = String(n).padStart(4, "0");
  return {
    template: template.id,
    row: {
      ...storeRow(template),
      id: `${PREFIX}${label}`,
      name: `Bench store ${label}`,
      address: `${n} Bench St, ${city.name}, ${city.state}`,
      lat,
      lng,
      is_default: false,
      zone: JSON.stringify(circleZone(lat, lng, 3 + next() * 5)),
    },
  };
}

export interface LoadResult {
  /** Synthetic stores asked for, found already loaded, and loaded by this call. */
  wanted: number;
  found: number;
  added: number;
  /** Wall time of this call's batches, and of the VACUUM ANALYZE after them. */
  loadMs: number;
  vacuumMs: number;
}

/** Makes sure synthetic stores 1…`count` exist with their shelves, loading the missing ones BATCH at a time. */
export async function loadSyntheticStores(
  db: Db,
  count: number,
  log: (line: string) => void = console.log,
): Promise<LoadResult> {
  const found = new Set(
    (await db.selectFrom("stores").select("id").where("id", "like", "st\\_bench-%").execute()).map(
      (r) => r.id,
    ),
  );
  const missing = Array.from({ length: count }, (_, i) => syntheticStore(i + 1)).filter(
    (s) => !found.has(s.row.id),
  );
  const { rows } = await sql<{ superuser: boolean }>`
    select current_setting('is_superuser') = 'on' as superuser`.execute(db);
  const superuser = rows[0]?.superuser === true;
  const started = performance.now();
  for (let i = 0; i < missing.length; i += BATCH) {
    const batch = missing.slice(i, i + BATCH);
    const t0 = performance.now();
    await db.transaction().execute(async (trx) => {
      // The shelf is filled once per batch below, not row by row by the inventory trigger (0006-shelf). The
      // superuser also skips the foreign-key checks: every copied row's SKU and store exist.
      await sql`set local nightcap.bulk_catalogue_load = 'on'`.execute(trx);
      if (superuser) await sql`set local session_replication_role = replica`.execute(trx);
      await sql`set local work_mem = '64MB'`.execute(trx);
      await sql`set local maintenance_work_mem = '256MB'`.execute(trx);
      await trx
        .insertInto("stores")
        .values(batch.map((s) => s.row))
        .execute();
      const copies = JSON.stringify(batch.map((s) => ({ id: s.row.id, template: s.template })));
      await sql`
        insert into inventory (store_id, sku_id, price_cents, package_item_price_cents, stock)
        select b.id, i.sku_id, i.price_cents, i.package_item_price_cents, i.stock
        from jsonb_to_recordset(${copies}::jsonb) as b(id text, template text)
        join inventory i on i.store_id = b.template
        order by b.id, i.sku_id`.execute(trx);
      // The shelf's GIN indexes take the batch in one merge at its end (in this transaction).
      await withBulkGinLoad(trx, ["shelf"], async () => {
        await sql`
          insert into shelf select * from shelf_source
          where store_id in (select id from jsonb_to_recordset(${copies}::jsonb) as b(id text, template text))
          order by store_id, sku_id`.execute(trx);
      });
    });
    const done = count - missing.length + i + batch.length;
    log(
      `  +${batch.length} stores (${done.toLocaleString("en-US")} of ${count.toLocaleString("en-US")}) in ${seconds(performance.now() - t0)}`,
    );
  }
  const loadMs = performance.now() - started;
  let vacuumMs = 0;
  if (missing.length > 0) {
    // Planner statistics, and the visibility map the index-only scans of the shelf's joins need.
    const t0 = performance.now();
    for (const table of ["stores", "inventory", "shelf"])
      await sql`vacuum analyze ${sql.table(table)}`.execute(db);
    vacuumMs = performance.now() - t0;
  }
  return { wanted: count, found: found.size, added: missing.length, loadMs, vacuumMs };
}

/** A small deterministic generator (mulberry32): nearby seeds give unrelated draws. */
function random(seed: number): () => number {
  let a = seed | 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const round5 = (n: number) => Math.round(n * 1e5) / 1e5;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
