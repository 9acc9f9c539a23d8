import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { openTestDb } from "#tests/support/db.ts";
import { openDb } from "./db.ts";

// A PostgreSQL restart ends every connection, idle ones too (docs/adr/0040-fleet-behind-nginx.md).
describe.skipIf(!process.env.TEST_DATABASE_URL)("a pool whose idle connections the server ended", () => {
  it("keeps the process alive and answers the next query on a new connection", async () => {
    const t = await openTestDb("postgres");
    const { db } = await openDb({ kind: "postgres", url: t.url! });
    try {
      const pids = await Promise.all(
        [1, 2, 3].map(() => sql<{ pid: number }>`select pg_backend_pid() as pid, pg_sleep(0.05)`.execute(db)),
      );
      const mine = pids.map((r) => r.rows[0].pid);
      await sql`select pg_terminate_backend(pid) from pg_stat_activity where pid = any(${mine})`.execute(
        t.db,
      );
      await new Promise((r) => setTimeout(r, 200));
      const { rows } = await sql<{ one: number }>`select 1 as one`.execute(db);
      expect(rows[0].one).toBe(1);

      // One held between two queries (a transaction waiting on something else) when the server ends it.
      await db
        .connection()
        .execute(async (conn) => {
          const { rows: held } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(conn);
          await sql`select pg_terminate_backend(${held[0].pid})`.execute(t.db);
          await new Promise((r) => setTimeout(r, 200));
          await sql`select 1`.execute(conn);
        })
        .then(
          () => expect.fail("the ended connection answered"),
          (err: Error) => expect(err.message).toMatch(/terminat|not queryable|Connection/i),
        );
      const again = await sql<{ one: number }>`select 1 as one`.execute(db);
      expect(again.rows[0].one).toBe(1);
    } finally {
      await db.destroy();
      await t.close();
    }
  });
});
