import { seedCatalogue } from "../db/seed/index.ts";
import type { Availability } from "../domain/availability/types.ts";
import { checkoutIdFor } from "../domain/checkout/request.ts";
import { ORDER_STATUS } from "../domain/orders/status.ts";
import { buildApp } from "../server/app.ts";
import { loadConfig } from "../server/config.ts";
import { refreshCoPurchase } from "../server/modules/recommendations/index.ts";
import { migrate } from "../server/platform/db.ts";
import { createUser, signedInBrowser } from "../tests/factories/accounts.ts";
import type { TestBrowser } from "../tests/support/browser.ts";
import { firstDeliveryTime, stockedSkus } from "../tests/support/shopping.ts";
import { openBenchDb, percentile } from "./search-latency.ts";

const SHOPPERS = 20;
const ORDERS_PER_SHOPPER = 2;
const ITEMS_PER_ORDER = 3;
const ROUNDS = 10;
const ADDRESS = "1425 N Damen Ave, Chicago, IL 60622";

/**
 * Recommendation latency through the API on the seeded catalogue (issue 17): 20 signed-in shoppers place two
 * orders of three products each from a pool of 24 (so products recur together), the orders are marked completed
 * and the co-purchase table rebuilt (the job's work; not timed). Then, ten rounds: each shopper's
 * GET /menu/recommendation/user/{id} (buy again and what goes with it) and POST /menu/recommendation/checkout for
 * the SKUs of their first order (frequently bought together mixed before the category suggestions).
 */
export async function measureRecommendationLatency(kind: "pglite" | "postgres", pgUrl: string) {
  const { db, close } = await openBenchDb(kind, pgUrl);
  try {
    await migrate(db);
    await seedCatalogue(db);
    const app = await buildApp({ config: loadConfig({ NODE_ENV: "test" }), db, logger: false });
    try {
      const shoppers: { browser: TestBrowser; userId: string; firstOrder: string[] }[] = [];
      for (let i = 0; i < SHOPPERS; i++) {
        const user = await createUser(db);
        const browser = await signedInBrowser(app, user);
        const set = await browser.post("/order/address", { address: ADDRESS });
        if (set.statusCode !== 200) throw new Error(`address: ${set.body}`);
        shoppers.push({ browser, userId: user.id, firstOrder: [] });
      }
      const { store_id } = (await shoppers[0].browser.get("/menu/vendor")).json<{ store_id: string }>();
      const availability = (await shoppers[0].browser.get("/menu/availability")).json<Availability>();
      const when = firstDeliveryTime(availability);
      const pool = await stockedSkus(db, store_id, { minPriceCents: 1500, limit: 24, stock: 10_000 });
      for (const [i, s] of shoppers.entries()) {
        for (let n = 0; n < ORDERS_PER_SHOPPER; n++) {
          const skus = Array.from(
            { length: ITEMS_PER_ORDER },
            (_, k) => pool[(i * 5 + n * 7 + k * 3) % pool.length],
          );
          if (n === 0) s.firstOrder = skus;
          const add = await s.browser.post("/menu/cart/v2", {
            skus: skus.map((sku) => ({ sku, qty: 1, store_id })),
          });
          if (add.statusCode !== 200) throw new Error(`add: ${add.body}`);
          const token = (
            await app.inject({
              method: "POST",
              url: "/sandbox-pay/v1/tokens",
              payload: { number: "4242424242424242", exp_month: 12, exp_year: 2031, cvc: "123" },
            })
          ).json<{ id: string }>().id;
          const placed = await s.browser.post("/order/v3", {
            id: checkoutIdFor(s.userId, new Date(Date.now() + i * 1000 + n)),
            paymentMethod: { type: "token", token },
            ...when,
          });
          if (placed.statusCode !== 200) throw new Error(`order: ${placed.body}`);
        }
      }
      // Delivered (the console's moves are not what is measured here).
      await db.updateTable("orders").set({ order_status: ORDER_STATUS.completed }).execute();
      const refreshed = await refreshCoPurchase(db, new Date());

      const timed = async (samples: number[], run: () => Promise<{ statusCode: number; body: string }>) => {
        const t0 = performance.now();
        const res = await run();
        samples.push(performance.now() - t0);
        if (res.statusCode !== 200) throw new Error(`recommendation answered ${res.statusCode}: ${res.body}`);
      };
      const user: number[] = [];
      const checkout: number[] = [];
      for (let round = -1; round < ROUNDS; round++) {
        // Round -1 warms plans and caches and is not counted.
        const u: number[] = round < 0 ? [] : user;
        const c: number[] = round < 0 ? [] : checkout;
        for (const s of shoppers) {
          await timed(u, () => s.browser.get(`/menu/recommendation/user/${s.userId}`));
          await timed(c, () => s.browser.post("/menu/recommendation/checkout", { skus: s.firstOrder }));
        }
      }
      user.sort((a, b) => a - b);
      checkout.sort((a, b) => a - b);
      return {
        user: { p50: percentile(user, 50), p95: percentile(user, 95) },
        checkout: { p50: percentile(checkout, 50), p95: percentile(checkout, 95) },
        orders: refreshed.orders,
        pairs: refreshed.pairs,
        samples: user.length,
      };
    } finally {
      await app.close();
    }
  } finally {
    await close();
  }
}
