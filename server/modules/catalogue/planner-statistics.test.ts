import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDb, type TestDb, testDatabases } from "#tests/support/db.ts";
import { refreshPlannerStatistics } from "./planner-statistics.ts";

describe.each(testDatabases)("the catalogue's planner statistics on %s", (kind) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await openTestDb(kind);
  });
  afterAll(() => t?.close());

  const columnsWithStatistics = async (table: string) =>
    (
      await sql<{ n: number }>`
        select count(*)::int as n from pg_stats where schemaname = current_schema() and tablename = ${table}`.execute(
        t.db,
      )
    ).rows[0].n;

  it("are made for rows the planner has never seen, whether or not the counters saw them written", async () => {
    // An empty table has nothing to know: not vacuumed at every start.
    expect(await refreshPlannerStatistics(t.db)).not.toContain("brands");
    await sql`insert into brands (name, slug) select 'Brand ' || g, 'brand-' || g from generate_series(1, 500) g`.execute(
      t.db,
    );
    // A store seeded by another process or copied from a template: its rows, and counters that never saw them.
    await sql`select pg_stat_reset()`.execute(t.db);
    expect(await columnsWithStatistics("brands")).toBe(0);

    expect(await refreshPlannerStatistics(t.db)).toContain("brands");
    expect(await columnsWithStatistics("brands")).toBe(4);
    // Known now, and not changed since: left alone.
    expect(await refreshPlannerStatistics(t.db)).not.toContain("brands");
  });
});
