import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDb, type TestDb, testDatabases } from "../tests/support/db.ts";
import { CHECKOUT_COLUMNS, ORDER_COLUMNS } from "./columns.ts";

describe.each(testDatabases)("column lists read in place of * on %s", (kind) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await openTestDb(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  it.each([
    ["orders", ORDER_COLUMNS],
    ["checkouts", CHECKOUT_COLUMNS],
  ])("names every column of %s", async (table, listed) => {
    const { rows } = await sql<{ name: string }>`
      select column_name as name from information_schema.columns
      where table_schema = current_schema() and table_name = ${table}`.execute(t.db);
    expect([...listed].sort()).toEqual(rows.map((r) => r.name).sort());
  });
});
