import { beforeEach, describe, expect, it } from "vitest";
import type { Cart } from "#domain/cart/types.ts";
import type { AddressResult } from "#domain/geo/api.ts";
import { createDeliveryFixture, ZIP_POINTS } from "#tests/factories/delivery-fixture.ts";
import { useTestApp } from "#tests/support/app.ts";
import { TestBrowser } from "#tests/support/browser.ts";
import { testDatabases } from "#tests/support/db.ts";

/**
 * The cart after the delivery address moves to another store's area (ADR 0018), through HTTP: lines move to the
 * store that now serves the address at its prices, what it lacks stays in the cart unavailable and out of the
 * totals, and no add (so no split offer) comes from a store that does not serve the address.
 */
const WHISKEY = "IA-9001-750";
const BEER = "BC-9002-6X355";
const WINE = "BC-9003-750";
const ETCH = "IA-9001-750_ETCH";
const SCARCE = "IA-9004-750";
const CIGAR = "TB-9005-1";

const CHELSEA = "350 5th Ave, New York, NY 10001";
const BROOKLYN = "100 Montague St, Brooklyn, NY 11201";
const WASHINGTON = "1350 Pennsylvania Ave NW, Washington, DC 20004"; // outside every zone; spirits may be shipped there
const KEPT = "Unavailable items stay in your cart, left out of the total, until you remove them.";
const HAPPY = { line_1: "Happy", line_2: "40th", line_3: "" };

describe.each(testDatabases)("the cart when the delivery address moves, on %s", (kind) => {
  const s = useTestApp(kind, { fixture: createDeliveryFixture });
  let shopper: TestBrowser;
  beforeEach(() => {
    shopper = new TestBrowser(s.app);
  });

  const setAddress = async (address: string) => {
    const res = await shopper.post("/order/address", { address });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<AddressResult>();
  };
  const cart = async (headers: Record<string, string> = {}) => {
    const res = await shopper.get("/menu/cart/v2", headers);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Cart>();
  };
  const add = async (skus: object[], headers: Record<string, string> = {}) => {
    const res = await shopper.post("/menu/cart/v2", { skus }, headers);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Cart>();
  };
  const lines = (c: Cart) =>
    c.products.map((p) => [
      p.sku_id,
      p.store_id,
      p.qty,
      p.price,
      p.subtotal,
      p.available,
      p.unavailable_reason,
    ]);
  const storedStores = async (cartId: string) =>
    (await s.db.selectFrom("cart_lines").select("store_id").where("cart_id", "=", cartId).execute()).map(
      (r) => r.store_id,
    );

  it("moves lines to the new store at its prices; what it lacks stays, unavailable and out of the totals", async () => {
    await setAddress(CHELSEA);
    const before = await add([
      { sku: WHISKEY, qty: 2, store_id: "d-manhattan" },
      { sku: ETCH, qty: 1, store_id: "d-manhattan", meta: { engraving: HAPPY } },
      { sku: CIGAR, qty: 1, store_id: "d-manhattan" },
    ]);
    expect(before).toMatchObject({ subtotal: 2 * 2999 + 4499 + 1500, verification_required: true });

    const moved = await setAddress(BROOKLYN);
    expect(moved).toMatchObject({ store_id: "d-brooklyn", hasStoreIdChanged: true });
    expect(moved.cart).toEqual({
      store_id: "d-brooklyn",
      moved: 1,
      unavailable: [
        { cart_id: before.products[1].cart_id, sku_id: ETCH, title: "Fixture Bourbon (Engraved)" },
        { cart_id: before.products[2].cart_id, sku_id: CIGAR, title: "Fixture Cigar" },
      ],
      lowered: [],
      message: `Not available from Nightcap Brooklyn Heights: Fixture Bourbon (Engraved) and Fixture Cigar. ${KEPT}`,
    });

    const after = await cart();
    expect(lines(after)).toEqual([
      [WHISKEY, "d-brooklyn", 2, 3199, 6398, true, null],
      [ETCH, "d-brooklyn", 1, 0, 0, false, "not_sold"],
      [CIGAR, "d-brooklyn", 1, 0, 0, false, "not_sold"],
    ]);
    // Same lines (ids), the engraving moved with its bottle.
    expect(after.products.map((p) => p.cart_id)).toEqual(before.products.map((p) => p.cart_id));
    expect(after.products[1].engraving).toEqual(HAPPY);
    expect(after.engravings).toEqual([expect.objectContaining({ line_1: "Happy", master_id: ETCH })]);
    expect(after).toMatchObject({
      split: false,
      subtotal: 6398,
      total: 6398 + 499,
      verification_required: false,
      unavailable_message: `Not available from Nightcap Brooklyn Heights: Fixture Bourbon (Engraved) and Fixture Cigar. ${KEPT}`,
    });
    expect(Object.keys(after.split_cart)).toEqual(["d-brooklyn"]);
    expect(await storedStores(after.id!)).toEqual(["d-brooklyn", "d-brooklyn", "d-brooklyn"]);

    // Unavailable lines cannot be bought more of, and can be removed.
    const more = await shopper.request("PATCH", "/menu/cart/v2", {
      skus: [{ cart_id: after.products[2].cart_id, qty: 2 }],
    });
    expect(more.statusCode).toBe(400);
    expect(more.json()).toMatchObject({ error: { code: "insufficient_stock" } });
    const removed = await shopper.request("DELETE", "/menu/cart/v2", { ids: [after.products[2].cart_id] });
    expect(lines(removed.json<Cart>()).map((l) => l[0])).toEqual([WHISKEY, ETCH]);

    // Back in Chelsea the same lines are sold again, at Chelsea's prices, the engraving still on.
    const back = await setAddress(CHELSEA);
    expect(back.cart).toMatchObject({ store_id: "d-manhattan", moved: 2, unavailable: [], message: null });
    const home = await cart();
    expect(lines(home)).toEqual([
      [WHISKEY, "d-manhattan", 2, 2999, 5998, true, null],
      [ETCH, "d-manhattan", 1, 4499, 4499, true, null],
    ]);
    expect(home.products[1].engraving).toEqual(HAPPY);
    expect(home.unavailable_message).toBeNull();
  });

  it("offers a split only with stores that serve the address: an add from another store is refused", async () => {
    await setAddress(CHELSEA);
    await add([{ sku: WHISKEY, qty: 1, store_id: "d-manhattan" }]);
    await setAddress(BROOKLYN);
    // The cart is all at the Brooklyn store now: adding from it asks for nothing.
    const beer = await add([{ sku: BEER, qty: 1, store_id: "d-brooklyn" }]);
    expect(beer).toMatchObject({ split: false, multi_store_id: null });
    expect(Object.keys(beer.split_cart)).toEqual(["d-brooklyn"]);
    for (const [sku, store, name] of [
      [WHISKEY, "d-manhattan", "Nightcap Chelsea"],
      [WINE, "d-shipping", "Nightcap Nationwide Shipping"],
    ]) {
      for (const consent of ["false", "true"]) {
        const res = await shopper.post(
          "/menu/cart/v2",
          { skus: [{ sku, qty: 1, store_id: store }] },
          { "x-multi-store": consent },
        );
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json()).toEqual({
          error: {
            code: "store_not_serving",
            message: `${name} does not deliver to your address: Nightcap Brooklyn Heights does.`,
          },
        });
      }
    }
    expect(Object.keys((await cart()).split_cart)).toEqual(["d-brooklyn"]);
  });

  it("merges a moved line into the same SKU at the new store and lowers it to that store's stock", async () => {
    // No address yet: a split cart agreed between the two New York stores.
    await add([{ sku: WHISKEY, qty: 1, store_id: "d-manhattan" }]);
    const split = await add([{ sku: WHISKEY, qty: 2, store_id: "d-brooklyn" }], { "x-multi-store": "true" });
    await add([{ sku: SCARCE, qty: 2, store_id: "d-manhattan" }]);
    expect(split.split).toBe(true);
    const brooklynLine = split.products.find((p) => p.store_id === "d-brooklyn")!.cart_id;
    await s.db
      .updateTable("inventory")
      .set({ stock: 2 })
      .where("store_id", "=", "d-brooklyn")
      .where("sku_id", "=", WHISKEY)
      .execute();
    try {
      const first = await setAddress(BROOKLYN);
      expect(first).toMatchObject({ hasStoreIdChanged: false, store_change: null });
      expect(first.cart).toMatchObject({
        moved: 1,
        unavailable: [{ sku_id: SCARCE, title: "Fixture Rare Rye" }],
        lowered: [{ cart_id: brooklynLine, sku_id: WHISKEY, title: "Fixture Bourbon", qty: 2 }],
        message: `Not available from Nightcap Brooklyn Heights: Fixture Rare Rye. Only 2 of Fixture Bourbon at Nightcap Brooklyn Heights: quantity lowered. ${KEPT}`,
      });
      const merged = await cart();
      expect(lines(merged)).toEqual([
        [WHISKEY, "d-brooklyn", 2, 3199, 6398, true, null],
        [SCARCE, "d-brooklyn", 2, 0, 0, false, "not_sold"],
      ]);
      expect(merged.products[0].cart_id).toBe(brooklynLine);
      expect(merged).toMatchObject({ split: false, multi_store_id: null, subtotal: 6398 });
    } finally {
      await s.db
        .updateTable("inventory")
        .set({ stock: 50 })
        .where("store_id", "=", "d-brooklyn")
        .where("sku_id", "=", WHISKEY)
        .execute();
    }
  });

  it("outside every zone the lines go to the shipping store, which ships what it stocks", async () => {
    await setAddress(CHELSEA);
    await add([
      { sku: WHISKEY, qty: 1, store_id: "d-manhattan" },
      { sku: CIGAR, qty: 1, store_id: "d-manhattan" },
    ]);
    const out = await setAddress(WASHINGTON);
    expect(out).toMatchObject({ store_id: "d-shipping", vendor: { banner: { _id: "out_of_zone" } } });
    expect(out.cart).toMatchObject({ store_id: "d-shipping", moved: 1, unavailable: [{ sku_id: CIGAR }] });
    const shipped = await cart();
    expect(lines(shipped)).toEqual([
      [WHISKEY, "d-shipping", 1, 3299, 3299, true, null],
      [CIGAR, "d-shipping", 1, 0, 0, false, "not_sold"],
    ]);
    expect(shipped.selectedShippingOption).toEqual({ name: "Ground", price: 1299 });
    expect(shipped.total).toBe(3299 + 1299);
  });

  it("moves a cart read or written with a position its stores do not serve (the cart and address disagree)", async () => {
    await setAddress(CHELSEA);
    await add([{ sku: WHISKEY, qty: 1, store_id: "d-manhattan" }]);
    // The same cart read by a client that sends the Brooklyn position (the app, another device).
    const brooklyn = { lat: String(ZIP_POINTS.brooklyn11201.lat), lng: String(ZIP_POINTS.brooklyn11201.lng) };
    expect(lines(await cart(brooklyn))).toEqual([[WHISKEY, "d-brooklyn", 1, 3199, 3199, true, null]]);
    // Read again with the saved (Chelsea) address: back at Chelsea.
    expect(lines(await cart())).toEqual([[WHISKEY, "d-manhattan", 1, 2999, 2999, true, null]]);
    // A write with the Brooklyn position moves the cart before its own change.
    const written = await add([{ sku: BEER, qty: 1, store_id: "d-brooklyn" }], brooklyn);
    expect(lines(written)).toEqual([
      [WHISKEY, "d-brooklyn", 1, 3199, 3199, true, null],
      [BEER, "d-brooklyn", 1, 1299, 1299, true, null],
    ]);
    expect(written.split).toBe(false);
  });

  it("leaves a cart alone when nothing has to move, and a shopper without a cart gets none", async () => {
    const first = await setAddress(BROOKLYN);
    expect(first.cart).toBeNull();
    expect(
      await s.db
        .selectFrom("carts")
        .select("id")
        .where("owner", "=", `anon:${shopper.anonymousId}`)
        .execute(),
    ).toEqual([]);
    await add([{ sku: WHISKEY, qty: 1, store_id: "d-brooklyn" }]);
    const same = await setAddress("200 Montague St, Brooklyn, NY 11201");
    expect(same.cart).toBeNull();
  });
});
