import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cityLabel } from "#domain/catalogue/city-label.ts";
import { GIFT_BAG_SKU, HOME_TILES } from "#domain/catalogue/constants.ts";
import { ENGRAVING_PRICE_CENTS } from "#domain/catalogue/etching.ts";
import { storePriceCents } from "#domain/catalogue/pricing.ts";
import { GIFT_TAGS, SPIRIT_TAGS, WINE_TAGS } from "#domain/catalogue/product-tags.ts";
import { SKU_PATTERN } from "#domain/catalogue/sku.ts";
import { openTestDb, type TestDb, testDatabases } from "#tests/support/db.ts";
import { CURATED_ITEMS } from "./curated.ts";
import { type SeedResult, seedCatalogue } from "./index.ts";
import { STORE_SEEDS } from "./stores.ts";

const DEFAULT_STORE = "st_chi-river-north";

describe.each(testDatabases)("seedCatalogue on %s", (kind) => {
  let t: TestDb;
  let first: SeedResult;

  beforeAll(async () => {
    t = await openTestDb(kind);
    first = await seedCatalogue(t.db);
  }, 240_000);
  afterAll(async () => {
    await t?.close();
  });

  const count = async (query: ReturnType<typeof sql<{ n: number }>>) =>
    Number((await query.execute(t.db)).rows[0].n);

  it("loads every sellable row of both lists, the curated set and the engraved variants", async () => {
    expect(first.skipped).toBe(false);
    const bySource = await t.db
      .selectFrom("products")
      .select(["source", sql<number>`count(*)::int`.as("n")])
      .groupBy("source")
      .execute();
    const n = Object.fromEntries(bySource.map((r) => [r.source, Number(r.n)]));
    // Iowa: 8,320 rows less 7 distillery ingredients, plus 10 engraved copies of Iowa bottles.
    expect(n.iowa).toBe(8320 - 7 + 10);
    // BC: 6,144 rows less the culinary cooking alcohol and the one row without a price.
    expect(n.bc).toBe(6144 - 2);
    expect(n.curated).toBe(CURATED_ITEMS.length);
    expect(first.products).toBe(n.iowa + n.bc + n.curated);
  });

  it("skips what is not a drink for sale", async () => {
    expect(await count(sql`select count(*) as n from products where title ilike 'ingredient%'`)).toBe(0);
    expect(await count(sql`select count(*) as n from products where source_ref in ('711358', '10256')`)).toBe(
      0,
    );
  });

  it("gives every product a valid SKU, a tag, a known default category and its generated image", async () => {
    const products = await t.db
      .selectFrom("products")
      .select([
        "sku_id",
        "tags",
        "default_category",
        "image",
        "regular_price_cents",
        "variant_group",
        "source",
      ])
      .execute();
    const categories = new Set(
      (await t.db.selectFrom("categories").select("url_name").execute()).map((c) => c.url_name),
    );
    for (const p of products) {
      expect(p.sku_id).toMatch(SKU_PATTERN);
      expect(p.tags.length).toBeGreaterThan(0);
      expect(categories.has(p.default_category)).toBe(true);
      expect(p.image).toBe(`/images/products/${p.sku_id}.svg`);
      // Source prices are derived to end in .99; the curated set has its own prices.
      if (p.source !== "curated") expect(p.regular_price_cents % 100).toBe(99);
      expect(p.variant_group).not.toBe("");
    }
  });

  it("names the examples of the brief as the spec's SKU form and readable titles", async () => {
    const rows = await t.db
      .selectFrom("products")
      .select(["sku_id", "title", "brand_name", "volume_label", "package_qty", "subtitle", "tags"])
      .where("sku_id", "in", ["IA-10006-750", "BC-562835-6X341", "IA-19476-750", "NC-MX001-1L"])
      .orderBy("sku_id")
      .execute();
    expect(rows).toEqual([
      {
        sku_id: "BC-562835-6X341",
        title: "Parallel 49 Filthy Dirty IPA",
        brand_name: "Parallel 49",
        volume_label: "6 x 341ml",
        package_qty: 6,
        subtitle: "6 x 341ml · 7.2% ABV",
        tags: ["BE", "LR"],
      },
      {
        sku_id: "IA-10006-750",
        title: "Scoresby Rare Scotch",
        brand_name: "Scoresby",
        volume_label: "750ml",
        package_qty: 1,
        subtitle: "750ml · 40% ABV",
        tags: ["WS"],
      },
      {
        sku_id: "IA-19476-750",
        title: "Maker's Mark",
        brand_name: "Maker's Mark",
        volume_label: "750ml",
        package_qty: 1,
        subtitle: "750ml · 45% ABV",
        // One of the bottles we engrave: gifting lists it (EN).
        tags: ["WS", "EN"],
      },
      {
        sku_id: "NC-MX001-1L",
        title: "Schweppes Tonic Water",
        brand_name: "Schweppes",
        volume_label: "1L",
        package_qty: 1,
        subtitle: "1L",
        tags: ["MX"],
      },
    ]);
  });

  it("builds the category tree with the spec's gifting entry and tobacco flags", async () => {
    const categories = await t.db.selectFrom("categories").selectAll().execute();
    const byUrl = new Map(categories.map((c) => [c.url_name, c]));
    const main = categories.filter((c) => c.root_category_display === "WEB_MAIN").map((c) => c.url_name);
    expect(main.sort()).toEqual(
      ["beer", "wine", "spirits", "nicotine-tobacco", "seltzer", "gifting", "more", "sexual-wellness"].sort(),
    );
    expect(byUrl.get("gifting")).toMatchObject({ ordinal: 5, tag: "GFS", id: "cat_gifting" });
    expect(byUrl.get("wine")?.product_tags).toEqual(["RW", "WW", "RS", "SW"]);
    expect(byUrl.get("red-wine")).toMatchObject({ parent_id: "cat_wine", root_category_display: "WEB_SUB" });
    expect(byUrl.get("cigars-tobacco")).toMatchObject({ parent_id: "cat_more", is_tobacco: true });
    expect(byUrl.get("nicotine-tobacco")?.is_tobacco).toBe(true);
    for (const campaign of ["stpaddys", "beers-of-the-month", "me-time-whiskeys"]) {
      expect(byUrl.get(campaign)?.root_category_display).toBe("WEB_STOREFRONT");
    }
    expect(categories.some((c) => c.ordinal === null)).toBe(true);
    for (const c of categories) {
      expect(c.icon).toBe(`/images/categories/${c.url_name}.svg`);
      expect(c.description?.endsWith(".")).toBe(true);
      if (c.parent_id) expect(categories.some((p) => p.id === c.parent_id)).toBe(true);
    }
  });

  it("has in-stock products at the default store for every category and every home tile", async () => {
    const rows = await sql<{ url_name: string; n: number }>`
      select c.url_name, count(i.sku_id)::int as n
      from categories c
      left join products p on p.tags && c.product_tags and not p.disabled
      left join inventory i on i.sku_id = p.sku_id and i.store_id = ${DEFAULT_STORE} and i.stock > 0
      group by c.url_name`.execute(t.db);
    const inStock = new Map(rows.rows.map((r) => [r.url_name, Number(r.n)]));
    for (const [urlName, n] of inStock) expect(n, urlName).toBeGreaterThan(0);
    for (const tile of HOME_TILES) expect(inStock.get(tile.url), tile.name).toBeGreaterThan(0);
    expect(inStock.get("me-time-whiskeys")).toBeLessThanOrEqual(12);
    expect(inStock.get("beers-of-the-month")).toBeLessThanOrEqual(12);
  });

  it("has ten cities whose zones exercise every city label rule, each with delivery stores", async () => {
    const cities = await t.db.selectFrom("cities").selectAll().execute();
    expect(cities).toHaveLength(10);
    const labels = new Map(cities.map((c) => [c.code, cityLabel(c)]));
    expect(labels.get("SJ")).toBe("South Bay");
    expect(labels.get("DCMETRO")).toBe("DC");
    expect(labels.get("CHI")).toBe("CHI");
    expect(new Set(cities.map((c) => c.zone))).toEqual(new Set([1, 2, 3, 4, 6, 7, 8, 11, 14, 15]));
    const stores = await t.db.selectFrom("stores").selectAll().execute();
    for (const city of cities) {
      const local = stores.filter((s) => s.city_code === city.code && !s.is_shipping);
      expect(local.length).toBeGreaterThanOrEqual(1);
      expect(local.length).toBeLessThanOrEqual(2);
    }
  });

  it("has exactly one default store (Chicago) and one nationwide shipping store", async () => {
    const stores = await t.db.selectFrom("stores").selectAll().execute();
    expect(stores.filter((s) => s.is_default).map((s) => s.id)).toEqual([DEFAULT_STORE]);
    const shipping = stores.filter((s) => s.is_shipping);
    expect(shipping).toHaveLength(1);
    expect(shipping[0].zone).toBeNull();
    for (const store of stores.filter((s) => !s.is_shipping)) {
      const zone = store.zone as { type: string; coordinates: number[][][] };
      expect(zone.type).toBe("Polygon");
      expect(zone.coordinates[0][0]).toEqual(zone.coordinates[0].at(-1));
      expect(Object.keys(store.hours).sort()).toEqual(["fri", "mon", "sat", "sun", "thu", "tue", "wed"]);
      expect(store.price_factor).toBeGreaterThanOrEqual(0.95);
      expect(store.price_factor).toBeLessThanOrEqual(1.08);
    }
  });

  it("stocks every store consistently: known rows only, prices from the store factor, curated everywhere", async () => {
    expect(
      await count(
        sql`select count(*) as n from inventory i left join products p using (sku_id) where p.sku_id is null`,
      ),
    ).toBe(0);
    expect(
      await count(
        sql`select count(*) as n from inventory i left join stores s on s.id = i.store_id where s.id is null`,
      ),
    ).toBe(0);
    expect(await count(sql`select count(*) as n from inventory where price_cents % 100 <> 99`)).toBe(0);
    expect(await count(sql`select count(*) as n from inventory where stock < 0 or stock > 60`)).toBe(0);
    // Buying the pack always saves something (spec §5 'Buy {n} Save ${amount}').
    expect(
      await count(sql`
        select count(*) as n from inventory i join products p using (sku_id)
        where p.package_qty > 1 and (i.package_item_price_cents is null or i.package_item_price_cents * p.package_qty <= i.price_cents)`),
    ).toBe(0);

    const products = await count(sql`select count(*) as n from products where source <> 'curated'`);
    for (const store of STORE_SEEDS.filter((s) => !s.is_shipping)) {
      const carried = await count(
        sql`select count(*) as n from inventory i join products p using (sku_id) where i.store_id = ${store.id} and p.source <> 'curated'`,
      );
      expect(carried / products, store.id).toBeGreaterThan(0.65);
      expect(carried / products, store.id).toBeLessThan(0.93);
      expect(
        await count(
          sql`select count(*) as n from inventory i join products p using (sku_id) where i.store_id = ${store.id} and p.source = 'curated'`,
        ),
      ).toBe(CURATED_ITEMS.length);
      const sample = await t.db
        .selectFrom("inventory")
        .innerJoin("products", "products.sku_id", "inventory.sku_id")
        .select(["inventory.price_cents", "products.regular_price_cents"])
        .where("inventory.store_id", "=", store.id)
        .limit(50)
        .execute();
      for (const row of sample)
        expect(row.price_cents).toBe(storePriceCents(row.regular_price_cents, store.price_factor));
    }
    const zeroShare =
      (await count(
        sql`select count(*) as n from inventory where store_id = ${DEFAULT_STORE} and stock = 0`,
      )) / (await count(sql`select count(*) as n from inventory where store_id = ${DEFAULT_STORE}`));
    expect(zeroShare).toBeGreaterThan(0.03);
    expect(zeroShare).toBeLessThan(0.07);
  });

  it("ships wine and spirits (and gift extras) only from the shipping store", async () => {
    const shippable = [...WINE_TAGS, ...SPIRIT_TAGS];
    expect(
      await count(sql`
        select count(*) as n from inventory i join products p using (sku_id)
        where i.store_id = 'st_ship-napa'
          and not (p.tags && ${sql.lit(`{${shippable.join(",")}}`)}::text[])
          and not (p.source = 'curated' and p.tags && ${sql.lit(`{${GIFT_TAGS.join(",")}}`)}::text[])`),
    ).toBe(0);
    expect(
      await count(
        sql`select count(*) as n from inventory i join products p using (sku_id) where i.store_id = 'st_ship-napa' and p.is_tobacco`,
      ),
    ).toBe(0);
    expect(
      await count(sql`select count(*) as n from inventory where store_id = 'st_ship-napa'`),
    ).toBeGreaterThan(10_000);
  });

  it("has the gift bag, engraved variants, the hand-picked campaigns and tobacco brands", async () => {
    expect(
      await t.db.selectFrom("products").select("title").where("sku_id", "=", GIFT_BAG_SKU).executeTakeFirst(),
    ).toEqual({
      title: "Nightcap Gift Bag",
    });
    const etched = await sql<{
      sku_id: string;
      title: string;
      price: number;
      master_title: string;
      master_price: number;
    }>`
      select e.sku_id, e.title, e.regular_price_cents as price, m.title as master_title, m.regular_price_cents as master_price
      from products e join products m on m.sku_id = e.etch_of`.execute(t.db);
    expect(etched.rows).toHaveLength(10);
    for (const e of etched.rows) {
      expect(e.sku_id).toMatch(/_ETCH$/);
      expect(e.title).toBe(`${e.master_title} — Engraved`);
      expect(e.price).toBe(e.master_price + ENGRAVING_PRICE_CENTS);
    }
    expect(await count(sql`select count(*) as n from products where 'MT' = any(tags)`)).toBe(12);
    expect(await count(sql`select count(*) as n from products where 'LR' = any(tags)`)).toBe(12);
    expect(await count(sql`select count(*) as n from products where 'IR' = any(tags)`)).toBeGreaterThan(100);
    expect(
      await count(sql`select count(*) as n from products where is_tobacco and source <> 'curated'`),
    ).toBe(0);
    const tobaccoBrands = await sql<{ name: string; has_tobacco: boolean }>`
      select distinct b.name, b.has_tobacco from brands b join products p on p.brand_id = b.id where p.is_tobacco`.execute(
      t.db,
    );
    expect(tobaccoBrands.rows.length).toBeGreaterThan(5);
    expect(tobaccoBrands.rows.every((b) => b.has_tobacco)).toBe(true);
    expect(
      await count(
        sql`select count(*) as n from products p join brands b on b.id = p.brand_id where b.name <> p.brand_name`,
      ),
    ).toBe(0);
  });

  it("fills the shelf search reads: every sellable inventory row, nothing else", async () => {
    expect(await shelfDrift()).toEqual({ missing: 0, extra: 0 });
    expect(await count(sql`select count(*) as n from shelf`)).toBe(
      await count(sql`
        select count(*) as n from inventory i join products p on p.sku_id = i.sku_id
        where not p.disabled and p.etch_of is null`),
    );
  });

  it("skips a second run over the same data at once", async () => {
    const again = await seedCatalogue(t.db);
    expect(again).toMatchObject({ skipped: true, checksum: first.checksum });
    expect(again.ms).toBeLessThan(2000);
  });

  it("reseeds in place: same rows, same SKUs, same brand ids; products it no longer makes are disabled, not deleted", async () => {
    const snapshot = async () => ({
      products: await count(sql`select count(*) as n from products`),
      skus: (await t.db.selectFrom("products").select("sku_id").orderBy("sku_id").execute()).map(
        (r) => r.sku_id,
      ),
      brands: await t.db.selectFrom("brands").select(["id", "slug"]).orderBy("id").execute(),
      inventory: await count(sql`select count(*) as n from inventory`),
      categories: await count(sql`select count(*) as n from categories`),
      stores: await count(sql`select count(*) as n from stores`),
      shelf: await count(sql`select count(*) as n from shelf`),
    });
    await t.db
      .insertInto("products")
      .values({
        sku_id: "IA-1-750",
        title: "Discontinued",
        tags: ["WS"],
        default_category: "whiskey",
        variant_group: "iowa:gone",
        regular_price_cents: 999,
        image: "/images/products/IA-1-750.svg",
        source: "iowa",
        source_ref: "1",
      })
      .execute();
    const before = await snapshot();
    const again = await seedCatalogue(t.db, { force: true });
    expect(again.skipped).toBe(false);
    expect(await snapshot()).toEqual(before);
    const gone = await t.db
      .selectFrom("products")
      .select("disabled")
      .where("sku_id", "=", "IA-1-750")
      .executeTakeFirst();
    expect(gone).toEqual({ disabled: true });
    expect(await count(sql`select count(*) as n from products where disabled`)).toBe(1);
    expect(await shelfDrift()).toEqual({ missing: 0, extra: 0 });
  }, 240_000);

  /** Rows the shelf lacks or has too many, against its definition (shelf_source). */
  async function shelfDrift() {
    const { rows } = await sql<{ missing: number; extra: number }>`
      select
        (select count(*)::int from (select * from shelf_source except select * from shelf) x) as missing,
        (select count(*)::int from (select * from shelf except select * from shelf_source) x) as extra`.execute(
      t.db,
    );
    return rows[0];
  }
});
