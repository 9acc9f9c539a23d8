import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { checkoutIdFor } from "../domain/checkout/request.ts";
import { migrate } from "../server/platform/db.ts";
import { createUser, signedInBrowser } from "../tests/factories/accounts.ts";
import { createDeliveryFixture } from "../tests/factories/delivery-fixture.ts";
import { SseReader } from "../tests/support/sse.ts";
import { productionApp } from "./bench-app.ts";
import { openBenchDb, percentile } from "./search-latency.ts";

const REPORTS = 200;
const ADDRESS = "350 5th Ave, New York, NY 10001";

/**
 * Live tracking on PostgreSQL (ADR 26), one app instance listening on a real port:
 * - event latency: a driver's position report (a staff action) until the shopper's open stream receives it, p50 and
 *   p95 over 200 reports, against the report call's own round trip measured in the same loop (the baseline: what
 *   the stream adds is the trigger's notice, the LISTEN and the re-read);
 * - idle connections: `connections` tracking streams held open by another process, and this process's memory
 *   before and after (RSS and heap), per connection.
 */
export async function measureTracking(pgUrl: string, connections: number) {
  const { db, close } = await openBenchDb("postgres", pgUrl);
  try {
    await migrate(db);
    await createDeliveryFixture(db);
    const app = await productionApp(db);
    try {
      const base = await app.listen({ port: 0, host: "127.0.0.1" });
      const shopperUser = await createUser(db);
      const shopper = await signedInBrowser(app, shopperUser);
      const staff = await signedInBrowser(
        app,
        await createUser(db, {
          role: "store_staff",
          store_id: "d-manhattan",
          email: "bench-driver@example.com",
        }),
      );
      const ok = async (what: string, res: Promise<{ statusCode: number; body: string }>) => {
        const r = await res;
        if (r.statusCode !== 200) throw new Error(`${what} answered ${r.statusCode}: ${r.body}`);
        return r;
      };
      await ok("address", shopper.post("/order/address", { address: ADDRESS }));
      await ok(
        "cart",
        shopper.post("/menu/cart/v2", { skus: [{ sku: "IA-9001-750", qty: 2, store_id: "d-manhattan" }] }),
      );
      const token = (
        await app.inject({
          method: "POST",
          url: "/sandbox-pay/v1/tokens",
          payload: { number: "4242424242424242", exp_month: 12, exp_year: 2031, cvc: "123" },
        })
      ).json<{ id: string }>().id;
      const placed = await ok(
        "checkout",
        shopper.post("/order/v3", {
          id: checkoutIdFor(shopperUser.id, new Date()),
          paymentMethod: { type: "token", token },
          deliveryTime: "asap",
        }),
      );
      const orderId = JSON.parse(placed.body).orders[0]._id as string;
      await ok("accept", staff.post(`/api/console/orders/${orderId}/accept`, {}));
      await ok("dispatch", staff.post(`/api/console/orders/${orderId}/dispatch`, {}));

      // 1. Event latency.
      const url = `${base}/order/status/${orderId}/events`;
      const opened = await SseReader.open(url, { cookie: shopper.cookie });
      await opened.reader.next();
      const latency: number[] = [];
      const roundTrip: number[] = [];
      for (let i = 0; i < REPORTS + 20; i++) {
        const t0 = performance.now();
        await ok(
          "position",
          staff.post(`/api/console/orders/${orderId}/position`, { lat: 40.75 + i / 10_000, lng: -73.99 }),
        );
        const answered = performance.now();
        await opened.reader.next();
        const received = performance.now();
        if (i >= 20) {
          // The first twenty warm plans and pools.
          roundTrip.push(answered - t0);
          latency.push(received - t0);
        }
      }
      opened.abort();
      latency.sort((a, b) => a - b);
      roundTrip.sort((a, b) => a - b);

      // 2. Idle connections held by another process; this process's memory before and after.
      const before = memory();
      const crowd = spawn(
        process.execPath,
        [
          "--import",
          "tsx",
          fileURLToPath(new URL("./hold-streams.ts", import.meta.url)),
          url,
          shopper.cookie,
          String(connections),
        ],
        { stdio: ["pipe", "pipe", "inherit"] },
      );
      const held = await new Promise<number>((resolve, reject) => {
        let out = "";
        crowd.stdout.on("data", (chunk) => {
          out += chunk;
          const m = /ready (\d+)/.exec(out);
          if (m) resolve(Number(m[1]));
        });
        crowd.on("exit", (code) =>
          reject(new Error(`the crowd exited (${code}) before holding its streams`)),
        );
      });
      // Let the opening's garbage go before reading (V8 gives back heap pages a while after a full collection).
      for (let i = 0; i < 3; i++) {
        memory();
        await new Promise((r) => setTimeout(r, 1500));
      }
      const after = memory();
      crowd.stdin.end();
      await new Promise((r) => crowd.once("exit", r));

      return {
        p50: percentile(latency, 50),
        p95: percentile(latency, 95),
        roundTripP50: percentile(roundTrip, 50),
        roundTripP95: percentile(roundTrip, 95),
        connections: held,
        extraRssMb: (after.rss - before.rss) / 1e6,
        extraHeapMb: (after.heap - before.heap) / 1e6,
        bytesPerConnection: (after.rss - before.rss) / held,
      };
    } finally {
      await app.close();
    }
  } finally {
    await close();
  }
}

function memory() {
  (globalThis as { gc?: () => void }).gc?.();
  const m = process.memoryUsage();
  if (process.env.BENCH_DEBUG) console.log(m);
  return { rss: m.rss, heap: m.heapUsed };
}
