import { type Kysely, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/schema.ts";
import { openTestDb, type TestDb, testDatabases } from "../../tests/support/db.ts";
import { defineJob, JobQueue, jobSchemaFor } from "./jobs.ts";

const policy = { retryLimit: 3, retryDelaySeconds: 7, retryBackoff: false, expireInSeconds: 60 };
const first = defineJob<{ n: number }>("gathered-first", policy);
const second = defineJob<{ n: number }>("gathered-second", { ...policy, retryLimit: 5 });

describe.each(testDatabases)("jobs gathered in a transaction, on %s", (kind) => {
  let t: TestDb;
  let queue: JobQueue;
  beforeAll(async () => {
    t = await openTestDb(kind);
    queue = await JobQueue.open(t.db);
    await queue.define(first);
    await queue.define(second);
  });
  afterAll(async () => {
    await queue.stop();
    await t.close();
  });

  const jobsOf = async (tag: number, db: Kysely<Database> = t.db) => {
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
    const table = sql.table(`${jobSchemaFor(rows[0].schema)}.job`);
    const found = await sql<{
      name: string;
      singleton_key: string | null;
      start_after: Date;
      retry_limit: number;
    }>`
      select name, singleton_key, start_after, retry_limit from ${table}
      where (data->>'tag')::int = ${tag} order by name`.execute(db);
    return found.rows;
  };

  it("are written at its end, with their keys, start times and queue policies, and only if it commits", async () => {
    const later = new Date(Date.now() + 3_600_000);
    await t.db.transaction().execute((tx) =>
      queue.gathered(tx, async () => {
        expect(await queue.send(first, { n: 1, tag: 1 } as never, { tx, singletonKey: "k1" })).toBeNull();
        await queue.send(second, { n: 2, tag: 1 } as never, { tx, startAfter: later });
        // Not written yet, even in the transaction: they go in one statement when the work ends.
        expect(await jobsOf(1, tx)).toEqual([]);
      }),
    );
    const written = await jobsOf(1);
    expect(written.map((j) => [j.name, j.singleton_key, j.retry_limit])).toEqual([
      ["gathered-first", "k1", 3],
      ["gathered-second", null, 5],
    ]);
    expect(written[1].start_after.getTime()).toBe(later.getTime());

    await expect(
      t.db.transaction().execute((tx) =>
        queue.gathered(tx, async () => {
          await queue.send(first, { n: 3, tag: 2 } as never, { tx });
          await queue.send(second, { n: 4, tag: 2 } as never, { tx });
          throw new Error("rolled back");
        }),
      ),
    ).rejects.toThrow("rolled back");
    expect(await jobsOf(2)).toEqual([]);
  });
});
