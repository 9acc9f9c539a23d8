import { describe, expect, it } from "vitest";
import { checkoutIdFor } from "#domain/checkout/request.ts";
import { gtinCheckDigit } from "#domain/feeds/layouts.ts";
import { createUser, signedInBrowser } from "#tests/factories/accounts.ts";
import { createProduct, stock } from "#tests/factories/catalogue.ts";
import { staffOf } from "#tests/factories/console.ts";
import { createDeliveryFixture } from "#tests/factories/delivery-fixture.ts";
import { cardToken } from "#tests/factories/placed-orders.ts";
import { shopperWithCart } from "#tests/factories/shopper.ts";
import { type TestApp, useTestApp } from "#tests/support/app.ts";
import { testDatabases } from "#tests/support/db.ts";
import type { FeedPreview } from "./feeds.ts";

/**
 * Shelf feeds over HTTP (issue 34 §1, docs/adr/0070-shelf-feeds.md): a generic CSV with the store's column mapping and
 * a Square export, each previewed (nothing changes) and then applied; a bad file reported line by line with nothing
 * kept; applying twice changes nothing more; the audit log names the feed; shoppers see the new shelf at once.
 */
const STORE = "d-manhattan";
const upc = (body11: string) => `${body11}${gtinCheckDigit(body11)}`;
const GIN = { sku: "FD-9001-750", upc: upc("08100000001"), title: "Feed Dry Gin" };
const RUM = { sku: "FD-9002-750", upc: upc("08100000002"), title: "Feed Dark Rum" };
const MEZCAL = { sku: "FD-9003-750", upc: upc("08100000003"), title: "Feed Mezcal Joven" };
const VERMOUTH = { sku: "FD-9004-750", upc: upc("08100000004"), title: "Feed Sweet Vermouth" };

async function fixture(db: TestApp["db"]) {
  await createDeliveryFixture(db);
  for (const p of [GIN, RUM, MEZCAL, VERMOUTH])
    await createProduct(db, { sku_id: p.sku, upc: p.upc, title: p.title, regular_price_cents: 2999 });
}

const MAPPING = { upc: "Barcode", name: "Description", price: "Retail", quantity: "On Hand" };

describe.each(testDatabases)("shelf feeds on %s", (kind) => {
  const s = useTestApp(kind, { fixture });
  const shelf = async () =>
    Object.fromEntries(
      (
        await s.db
          .selectFrom("inventory")
          .select(["sku_id", "price_cents", "stock"])
          .where("store_id", "=", STORE)
          .where("sku_id", "in", [GIN.sku, RUM.sku, MEZCAL.sku, VERMOUTH.sku])
          .execute()
      ).map((r) => [r.sku_id, { price: r.price_cents, stock: r.stock }]),
    );
  const reset = async () => {
    await s.db
      .deleteFrom("inventory")
      .where("store_id", "=", STORE)
      .where("sku_id", "in", [GIN.sku, RUM.sku, MEZCAL.sku, VERMOUTH.sku])
      .execute();
    await stock(s.db, STORE, GIN.sku, 2999, { stock: 10 });
    await stock(s.db, STORE, RUM.sku, 1999, { stock: 5 });
    await stock(s.db, STORE, VERMOUTH.sku, 1499, { stock: 7 });
  };

  it("a generic CSV: previewed without a change, applied once, audited, and on the shoppers' shelf at once", async () => {
    await reset();
    const { staff } = await staffOf(s, STORE);
    const csv = [
      "Barcode,Description,Retail,On Hand",
      `${GIN.upc},Dry Gin 750ml,31.99,10`, // price up
      `${RUM.upc},Dark Rum 750ml,19.99,2`, // stock down
      `${MEZCAL.upc},Mezcal Joven 750ml,45.00,6`, // new on the shelf
      "000000000000,Mystery Bottle,9.99,1", // nothing matches… and 000000000000 is a valid code
    ].join("\n");
    const preview = await staff.post("/api/console/feeds", { csv, mapping: MAPPING, missing: "zero" });
    expect(preview.statusCode, preview.body).toBe(200);
    const dry = preview.json<FeedPreview>();
    expect(dry).toMatchObject({
      layout: "generic",
      lines: 4,
      missing: "zero",
      status: "previewed",
      counts: { priceUp: 1, priceDown: 0, stockChanged: 1, newlyStocked: 1 },
      unmatched: [{ line: 5, name: "Mystery Bottle" }],
    });
    expect(dry.changes).toEqual(
      expect.arrayContaining([
        { kind: "update", skuId: GIN.sku, line: 2, price: { from: 2999, to: 3199 } },
        { kind: "update", skuId: RUM.sku, line: 3, stock: { from: 5, to: 2 } },
        { kind: "new", skuId: MEZCAL.sku, line: 4, priceCents: 4500, stock: 6 },
        { kind: "zero", skuId: VERMOUTH.sku, stock: { from: 7, to: 0 } },
      ]),
    );
    // The dry run changed nothing.
    expect(await shelf()).toEqual({
      [GIN.sku]: { price: 2999, stock: 10 },
      [RUM.sku]: { price: 1999, stock: 5 },
      [VERMOUTH.sku]: { price: 1499, stock: 7 },
    });
    // A shopper's product answer before, to see it change at once after.
    const shopper = await signedInBrowser(s.app, await createUser(s.db));
    const before = await shopper.get(`/menu/product/${GIN.sku}`, { "x-store-id": STORE });
    expect(before.statusCode, before.body).toBe(200);

    const applied = await staff.post(`/api/console/feeds/${dry.id}/apply`, {});
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json()).toMatchObject({ status: "applied", batches: { done: 1, total: 1 } });
    expect(await shelf()).toEqual({
      [GIN.sku]: { price: 3199, stock: 10 },
      [RUM.sku]: { price: 1999, stock: 2 },
      [MEZCAL.sku]: { price: 4500, stock: 6 },
      [VERMOUTH.sku]: { price: 1499, stock: 0 },
    });
    const after = await shopper.get(`/menu/product/${GIN.sku}`, { "x-store-id": STORE });
    expect(JSON.stringify(after.json())).toContain("3199");

    // Applying again changes nothing more; the audit names the feed once.
    await s.db
      .updateTable("inventory")
      .set({ stock: 9 })
      .where("store_id", "=", STORE)
      .where("sku_id", "=", RUM.sku)
      .execute();
    expect((await staff.post(`/api/console/feeds/${dry.id}/apply`, {})).json().status).toBe("applied");
    expect((await shelf())[RUM.sku].stock).toBe(9);
    const audit = await s.db
      .selectFrom("console_audit")
      .select(["action", "detail"])
      .where("action", "=", "stock.feed")
      .where("store_id", "=", STORE)
      .execute();
    expect(audit.filter((a) => (a.detail as { feed_id: string }).feed_id === dry.id)).toHaveLength(1);
    expect((await staff.get(`/api/console/feeds/${dry.id}`)).json()).toMatchObject({
      status: "applied",
      lines: 4,
    });
  });

  it("a Square export: matched by its GTIN and the store's location column; products left out kept", async () => {
    await reset();
    const { staff } = await staffOf(s, STORE);
    const csv = [
      '"Token","Item Name","Variation Name","SKU","GTIN","Price","Current Quantity Chelsea","Current Quantity Soho"',
      `"T1","Feed Dry Gin","750ml","","${GIN.upc}","29.99","4","40"`,
      `"T2","Feed Sweet Vermouth","Regular","","${VERMOUTH.upc}","12.99","7","1"`,
    ].join("\n");
    const preview = await staff.post("/api/console/feeds", {
      csv,
      missing: "keep",
      square_location: "Chelsea",
    });
    expect(preview.statusCode, preview.body).toBe(200);
    const dry = preview.json<FeedPreview>();
    // The fixture's other bottles on this shelf are left out too, and kept.
    expect(dry).toMatchObject({ layout: "square", lines: 2, counts: { missingChanged: 0 } });
    expect(dry.counts.missing).toBeGreaterThanOrEqual(1);
    expect((await staff.post(`/api/console/feeds/${dry.id}/apply`, {})).statusCode).toBe(200);
    expect(await shelf()).toEqual({
      [GIN.sku]: { price: 2999, stock: 4 },
      [RUM.sku]: { price: 1999, stock: 5 },
      [VERMOUTH.sku]: { price: 1299, stock: 7 },
    });
  });

  it("a bad file is reported line by line and column, and nothing of it is kept", async () => {
    await reset();
    const { staff } = await staffOf(s, STORE);
    const csv = [
      "Barcode,Description,Retail,On Hand",
      `${GIN.upc},Dry Gin,thirty,10`,
      `${RUM.upc},,19.99,-2`,
    ].join("\n");
    const feeds = async () => (await s.db.selectFrom("shelf_feeds").select("id").execute()).length;
    const before = await feeds();
    const res = await staff.post("/api/console/feeds", { csv, mapping: MAPPING, missing: "keep" });
    expect(res.statusCode, res.body).toBe(422);
    const error = res.json().error;
    expect(error.code).toBe("feed_rejected");
    expect(error.message).toMatch(/^The file has \d+ problems: nothing was changed\.$/);
    expect(Object.keys(error.details)).toEqual(
      expect.arrayContaining(["line 2, Retail", "line 3, Description"]),
    );
    expect(await feeds()).toBe(before);
    expect((await shelf())[GIN.sku]).toEqual({ price: 2999, stock: 10 });
  });

  it("staff work on their own store's feeds only; another store's feed is not found", async () => {
    await reset();
    const { staff } = await staffOf(s, STORE);
    const csv = ["Barcode,Description,Retail,On Hand", `${GIN.upc},Dry Gin,30.99,10`].join("\n");
    const dry = (
      await staff.post("/api/console/feeds", { csv, mapping: MAPPING, missing: "keep" })
    ).json<FeedPreview>();
    const { staff: other } = await staffOf(s, "d-brooklyn");
    expect((await other.post(`/api/console/feeds/${dry.id}/apply`, {})).statusCode).toBe(404);
    expect(
      (await other.post("/api/console/feeds", { csv, mapping: MAPPING, missing: "keep", store_id: STORE }))
        .statusCode,
    ).toBe(403);
    const shopper = await signedInBrowser(s.app, await createUser(s.db));
    expect(
      (await shopper.post("/api/console/feeds", { csv, mapping: MAPPING, missing: "keep" })).statusCode,
    ).toBe(403);
    expect((await shelf())[GIN.sku].price).toBe(2999);
  });

  it("a feed racing checkouts for the last units never hands out what was sold: stock ends at the count less sales", async () => {
    await reset();
    const { staff } = await staffOf(s, STORE);
    // The shelf says 5 rum; the shop counted 2 when it exported.
    const csv = ["Barcode,Description,Retail,On Hand", `${RUM.upc},Dark Rum,19.99,2`].join("\n");
    const dry = (
      await staff.post("/api/console/feeds", { csv, mapping: MAPPING, missing: "keep" })
    ).json<FeedPreview>();
    const buyers = await Promise.all(
      Array.from({ length: 4 }, () =>
        shopperWithCart(s, [
          { sku: RUM.sku, qty: 1, store_id: STORE },
          // Above the store's $20 minimum; the feed leaves the gin as it is.
          { sku: GIN.sku, qty: 1, store_id: STORE },
        ]),
      ),
    );
    const tokens = await Promise.all(buyers.map(() => cardToken(s)));
    let clock = Date.now();
    const place = (i: number) =>
      buyers[i].browser.post("/order/v3", {
        id: checkoutIdFor(buyers[i].user.id, new Date(clock++)),
        paymentMethod: { type: "token", token: tokens[i] },
        deliveryTime: "asap",
      });
    // One sells between the dry run and the apply; the others race the apply.
    expect((await place(0)).statusCode).toBe(200);
    const [applied, ...answers] = await Promise.all([
      staff.post(`/api/console/feeds/${dry.id}/apply`, {}),
      place(1),
      place(2),
      place(3),
    ]);
    expect(applied.statusCode, applied.body).toBe(200);
    const sold = 1 + answers.filter((a) => a.statusCode === 200).length;
    for (const refused of answers.filter((a) => a.statusCode !== 200))
      expect(refused.statusCode, refused.body).toBe(409);
    // Whatever the order: sold before the apply comes off the shop's count, sold after takes what it left.
    // (Sales before the apply went by the shelf's 5: the file was not yet applied.)
    expect((await shelf())[RUM.sku].stock).toBe(Math.max(0, 2 - sold));
  });

  it("the next upload starts from how the store's last file was read", async () => {
    const { staff } = await staffOf(s, "d-brooklyn");
    expect((await staff.get("/api/console/feeds/settings")).json()).toEqual({
      store_id: "d-brooklyn",
      layout: "square",
      mapping: null,
      square_location: null,
      missing: "keep",
    });
    const csv = ["Barcode,Description,Retail,On Hand", `${GIN.upc},Dry Gin,30.99,10`].join("\n");
    const res = await staff.post("/api/console/feeds", { csv, mapping: MAPPING, missing: "zero" });
    expect(res.statusCode, res.body).toBe(200);
    expect((await staff.get("/api/console/feeds/settings")).json()).toEqual({
      store_id: "d-brooklyn",
      layout: "generic",
      mapping: MAPPING,
      square_location: null,
      missing: "zero",
    });
  });
  it("the store's review: a proposal accepted and a product named for an unmatched line, read again from the kept file and remembered for the next file", async () => {
    await reset();
    const { staff } = await staffOf(s, STORE);
    const mapping = { sku: "Code", name: "Description", price: "Retail", quantity: "On Hand" };
    const csv = [
      "Code,Description,Retail,On Hand",
      "HOUSE-GIN,Feed Dry Gin 750ml,33.99,10", // no UPC, a SKU of the store's own: only proposed
      "HOUSE-RUM,Zq Xv Special,18.49,5", // nothing matches it
    ].join("\n");
    const first = (
      await staff.post("/api/console/feeds", { csv, mapping, missing: "keep" })
    ).json<FeedPreview>();
    expect(first.proposed).toEqual([expect.objectContaining({ line: 2, sku_id: GIN.sku })]);
    expect(first.unmatched).toEqual([expect.objectContaining({ line: 3, sku: "HOUSE-RUM" })]);
    expect(first.changes).toEqual([]);

    // Refused choices change nothing: a SKU the catalogue lacks, a line that was not open, another store's feed.
    const again = (extra: object) =>
      staff.post("/api/console/feeds", { from_feed: first.id, missing: "keep", ...extra });
    const unknown = await again({ map: [{ line: 3, sku_id: "NO-0000-750" }] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.code).toBe("feed_unknown_sku");
    const notOpen = await again({ map: [{ line: 2, sku_id: RUM.sku }] });
    expect(notOpen.json().error.code).toBe("feed_line_not_open");
    const { staff: other } = await staffOf(s, "d-brooklyn");
    expect(
      (await other.post("/api/console/feeds", { from_feed: first.id, missing: "keep" })).statusCode,
    ).toBe(404);

    const reviewed = await again({
      accept: [{ line: 2, sku_id: GIN.sku }],
      map: [{ line: 3, sku_id: RUM.sku }],
    });
    expect(reviewed.statusCode, reviewed.body).toBe(200);
    const dry = reviewed.json<FeedPreview>();
    expect(dry).toMatchObject({ proposed: [], unmatched: [], lines: 2, layout: "generic" });
    expect(dry.changes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: "update", skuId: GIN.sku, line: 2, price: { from: 2999, to: 3399 } }),
        expect.objectContaining({ kind: "update", skuId: RUM.sku, line: 3, price: { from: 1999, to: 1849 } }),
      ]),
    );
    const maps = await s.db
      .selectFrom("feed_code_maps")
      .select(["code_kind", "code", "sku_id"])
      .where("store_id", "=", STORE)
      .orderBy("code")
      .execute();
    expect(maps).toEqual([
      { code_kind: "sku", code: "HOUSE-GIN", sku_id: GIN.sku },
      { code_kind: "sku", code: "HOUSE-RUM", sku_id: RUM.sku },
    ]);

    // The store's next file matches both lines by itself.
    const next = (
      await staff.post("/api/console/feeds", { csv, mapping, missing: "keep" })
    ).json<FeedPreview>();
    expect(next).toMatchObject({ proposed: [], unmatched: [] });
    expect(next.changes.map((c) => c.skuId).sort()).toEqual([GIN.sku, RUM.sku].sort());
  });
});
