import { describe, expect, it } from "vitest";
import { openTestDb } from "#tests/support/db.ts";
import { openDb } from "./db.ts";
import { defineJob, JobQueue } from "./jobs.ts";

const policy = { retryLimit: 1, retryDelaySeconds: 1, retryBackoff: false, expireInSeconds: 60 };
const jobs = Array.from({ length: 12 }, (_, i) => defineJob<{ n: number }>(`fleet-start-${i}`, policy));

// Instances of a fleet start at once (docs/adr/0040-fleet-behind-nginx.md): each defines every queue on start.
describe.skipIf(!process.env.TEST_DATABASE_URL)("job queues defined by instances starting at once", () => {
  it("are all created, by whichever instance comes first, without a deadlock", async () => {
    const t = await openTestDb("postgres");
    const pools = await Promise.all([1, 2, 3].map(() => openDb({ kind: "postgres", url: t.url! })));
    try {
      const queues = await Promise.all(pools.map((p) => JobQueue.open(p.db)));
      await Promise.all(queues.map((q) => Promise.all(jobs.map((j) => q.define(j)))));
      for (const [i, q] of queues.entries())
        expect(await q.send(jobs[i], { n: i })).toEqual(expect.any(String));
      for (const q of queues) await q.stop();
    } finally {
      for (const p of pools) await p.db.destroy();
      await t.close();
    }
  });
});
