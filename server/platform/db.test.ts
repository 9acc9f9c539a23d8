import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDb, type TestDb, testDatabases } from "../../tests/support/db.ts";
import { migrate } from "./db.ts";

describe.each(testDatabases)("database platform on %s", (kind) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await openTestDb(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  it("applies every migration once; a second start applies none", async () => {
    expect(await migrate(t.db)).toEqual([]);
    const r = await sql<{ n: number }>`select count(*)::int as n from kysely_migration`.execute(t.db);
    expect(r.rows[0].n).toBeGreaterThan(0);
  });

  it("has pg_trgm for typo-tolerant search", async () => {
    const r = await sql<{ s: number }>`select similarity('jamesn', 'jameson') as s`.execute(t.db);
    expect(r.rows[0].s).toBeGreaterThan(0.3);
  });
});
