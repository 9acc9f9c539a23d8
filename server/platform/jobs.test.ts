import { type Kysely, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Database } from "#db/schema.ts";
import { openTestDb, type TestDb, testDatabases } from "#tests/support/db.ts";
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

// PostgreSQL only: a table lock in another connection holds the worker's fetch while the queue stops.
describe.runIf(process.env.TEST_DATABASE_URL)(
  "stopping while a worker's fetch is under way, on postgres",
  () => {
    const slow = defineJob<Record<string, never>>("stop-during-fetch", policy);

    it("waits for the batch that fetch brings, and its completion, before it returns", async () => {
      const t = await openTestDb("postgres");
      const queue = await JobQueue.open(t.db, { pollingIntervalSeconds: 0.5 });
      let handled = false;
      await queue.work(slow, async () => {
        await new Promise((r) => setTimeout(r, 300));
        handled = true;
      });
      const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(t.db);
      const jobTable = sql.table(`${jobSchemaFor(rows[0].schema)}.job`);

      let release = () => {};
      const released = new Promise<void>((r) => {
        release = r;
      });
      const locking = t.db.transaction().execute(async (tx) => {
        await sql`lock table ${jobTable} in access exclusive mode`.execute(tx);
        await queue.send(slow, {}, { tx });
        await released;
      });
      // The worker's next poll waits on the lock: its fetch is under way, with no job in hand yet.
      for (;;) {
        const waiting = await sql<{ n: number }>`
        select count(*)::int as n from pg_stat_activity
        where wait_event_type = 'Lock' and query like ${`%${jobSchemaFor(rows[0].schema)}.job%`}`.execute(
          t.db,
        );
        if (waiting.rows[0].n > 0) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      const stopped = queue.stop();
      await new Promise((r) => setTimeout(r, 100));
      release();
      await locking;
      await stopped;

      expect(handled).toBe(true);
      const states = await sql<{
        state: string;
      }>`select state::text as state from ${jobTable} where name = ${slow.name}`.execute(t.db);
      expect(states.rows).toEqual([{ state: "completed" }]);
      await t.close();
    });
  },
);

describe.each(testDatabases)("a job sent, on %s", (kind) => {
  const woken = defineJob<{ n: number }>("woken-at-once", policy);

  it("wakes the workers of its queue on every instance when its transaction commits, not at their next poll", async () => {
    const t = await openTestDb(kind);
    // Polls 60 s apart: only the notice can bring these jobs within the test.
    const worker = await JobQueue.open(t.db, { pollingIntervalSeconds: 60 });
    const sender = await JobQueue.open(t.db, { pollingIntervalSeconds: 60 });
    try {
      const handled: number[] = [];
      await worker.work(woken, async (job) => {
        handled.push(job.data.n);
      });
      await sender.define(woken);
      // The worker's first poll, made as it starts, found nothing; it now sleeps.
      await new Promise((r) => setTimeout(r, 300));

      await t.db.transaction().execute(async (tx) => {
        await sender.send(woken, { n: 1 }, { tx });
        await new Promise((r) => setTimeout(r, 300));
        expect(handled).toEqual([]); // not before the commit
      });
      await vi.waitFor(() => expect(handled).toEqual([1]), { timeout: 15_000 });

      // Gathered jobs too, and one sent outside a transaction.
      await t.db.transaction().execute((tx) =>
        sender.gathered(tx, async () => {
          await sender.send(woken, { n: 2 }, { tx });
          await sender.send(woken, { n: 3 }, { tx });
        }),
      );
      await sender.send(woken, { n: 4 });
      await vi.waitFor(() => expect([...handled].sort()).toEqual([1, 2, 3, 4]), { timeout: 15_000 });
    } finally {
      await sender.stop();
      await worker.stop();
      await t.close();
    }
  });
});
