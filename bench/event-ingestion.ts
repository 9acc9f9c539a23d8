import { randomUUID } from "node:crypto";
import { PRODUCT_ADDED, PRODUCT_VIEWED } from "../domain/analytics/events.ts";
import { buildApp } from "../server/app.ts";
import { loadConfig } from "../server/config.ts";
import { migrate } from "../server/platform/db.ts";
import { openBenchDb } from "./search-latency.ts";

const VISITORS = 50;
const BATCHES_PER_VISITOR = 40;
const BATCH = 20;
const AT_ONCE = 10;

/**
 * `POST /e` ingestion (issue 17): batches of 20 events (page views, product views, adds to cart), as the storefront's
 * beacons send them (text/plain JSON, the visitor's cookie, our Origin), 50 visitors from addresses of their own
 * (the per-visitor limit allows 60 batches a minute; each sends 40), 10 batches in flight. Events per second
 * through the whole route: parsing, validation, the limiter and the insert.
 */
export async function measureEventIngestion(kind: "pglite" | "postgres", pgUrl: string) {
  const { db, close } = await openBenchDb(kind, pgUrl);
  try {
    await migrate(db);
    const app = await buildApp({ config: loadConfig({ NODE_ENV: "test" }), db, logger: false });
    try {
      const visitors = Array.from({ length: VISITORS }, (_, i) => ({
        anon: randomUUID(),
        ip: `10.77.${Math.floor(i / 250)}.${(i % 250) + 1}`,
      }));
      const batch = (n: number) => ({
        events: Array.from({ length: BATCH }, (_, k) =>
          k % 4 === 0
            ? { type: "page", path: `/beer?page=${n}` }
            : {
                type: "track",
                event: k % 4 === 3 ? PRODUCT_ADDED : PRODUCT_VIEWED,
                properties: { sku: `SKU-${k}` },
              },
        ),
      });
      const send = async (v: { anon: string; ip: string }, n: number) => {
        const res = await app.inject({
          method: "POST",
          url: "/e",
          payload: JSON.stringify(batch(n)),
          headers: {
            "content-type": "text/plain;charset=UTF-8",
            cookie: `nc_anon=${v.anon}`,
            origin: "http://localhost:80",
            host: "localhost:80",
            "x-forwarded-for": v.ip,
          },
        });
        if (res.statusCode !== 200) throw new Error(`/e answered ${res.statusCode}: ${res.body}`);
      };
      // Warm-up (not counted): one batch each.
      await Promise.all(visitors.map((v) => send(v, 0)));
      const jobs = visitors.flatMap((v) =>
        Array.from({ length: BATCHES_PER_VISITOR - 1 }, (_, n) => () => send(v, n + 1)),
      );
      const t0 = performance.now();
      let next = 0;
      await Promise.all(
        Array.from({ length: AT_ONCE }, async () => {
          while (next < jobs.length) await jobs[next++]();
        }),
      );
      const seconds = (performance.now() - t0) / 1000;
      return {
        eventsPerSecond: (jobs.length * BATCH) / seconds,
        batches: jobs.length,
        events: jobs.length * BATCH,
      };
    } finally {
      await app.close();
    }
  } finally {
    await close();
  }
}
