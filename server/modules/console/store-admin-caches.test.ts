import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Product } from "#domain/catalogue/types.ts";
import { type App, buildApp } from "#server/app.ts";
import { loadConfig } from "#server/config.ts";
import { type Db, openDb } from "#server/platform/db.ts";
import { createUser, signedInBrowser } from "#tests/factories/accounts.ts";
import { createDeliveryFixture } from "#tests/factories/delivery-fixture.ts";
import { openTestDb, type TestDb, testDatabases } from "#tests/support/db.ts";

const WHISKEY = "IA-9001-750"; // $29.99 at Manhattan, 50 in stock
const MANHATTAN = "d-manhattan";

/**
 * A staff change reaches shoppers through the answers kept in memory (ADR 0007 product answers, ADR 0013 front door,
 * the store list): with the caches on, as in production, on this instance at once and on another within moments.
 */
describe.each(testDatabases)("console changes and the answer caches on %s", (kind) => {
  let t: TestDb;
  let app: App;
  const open: { app: App; db?: Db }[] = [];
  const build = (db: Db) =>
    buildApp({ config: loadConfig({ NODE_ENV: "test" }), db, logger: false, answerCaches: true });

  beforeAll(async () => {
    t = await openTestDb(kind);
    await createDeliveryFixture(t.db);
    app = await build(t.db);
    open.push({ app });
  });
  afterAll(async () => {
    for (const o of open.reverse()) {
      await o.app.close();
      await o.db?.destroy();
    }
    await t.close();
  });

  const priceVia = async (a: App) => {
    const res = await a.inject({ url: `/menu/product/${WHISKEY}`, headers: { "x-store-id": MANHATTAN } });
    return res.json<{ products: Product[] }>().products[0].price;
  };
  const setPrice = (price_cents: number) =>
    t.db
      .updateTable("inventory")
      .set({ price_cents })
      .where("sku_id", "=", WHISKEY)
      .where("store_id", "=", MANHATTAN)
      .execute();
  const staffBrowser = async (a: App) =>
    signedInBrowser(a, await createUser(t.db, { role: "store_staff", store_id: MANHATTAN }));
  const patchPrice = async (a: App, was: number, price_cents: number) => {
    const staff = await staffBrowser(a);
    const res = await staff.request("PATCH", `/api/console/stock/${WHISKEY}`, {
      price_cents,
      was: { price_cents: was, package_item_price_cents: null, stock: 50 },
    });
    expect(res.statusCode, res.body).toBe(200);
  };

  it("a price staff change is the next price a shopper reads, though the product answer is kept", async () => {
    expect(await priceVia(app)).toBe(2999);
    // The kept answer hides a write that bypasses the console (the cache is really on)…
    await setPrice(2899);
    expect(await priceVia(app)).toBe(2999);
    // …while the console's change is read at once.
    await patchPrice(app, 2899, 2799);
    expect(await priceVia(app)).toBe(2799);
  });

  it("the front door forgets its replayed answers too", async () => {
    const address = await app.listen({ port: 0, host: "127.0.0.1" });
    const fetchPrice = async () => {
      const res = await fetch(`${address}/menu/product/${WHISKEY}`, { headers: { "x-store-id": MANHATTAN } });
      return ((await res.json()) as { products: Product[] }).products[0].price;
    };
    await patchPrice(app, 2799, 2699);
    expect(await fetchPrice()).toBe(2699);
    await setPrice(2599);
    expect(await fetchPrice()).toBe(2699); // replayed from the door
    await patchPrice(app, 2599, 2499);
    expect(await fetchPrice()).toBe(2499);
  });

  it.runIf(kind === "postgres")(
    "another instance forgets its kept answers when told by the database",
    async () => {
      const second = await openDb({ kind: "postgres", url: t.url! });
      const other = await build(second.db);
      open.push({ app: other, db: second.db });
      const before = (await priceVia(other)) ?? 0;
      await setPrice(before + 100);
      expect(await priceVia(other)).toBe(before); // kept there
      await patchPrice(app, before + 100, 1999);
      const deadline = Date.now() + 3000;
      let seen = await priceVia(other);
      while (seen !== 1999 && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 50));
        seen = await priceVia(other);
      }
      expect(seen).toBe(1999);
    },
  );

  it.runIf(kind === "postgres")("another instance's store list follows a zone change", async () => {
    const other = open[open.length - 1].app;
    const hints = { lat: "40.75", lng: "-74.05" };
    const storeVia = async () =>
      (await other.inject({ url: "/menu/vendor", headers: hints })).json().store_id;
    expect(await storeVia()).toBe("d-shipping");
    const admin = await signedInBrowser(app, await createUser(t.db, { role: "admin" }));
    const res = await admin.request("PUT", "/api/console/admin/stores/d-brooklyn/zone", {
      zone: {
        type: "Polygon",
        coordinates: [
          [
            [-74.1, 40.6],
            [-73.9, 40.6],
            [-73.9, 40.8],
            [-74.1, 40.8],
            [-74.1, 40.6],
          ],
        ],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const deadline = Date.now() + 3000;
    let seen = await storeVia();
    while (seen !== "d-brooklyn" && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
      seen = await storeVia();
    }
    expect(seen).toBe("d-brooklyn");
  });
});
