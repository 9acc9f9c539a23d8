import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, buildApp } from "#server/app.ts";
import { loadConfig } from "#server/config.ts";
import { openTestDb, type TestDb, testDatabases } from "#tests/support/db.ts";

describe.each(testDatabases)("GET /images on %s", (kind) => {
  let t: TestDb;
  let app: App;

  beforeAll(async () => {
    t = await openTestDb(kind);
    await t.db
      .insertInto("categories")
      .values({
        id: "cat_red-wine",
        name: "Red Wine",
        web_display_name: "Red Wine",
        url_name: "red-wine",
        tag: "RW",
        product_tags: ["RW"],
        ordinal: 1,
        root_category_display: "WEB_SUB",
      })
      .execute();
    await t.db
      .insertInto("products")
      .values([
        {
          sku_id: "IA-19476-750",
          title: "Maker's Mark",
          brand_name: "Maker's Mark",
          tags: ["WS"],
          default_category: "whiskey",
          variant_group: "iowa:makers-mark:makers-mark",
          regular_price_cents: 3499,
          image: "/images/products/IA-19476-750.svg",
          volume_ml: 750,
          volume_label: "750ml",
          source: "iowa",
          source_ref: "19476",
        },
        {
          sku_id: "IA-19476-750_ETCH",
          title: "Maker's Mark — Engraved",
          brand_name: "Maker's Mark",
          tags: ["WS"],
          default_category: "whiskey",
          variant_group: "iowa:makers-mark:makers-mark:etched",
          regular_price_cents: 5499,
          image: "/images/products/IA-19476-750_ETCH.svg",
          source: "iowa",
          source_ref: "19476",
          etch_of: "IA-19476-750",
        },
      ])
      .execute();
    app = await buildApp({ config: loadConfig({ NODE_ENV: "test" }), db: t.db, logger: false });
  });
  afterAll(async () => {
    await app?.close();
    await t?.close();
  });

  it.each(["IA-19476-750", "IA-19476-750_ETCH"])("serves a cacheable SVG for product %s", async (sku) => {
    const res = await app.inject({ method: "GET", url: `/images/products/${sku}.svg` });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("image/svg+xml; charset=utf-8");
    expect(res.headers["cache-control"]).toBe("public, max-age=86400");
    expect(res.body).toMatch(/^<svg /);
    expect(res.body).toContain("<title>Maker&#39;s Mark");
  });

  it("serves category art by url_name", async () => {
    const res = await app.inject({ method: "GET", url: "/images/categories/red-wine.svg" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("image/svg+xml; charset=utf-8");
    expect(res.body).toContain(">Red Wine</text>");
  });

  it.each([
    "/images/products/IA-99999999-750.svg",
    "/images/products/not-a-sku.svg",
    "/images/products/IA-19476-750.png",
    "/images/categories/no-such-category.svg",
  ])("answers 404 for %s", async (url) => {
    const res = await app.inject({ method: "GET", url });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe("not_found");
  });

  it("keeps a drawn product image with the answer caches on; a SKU without a product is not kept", async () => {
    const cached = await buildApp({
      config: loadConfig({ NODE_ENV: "test" }),
      db: t.db,
      logger: false,
      answerCaches: true,
    });
    const rename = (title: string) =>
      t.db.updateTable("products").set({ title }).where("sku_id", "=", "IA-19476-750").execute();
    try {
      const first = await cached.inject({ method: "GET", url: "/images/products/IA-19476-750.svg" });
      await rename("Renamed Bottle");
      const kept = await cached.inject({ method: "GET", url: "/images/products/IA-19476-750.svg" });
      expect(kept.statusCode).toBe(200);
      expect(kept.body).toBe(first.body);

      const missing = await cached.inject({ method: "GET", url: "/images/products/IA-55555-750.svg" });
      expect(missing.statusCode).toBe(404);
      await t.db
        .insertInto("products")
        .values({
          sku_id: "IA-55555-750",
          title: "New Arrival",
          brand_name: "New Arrival",
          tags: ["WS"],
          default_category: "whiskey",
          variant_group: "iowa:new-arrival:new-arrival",
          regular_price_cents: 1999,
          image: "/images/products/IA-55555-750.svg",
          volume_ml: 750,
          volume_label: "750ml",
          source: "iowa",
          source_ref: "55555",
        })
        .execute();
      const added = await cached.inject({ method: "GET", url: "/images/products/IA-55555-750.svg" });
      expect(added.statusCode).toBe(200);
      expect(added.body).toContain("New Arrival");
    } finally {
      await rename("Maker's Mark");
      await t.db.deleteFrom("products").where("sku_id", "=", "IA-55555-750").execute();
      await cached.close();
    }
  });
});
