import { describe, expect, it } from "vitest";
import { createCategory, createProduct, stock } from "#tests/factories/catalogue.ts";
import { createDeliveryFixture } from "#tests/factories/delivery-fixture.ts";
import { type TestApp, useTestApp } from "#tests/support/app.ts";
import { testDatabases } from "#tests/support/db.ts";

const GIFTS = {
  under25: "GG-1-750",
  band25: "GG-2-750",
  band50: "GG-3-750",
  band100: "GG-4-750",
  engraved: "GG-5-750",
  soldOut: "GG-6-750",
  notAGift: "GG-7-750",
  elsewhere: "GG-8-750",
};

async function fixture(db: TestApp["db"]) {
  await createDeliveryFixture(db);
  await createCategory(db, {
    id: "cat_gifting",
    url_name: "gifting",
    name: "Gifts",
    tag: "GFS",
    product_tags: ["GFS", "EN", "GW"],
    ordinal: 5,
  });
  const shelf: [string, string[], number, number, string][] = [
    [GIFTS.under25, ["GFS"], 1999, 5, "d-manhattan"],
    [GIFTS.band25, ["GFS", "WS"], 2500, 5, "d-manhattan"],
    [GIFTS.band50, ["GW"], 9999, 5, "d-manhattan"],
    [GIFTS.band100, ["GFS"], 15000, 1, "d-manhattan"],
    [GIFTS.engraved, ["EN"], 6000, 3, "d-manhattan"],
    [GIFTS.soldOut, ["GFS"], 3000, 0, "d-manhattan"],
    [GIFTS.notAGift, ["WS"], 3000, 9, "d-manhattan"],
    [GIFTS.elsewhere, ["GFS"], 3000, 9, "d-brooklyn"],
  ];
  for (const [sku_id, tags, price, units, store] of shelf) {
    await createProduct(db, { sku_id, tags, title: `Gift ${sku_id}`, regular_price_cents: price });
    await stock(db, store, sku_id, price, { stock: units });
  }
}

interface Guide {
  store: { id: string } | null;
  url: string;
  tags: string[];
  bands: { key: string; title: string; products: { sku_id: string; price: number }[] }[];
}

describe.each(testDatabases)("the gift guide on %s", (kind) => {
  const s = useTestApp(kind, { fixture });

  it("lists the store's gifts in stock by price band, from the gifting category's tags", async () => {
    const res = await s.app.inject({
      method: "GET",
      url: "/menu/gift-guide",
      headers: { "x-store-id": "d-manhattan" },
    });
    expect(res.statusCode, res.body).toBe(200);
    const guide = res.json<Guide>();
    expect(guide.store?.id).toBe("d-manhattan");
    expect(guide.url).toBe("/gifting");
    expect(guide.tags).toEqual(["GFS", "EN", "GW"]);
    expect(guide.bands.map((b) => [b.title, b.products.map((p) => p.sku_id).sort()])).toEqual([
      ["Under $25", [GIFTS.under25]],
      ["$25 to $50", [GIFTS.band25]],
      ["$50 to $100", [GIFTS.band50, GIFTS.engraved].sort()],
      ["$100 and up", [GIFTS.band100]],
    ]);
    expect(guide.bands[0].products[0].price).toBe(1999);
  });

  it("follows the shopper's store: another store's shelf gives another guide", async () => {
    const res = await s.app.inject({
      method: "GET",
      url: "/menu/gift-guide",
      headers: { "x-store-id": "d-brooklyn" },
    });
    const guide = res.json<Guide>();
    expect(guide.bands.flatMap((b) => b.products.map((p) => p.sku_id))).toEqual([GIFTS.elsewhere]);
  });

  it("answers for the default store without any hint", async () => {
    const res = await s.app.inject({ method: "GET", url: "/menu/gift-guide" });
    expect(res.statusCode).toBe(200);
    expect(res.json<Guide>().bands).toHaveLength(4);
  });
});
