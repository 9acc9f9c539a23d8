import { seedCatalogue } from "../db/seed/index.ts";
import { csvCell } from "../domain/feeds/layouts.ts";
import { buildApp } from "../server/app.ts";
import { loadConfig } from "../server/config.ts";
import { migrate } from "../server/platform/db.ts";
import { createUser, signedInBrowser } from "../tests/factories/accounts.ts";
import { openBenchDb } from "./search-latency.ts";

/** Console edits timed for the baseline: one row at a time, as a store kept its shelf before feeds. */
const EDITS = 200;

export interface FeedFigures {
  lines: number;
  changes: number;
  previewMs: number;
  applyMs: number;
  /** The same changes as one console edit each, extrapolated from EDITS timed edits. */
  oneByOneMs: number;
}

/**
 * A whole shelf from a point-of-sale file (issue 34 §1, docs/adr/0070-shelf-feeds.md): the seeded store with the most
 * products, every product's price up a cent and one fewer in stock, as a mapped CSV; the dry run and the apply timed
 * through the API. The baseline is the console's one-row edit (PATCH /api/console/stock/{sku}) timed EDITS times and
 * multiplied out to the same number of changes.
 */
export async function measureFeedApply(kind: "pglite" | "postgres", pgUrl: string): Promise<FeedFigures> {
  const { db, close } = await openBenchDb(kind, pgUrl);
  try {
    await migrate(db);
    await seedCatalogue(db);
    const store = await db
      .selectFrom("inventory")
      .select(["store_id", (eb) => eb.fn.countAll<number>().as("n")])
      .groupBy("store_id")
      .orderBy("n", "desc")
      .limit(1)
      .executeTakeFirstOrThrow();
    const shelf = await db
      .selectFrom("inventory as i")
      .innerJoin("products as p", "p.sku_id", "i.sku_id")
      .select(["i.sku_id", "p.title", "i.price_cents", "i.package_item_price_cents", "i.stock"])
      .where("i.store_id", "=", store.store_id)
      .orderBy("i.sku_id")
      .execute();
    const app = await buildApp({ config: loadConfig({ NODE_ENV: "test" }), db, logger: false });
    const staff = await signedInBrowser(
      app,
      await createUser(db, {
        role: "store_staff",
        store_id: store.store_id,
        email: "bench-feed@example.com",
      }),
    );
    const feed = shelf.filter((r) => r.stock > 0);
    const csv = [
      "SKU,Name,Price,Quantity",
      ...feed.map((r) =>
        [r.sku_id, csvCell(r.title), ((r.price_cents + 1) / 100).toFixed(2), String(r.stock - 1)].join(","),
      ),
    ].join("\n");
    const mapping = { sku: "SKU", name: "Name", price: "Price", quantity: "Quantity" };

    let t0 = performance.now();
    const preview = await staff.post("/api/console/feeds", { csv, mapping, missing: "keep" });
    const previewMs = performance.now() - t0;
    if (preview.statusCode !== 200)
      throw new Error(`feed preview answered ${preview.statusCode}: ${preview.body}`);
    const dry = preview.json<{ id: string; counts: { priceUp: number } }>();
    t0 = performance.now();
    const applied = await staff.post(`/api/console/feeds/${dry.id}/apply`, {});
    const applyMs = performance.now() - t0;
    if (applied.statusCode !== 200)
      throw new Error(`feed apply answered ${applied.statusCode}: ${applied.body}`);

    // The baseline: the same kind of change, one console edit per row, on rows the feed has just set.
    const rows = feed.slice(0, EDITS);
    t0 = performance.now();
    for (const r of rows) {
      const was = {
        price_cents: r.price_cents + 1,
        package_item_price_cents: r.package_item_price_cents,
        stock: r.stock - 1,
      };
      const res = await staff.request("PATCH", `/api/console/stock/${encodeURIComponent(r.sku_id)}`, {
        was,
        price_cents: r.price_cents + 2,
        stock: r.stock,
      });
      if (res.statusCode !== 200) throw new Error(`console edit answered ${res.statusCode}: ${res.body}`);
    }
    const perEdit = (performance.now() - t0) / rows.length;
    await app.close();
    return {
      lines: feed.length,
      changes: dry.counts.priceUp,
      previewMs,
      applyMs,
      oneByOneMs: perEdit * dry.counts.priceUp,
    };
  } finally {
    await close();
  }
}
