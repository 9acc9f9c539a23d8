import { seedCatalogue } from "../db/seed/index.ts";
import type { Cart } from "../domain/cart/types.ts";
import { buildApp } from "../server/app.ts";
import { loadConfig } from "../server/config.ts";
import { migrate } from "../server/platform/db.ts";
import { TestBrowser } from "../tests/support/browser.ts";
import { openBenchDb, percentile } from "./search-latency.ts";

const SHOPPERS = 40;
const ITEMS_PER_SHOPPER = 5;

/**
 * Cart add and quantity-update latency through the API (validation, row lock, pricing and the whole Cart
 * answer included), on the seeded catalogue: each shopper adds five products one by one, then changes each
 * line's quantity. Samples are the add and update calls together.
 */
export async function measureCartLatency(
  kind: "pglite" | "postgres",
  pgUrl: string,
): Promise<{ p50: number; p95: number }> {
  const { db, close } = await openBenchDb(kind, pgUrl);
  try {
    await migrate(db);
    await seedCatalogue(db);
    const store = await db
      .selectFrom("inventory as i")
      .innerJoin("stores as s", "s.id", "i.store_id")
      .select(["i.store_id", (eb) => eb.fn.countAll<number>().as("n")])
      .where("s.is_shipping", "=", false)
      .where("i.stock", ">=", 10)
      .groupBy("i.store_id")
      .orderBy("n", "desc")
      .limit(1)
      .executeTakeFirstOrThrow();
    const skus = (
      await db
        .selectFrom("inventory")
        .select("sku_id")
        .where("store_id", "=", store.store_id)
        .where("stock", ">=", 10)
        .where("sku_id", "not like", "%\\_ETCH")
        .orderBy("sku_id")
        .limit(ITEMS_PER_SHOPPER * 4)
        .execute()
    ).map((r) => r.sku_id);
    const app = await buildApp({ config: loadConfig({ NODE_ENV: "test" }), db, logger: false });
    const samples: number[] = [];
    const timed = async (run: () => Promise<{ statusCode: number; body: string }>, what: string) => {
      const t0 = performance.now();
      const res = await run();
      const took = performance.now() - t0;
      if (res.statusCode !== 200) throw new Error(`${what} answered ${res.statusCode}: ${res.body}`);
      return { took, res };
    };
    for (let shopper = 0; shopper < SHOPPERS; shopper++) {
      // A web shopper: anonymous cookie and the page's CSRF token, as the storefront sends them.
      const browser = new TestBrowser(app);
      await browser.refresh();
      let cart: Cart | null = null;
      for (let i = 0; i < ITEMS_PER_SHOPPER; i++) {
        const sku = skus[(shopper + i) % skus.length];
        const { took, res } = await timed(
          () =>
            browser.request("POST", "/menu/cart/v2", { skus: [{ sku, qty: 1, store_id: store.store_id }] }),
          "add",
        );
        cart = JSON.parse(res.body) as Cart;
        if (shopper > 0) samples.push(took); // the first shopper warms caches and plans
      }
      for (const line of cart?.products ?? []) {
        const { took } = await timed(
          () => browser.request("PATCH", "/menu/cart/v2", { skus: [{ cart_id: line.cart_id, qty: 2 }] }),
          "update",
        );
        if (shopper > 0) samples.push(took);
      }
    }
    await app.close();
    samples.sort((a, b) => a - b);
    return { p50: percentile(samples, 50), p95: percentile(samples, 95) };
  } finally {
    await close();
  }
}
