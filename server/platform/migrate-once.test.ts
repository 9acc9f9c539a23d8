import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrations } from "#db/migrations/index.ts";
import { seedCatalogue } from "#db/seed/index.ts";
import { type Db, migrate, openDb } from "./db.ts";
import { JobQueue, jobSchemaFor } from "./jobs.ts";

const base = process.env.TEST_DATABASE_URL;
const INSTANCES = 4;

/**
 * Several instances of a deploy start at once against one fresh PostgreSQL schema: the migrations run once (Kysely's
 * Migrator holds an advisory lock while it migrates), so do the job queue's (pg-boss's lock) and the seed (its own
 * advisory lock), and no instance fails (docs/adr/0039-health-metrics-shutdown.md).
 */
describe.skipIf(!base)("migrations and the seed, from several instances at once on PostgreSQL", () => {
  const schema = `t_${randomBytes(6).toString("hex")}`;
  let admin: Db;
  const instances: Db[] = [];
  beforeAll(async () => {
    admin = (await openDb({ kind: "postgres", url: base! })).db;
    await sql`create extension if not exists pg_trgm`.execute(admin);
    await sql`create extension if not exists btree_gin`.execute(admin);
    await sql.raw(`create schema ${schema}`).execute(admin);
    const url = new URL(base!);
    url.searchParams.set("options", `-c search_path=${schema},public`);
    for (let i = 0; i < INSTANCES; i++)
      instances.push((await openDb({ kind: "postgres", url: url.toString() })).db);
  });
  afterAll(async () => {
    for (const db of instances) await db.destroy();
    await sql.raw(`drop schema if exists ${schema} cascade`).execute(admin);
    await sql.raw(`drop schema if exists ${jobSchemaFor(schema)} cascade`).execute(admin);
    await admin?.destroy();
  });

  it("applies each migration exactly once, whichever instance gets there first", async () => {
    const applied = await Promise.all(instances.map((db) => migrate(db)));
    const all = Object.keys(migrations).sort();
    // Every migration was applied by exactly one instance; the others found nothing left to do.
    expect(applied.flat().sort()).toEqual(all);
    expect(applied.filter((names) => names.length > 0)).toHaveLength(1);
    const { rows } = await sql<{ name: string; times: number }>`
      select name, count(*)::int as times from ${sql.table(`${schema}.kysely_migration`)} group by name`.execute(
      admin,
    );
    expect(rows.map((r) => r.name).sort()).toEqual(all);
    expect(rows.every((r) => r.times === 1)).toBe(true);
    // And a later start (the next deploy of the same code) has nothing to do.
    expect(await migrate(instances[0])).toEqual([]);
  });

  it("creates the job queue's schema once, every instance's queue starting", async () => {
    const queues = await Promise.all(instances.map((db) => JobQueue.open(db)));
    try {
      const { rows } = await sql<{ version: number }>`
        select version from ${sql.table(`${jobSchemaFor(schema)}.version`)}`.execute(admin);
      expect(rows).toHaveLength(1);
      expect(await queues[0].countByState()).toEqual([]);
    } finally {
      await Promise.all(queues.map((q) => q.stop()));
    }
  });

  it("seeds the catalogue once, the other instances waiting for it and then skipping", async () => {
    const results = await Promise.all(instances.map((db) => seedCatalogue(db, { log: () => {} })));
    expect(results.filter((r) => !r.skipped)).toHaveLength(1);
    expect(new Set(results.map((r) => r.checksum)).size).toBe(1);
    const seeded = results.find((r) => !r.skipped)!;
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from ${sql.table(`${schema}.products`)}`.execute(admin);
    expect(rows[0].n).toBeGreaterThanOrEqual(seeded.products);
    expect(seeded.products).toBeGreaterThan(0);
  });
});
