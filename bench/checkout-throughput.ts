import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { Session } from "node:inspector";
import { seedCatalogue } from "../db/seed/index.ts";
import type { Availability } from "../domain/availability/types.ts";
import { checkoutIdFor } from "../domain/checkout/request.ts";
import { type Db, migrate } from "../server/platform/db.ts";
import { createUser, signedInBrowser } from "../tests/factories/accounts.ts";
import type { TestBrowser } from "../tests/support/browser.ts";
import { firstDeliveryTime, stockedSkus } from "../tests/support/shopping.ts";
import { productionApp } from "./bench-app.ts";
import { openBenchDb, percentile } from "./search-latency.ts";

const SHOPPERS = 50;
const ROUNDS = 4;
export const ADDRESS = "1425 N Damen Ave, Chicago, IL 60622";

/**
 * Checkout under load through the API, on PostgreSQL with the seeded catalogue: 50 signed-in shoppers fill their
 * carts, then all place their orders at once, four rounds (sandbox card tokens made beforehand: the provider's
 * page is not ours). Orders per second over the placing wall time, the calls' p50 and p95, and the oversell count
 * when the 50 race for the last 20 bottles of one product (sold minus what there was: must be 0). `db`: a database
 * to measure on (left open) instead of a fresh schema under `pgUrl` (BENCH_ONLY=scale's scaled databases).
 */
export async function measureCheckout(pgUrl: string, options: { db?: Db } = {}) {
  const { db, close } = options.db
    ? { db: options.db, close: async () => {} }
    : await openBenchDb("postgres", pgUrl);
  try {
    await migrate(db);
    await seedCatalogue(db);
    const app = await productionApp(db);
    try {
      const shoppers: { browser: TestBrowser; userId: string }[] = [];
      for (let i = 0; i < SHOPPERS; i++) {
        const user = await createUser(db);
        const browser = await signedInBrowser(app, user);
        const set = await browser.post("/order/address", { address: ADDRESS });
        if (set.statusCode !== 200) throw new Error(`address: ${set.body}`);
        shoppers.push({ browser, userId: user.id });
      }
      const { store_id } = (await shoppers[0].browser.get("/menu/vendor")).json<{ store_id: string }>();
      // ASAP when the store is open now, else its first slot (the bench runs at any hour).
      const availability = (await shoppers[0].browser.get("/menu/availability")).json<Availability>();
      const when = firstDeliveryTime(availability);
      const skus = await stockedSkus(db, store_id, {
        minPriceCents: 3000,
        limit: SHOPPERS + 1,
        stock: 10_000,
      });
      const token = async () =>
        (
          await app.inject({
            method: "POST",
            url: "/sandbox-pay/v1/tokens",
            payload: { number: "4242424242424242", exp_month: 12, exp_year: 2031, cvc: "123" },
          })
        ).json<{ id: string }>().id;

      let profiler: ReturnType<typeof placingProfiler> | undefined;
      const fill = async (s: (typeof shoppers)[number], sku: string) => {
        const add = await s.browser.post("/menu/cart/v2", { skus: [{ sku, qty: 1, store_id }] });
        if (add.statusCode !== 200) throw new Error(`add: ${add.body}`);
      };
      const place = async (s: (typeof shoppers)[number], card: string) => {
        const t0 = performance.now();
        const res = await s.browser.post("/order/v3", {
          id: checkoutIdFor(s.userId, new Date(Date.now() + Math.random() * 1e6)),
          paymentMethod: { type: "token", token: card },
          ...when,
        });
        return { took: performance.now() - t0, status: res.statusCode, body: res.body };
      };
      /** Every shopper fills a cart (not timed), then all 50 place their orders at once (timed). */
      const round = async (skuOf: (i: number) => string) => {
        await Promise.all(shoppers.map((s, i) => fill(s, skuOf(i))));
        const cards = await Promise.all(shoppers.map(token));
        const started = performance.now();
        const cpu = process.cpuUsage();
        const pgBefore = process.env.BENCH_DEBUG ? pgCpu() : 0;
        await profiler?.start();
        const answers = await Promise.all(shoppers.map((s, i) => place(s, cards[i])));
        const seconds = (performance.now() - started) / 1000;
        const used = process.cpuUsage(cpu);
        await profiler?.stop();
        if (process.env.BENCH_DEBUG)
          console.log(
            `round: ${(seconds * 1000).toFixed(0)} ms, node cpu ${((used.user + used.system) / 1000).toFixed(0)} ms,`,
            `postgres cpu ${pgCpu() - pgBefore} ms`,
          );
        return { answers, seconds };
      };

      // Warm-up: one round, not counted (plans, caches, the job queue's first inserts).
      await round((i) => skus[i]);
      profiler = process.env.BENCH_PROFILE ? placingProfiler(process.env.BENCH_PROFILE) : undefined;
      const samples: number[] = [];
      let placed = 0;
      let seconds = 0;
      for (let n = 0; n < ROUNDS; n++) {
        const r = await round((i) => skus[(i + n) % SHOPPERS]);
        for (const a of r.answers) {
          if (a.status !== 200) throw new Error(`checkout answered ${a.status}: ${a.body}`);
          samples.push(a.took);
        }
        placed += r.answers.length;
        seconds += r.seconds;
      }

      // The race for the last 20.
      const last = skus[SHOPPERS];
      await db
        .updateTable("inventory")
        .set({ stock: 20 })
        .where("store_id", "=", store_id)
        .where("sku_id", "=", last)
        .execute();
      const { answers: race } = await round(() => last);
      const sold = race.filter((r) => r.status === 200).length;
      const { stock } = await db
        .selectFrom("inventory")
        .select("stock")
        .where("store_id", "=", store_id)
        .where("sku_id", "=", last)
        .executeTakeFirstOrThrow();
      samples.sort((a, b) => a - b);
      return {
        ordersPerSecond: placed / seconds,
        p50: percentile(samples, 50),
        p95: percentile(samples, 95),
        oversold: sold - 20 + Math.max(0, -stock),
        sold,
        storeId: store_id,
      };
    } finally {
      await app.close();
    }
  } finally {
    await close();
  }
}

/**
 * BENCH_PROFILE=file.cpuprofile: a CPU profile of the first timed round of placing alone (not seeding, filling or
 * tokens), for Chrome's DevTools or `node --import tsx bench/profile-summary.ts file`.
 */
function placingProfiler(file: string) {
  const session = new Session();
  session.connect();
  const post = (method: string, params?: object) =>
    new Promise<unknown>((resolve, reject) =>
      session.post(method, params, (err, result) => (err ? reject(err) : resolve(result))),
    );
  let done = false;
  return {
    async start() {
      if (done) return;
      await post("Profiler.enable");
      await post("Profiler.setSamplingInterval", { interval: 200 });
      await post("Profiler.start");
    },
    async stop() {
      if (done) return;
      done = true;
      const { profile } = (await post("Profiler.stop")) as { profile: object };
      writeFileSync(file, JSON.stringify(profile));
      session.disconnect();
    },
  };
}

/** CPU time (ms) of the PostgreSQL processes on this machine, when it runs them (BENCH_DEBUG). */
function pgCpu(): number {
  let ticks = 0;
  for (const pid of readdirSync("/proc")) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      if (!stat.includes("(postgres)")) continue;
      const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      ticks += Number(f[11]) + Number(f[12]);
    } catch {
      // The process ended while read.
    }
  }
  return ticks * 10;
}
