import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import { seedCatalogue } from "../db/seed/index.ts";
import { buildApp } from "../server/app.ts";
import { loadConfig } from "../server/config.ts";
import { type Db, migrate, openDb } from "../server/platform/db.ts";
import { jobSchemaFor } from "../server/platform/jobs.ts";

/** Realistic shopper queries: exact names, brands, categories, typos and autocomplete prefixes. */
const QUERIES: { query: string; autocomplete?: boolean }[] = [
  { query: "bourbon" },
  { query: "jameson" },
  { query: "jamesn" },
  { query: "red wine" },
  { query: "ipa" },
  { query: "tequila blanco" },
  { query: "vodka" },
  { query: "makers mark" },
  { query: "pinot noir" },
  { query: "champagne" },
  { query: "rum" },
  { query: "gin" },
  { query: "whisky 12 year" },
  { query: "seltzer" },
  { query: "cabernet sauvignon" },
  { query: "tit", autocomplete: true },
  { query: "jack d", autocomplete: true },
  { query: "glenfid", autocomplete: true },
  { query: "coffee liqueur" },
  { query: "lager" },
];

export async function openBenchDb(
  kind: "pglite" | "postgres",
  pgUrl: string,
): Promise<{ db: Db; close(): Promise<void> }> {
  if (kind === "pglite") {
    const { db } = await openDb({ kind: "pglite" });
    return { db, close: () => db.destroy() };
  }
  const schema = `bench_${randomBytes(4).toString("hex")}`;
  const admin = await openDb({ kind: "postgres", url: pgUrl });
  await sql`create extension if not exists pg_trgm`.execute(admin.db);
  await sql`create extension if not exists btree_gin`.execute(admin.db);
  await sql.raw(`create schema ${schema}`).execute(admin.db);
  const url = new URL(pgUrl);
  url.searchParams.set("options", `-c search_path=${schema},public`);
  const { db } = await openDb({ kind: "postgres", url: url.toString() });
  return {
    db,
    async close() {
      await db.destroy();
      await sql.raw(`drop schema ${schema} cascade`).execute(admin.db);
      await sql.raw(`drop schema if exists ${jobSchemaFor(schema)} cascade`).execute(admin.db);
      await admin.db.destroy();
    },
  };
}

export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/**
 * Rounds over QUERIES: 30 give 600 samples, so the p95 is the 30th slowest search rather than the 10th, which a
 * single stall of this shared two-core machine could decide.
 */
const ROUNDS = 30;

/** Search latency through the API route (validation included), whole seeded catalogue. */
export async function measureSearchLatency(kind: "pglite" | "postgres", pgUrl: string) {
  const { db, close } = await openBenchDb(kind, pgUrl);
  try {
    await migrate(db);
    await seedCatalogue(db);
    const products = (
      await db
        .selectFrom("products")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow()
    ).n;
    const app = await buildApp({ config: loadConfig({ NODE_ENV: "test" }), db, logger: false });
    const timed = await timeSearches(app);
    await app.close();
    return { ...timed, products: Number(products) };
  } finally {
    await close();
  }
}

/** ROUNDS rounds of QUERIES through `app` (after one untimed round), with `headers` (a position, a store). */
export async function timeSearches(app: App, headers: Record<string, string> = {}) {
  const run = (q: (typeof QUERIES)[number]) =>
    app.inject({ method: "POST", url: "/menu/search/v4", headers, payload: { ...q, facets: true } });
  for (const q of QUERIES) await run(q); // warm caches and plans
  const samples: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    for (const q of QUERIES) {
      const t0 = performance.now();
      const res = await run(q);
      samples.push(performance.now() - t0);
      if (res.statusCode !== 200) throw new Error(`search ${q.query} answered ${res.statusCode}`);
    }
  }
  samples.sort((a, b) => a - b);
  return { p50: percentile(samples, 50), p95: percentile(samples, 95), searches: samples.length };
}

type App = Awaited<ReturnType<typeof buildApp>>;
