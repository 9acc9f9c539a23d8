import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import type { SearchResults } from "#domain/catalogue/types.ts";
import { createCatalogueFixture } from "#tests/factories/catalogue-fixture.ts";
import { useTestApp } from "#tests/support/app.ts";
import { testDatabases } from "#tests/support/db.ts";

const MANHATTAN = "nyc-manhattan";
const BROOKLYN = "nyc-brooklyn";
const JAMESON = "IA-10157-750";

/**
 * The shelf (migration 0006-shelf) is derived from inventory ⋈ products by triggers: whatever writes the
 * catalogue, search sees it at once, and the shelf always equals its definition (shelf_source).
 */
describe.each(testDatabases)("the shelf search reads, on %s", (kind) => {
  const s = useTestApp(kind, { fixture: createCatalogueFixture });

  const search = async (query: string, storeId: string, extra: object = {}) => {
    const res = await s.app.inject({
      method: "POST",
      url: "/menu/search/v4",
      payload: { query, facets: true, ...extra },
      headers: { "x-store-id": storeId },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as SearchResults;
  };
  const jamesonIn = async (storeId: string) =>
    (await search("jameson", storeId)).products.find((p) => p.sku_id === JAMESON);
  const expectShelfTrue = async () => {
    const { rows } = await sql<{ missing: number; extra: number }>`
      select
        (select count(*)::int from (select * from shelf_source except select * from shelf) x) as missing,
        (select count(*)::int from (select * from shelf except select * from shelf_source) x) as extra`.execute(
      s.db,
    );
    expect(rows[0]).toEqual({ missing: 0, extra: 0 });
  };

  /** The transaction that last wrote a shelf row: unchanged means the row was not rewritten. */
  const shelfRowVersion = async (storeId: string, skuId: string) =>
    (
      await sql<{ xmin: string }>`
        select xmin::text from shelf where store_id = ${storeId} and sku_id = ${skuId}`.execute(s.db)
    ).rows[0].xmin;

  it("holds every sellable product of every store after the catalogue is written", async () => {
    await expectShelfTrue();
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from shelf`.execute(s.db);
    expect(rows[0].n).toBeGreaterThan(70);
  });

  it("follows a price change: the new price is found, sorted and faceted", async () => {
    await s.db
      .updateTable("inventory")
      .set({ price_cents: 500 })
      .where("store_id", "=", MANHATTAN)
      .where("sku_id", "=", JAMESON)
      .execute();
    expect((await jamesonIn(MANHATTAN))?.price).toBe(500);
    const cheapest = await search("jameson", MANHATTAN, { sort: { field: "price", order: "asc" } });
    expect(cheapest.products[0].sku_id).toBe(JAMESON);
    const under10 = await search("jameson", MANHATTAN, { filters: { price: ["under-10"] } });
    expect(under10.products.map((p) => p.sku_id)).toEqual([JAMESON]);
    expect((await jamesonIn(BROOKLYN))?.price).toBe(3199);
    await expectShelfTrue();
  });

  it("leaves the shelf row alone when only the stock changes (a sale)", async () => {
    const before = await shelfRowVersion(MANHATTAN, JAMESON);
    await s.db
      .updateTable("inventory")
      .set({ stock: 3 })
      .where("store_id", "=", MANHATTAN)
      .where("sku_id", "=", JAMESON)
      .execute();
    expect(await shelfRowVersion(MANHATTAN, JAMESON)).toBe(before);
    expect((await jamesonIn(MANHATTAN))?.stock).toBe(3);
  });

  it("drops a product from search when it is disabled, in every store, and brings it back", async () => {
    await s.db.updateTable("products").set({ disabled: true }).where("sku_id", "=", JAMESON).execute();
    expect(await jamesonIn(MANHATTAN)).toBeUndefined();
    expect(await jamesonIn(BROOKLYN)).toBeUndefined();
    await expectShelfTrue();
    await s.db.updateTable("products").set({ disabled: false }).where("sku_id", "=", JAMESON).execute();
    expect(await jamesonIn(BROOKLYN)).toBeDefined();
    await expectShelfTrue();
  });

  it("finds a product by its new title once the title changes (the text index follows)", async () => {
    expect((await search("glenmorangie", BROOKLYN)).count).toBe(0);
    await s.db
      .updateTable("products")
      .set({ title: "Jameson Glenmorangie Cask Edition" })
      .where("sku_id", "=", JAMESON)
      .execute();
    expect((await search("glenmorangie", BROOKLYN)).products.map((p) => p.sku_id)).toEqual([JAMESON]);
    await expectShelfTrue();
  });

  it("follows stores starting and stopping to sell a product", async () => {
    const { sku_id } = await s.db
      .selectFrom("inventory")
      .select("sku_id")
      .where("store_id", "=", MANHATTAN)
      .where("sku_id", "like", "IA-10158%")
      .executeTakeFirstOrThrow();
    const inBrooklyn = async () =>
      (await search("jameson", BROOKLYN)).products.some((p) => p.sku_id === sku_id);
    expect(await inBrooklyn()).toBe(false);
    await s.db
      .insertInto("inventory")
      .values({ store_id: BROOKLYN, sku_id, price_cents: 5299, package_item_price_cents: null, stock: 4 })
      .execute();
    expect(await inBrooklyn()).toBe(true);
    await s.db
      .deleteFrom("inventory")
      .where("store_id", "=", BROOKLYN)
      .where("sku_id", "=", sku_id)
      .execute();
    expect(await inBrooklyn()).toBe(false);
    await expectShelfTrue();
  });
});
