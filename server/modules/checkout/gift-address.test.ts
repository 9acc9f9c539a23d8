import { describe, expect, it } from "vitest";
import type { Availability } from "#domain/availability/types.ts";
import type { Cart } from "#domain/cart/types.ts";
import { checkoutIdFor } from "#domain/checkout/request.ts";
import type { GiftQuote } from "#domain/checkout/types.ts";
import type { SavedAddress } from "#domain/geo/api.ts";
import { GIFT_ADDRESS_MESSAGES, notServedMessage } from "#domain/gifts/address.ts";
import type { GiftView } from "#domain/gifts/types.ts";
import { giftHeadline } from "#domain/gifts/wording.ts";
import type { Order } from "#domain/orders/types.ts";
import type { Db } from "#server/platform/db.ts";
import { createDeliveryFixture } from "#tests/factories/delivery-fixture.ts";
import { cardToken } from "#tests/factories/placed-orders.ts";
import { MANHATTAN, shopperWithCart } from "#tests/factories/shopper.ts";
import { useTestApp } from "#tests/support/app.ts";
import { readOutbox, TestBrowser } from "#tests/support/browser.ts";
import { testDatabases } from "#tests/support/db.ts";

const WHISKEY = "IA-9001-750"; // sold by all three stores, at three prices
const SCARCE = "IA-9004-750"; // sold by Manhattan only
const BROOKLYN = "d-brooklyn";
const SHIPPING = "d-shipping";
/** In Brooklyn's zone (ZIP 11201), not Manhattan's: the sender's own address is in Chelsea (10001). */
const RECIPIENT_IN_BROOKLYN = "55 Water St, Brooklyn, NY 11201";
/** Outside both zones: only the shipping store serves it. */
const RECIPIENT_IN_CHICAGO = "233 S Wacker Dr, Chicago, IL 60601";
/** Outside both zones too, in the District, which lets the shipping store send spirits. */
const RECIPIENT_IN_WASHINGTON = "1350 Pennsylvania Ave NW, Washington, DC 20004";

let clock = Date.now();
const newCheckoutId = (userId: string) => checkoutIdFor(userId, new Date(clock++));

const shelf = (db: Db, storeId: string, sku: string) =>
  db
    .selectFrom("inventory")
    .select(["price_cents", "stock"])
    .where("store_id", "=", storeId)
    .where("sku_id", "=", sku)
    .executeTakeFirstOrThrow();

const gift = (email: string, extra: Record<string, unknown> = {}) => ({
  isGift: true,
  giftRecipient: "Dana",
  giftEmail: email,
  deliveryTime: "recipient",
  ...extra,
});

const danaEmail = () => `dana-${Math.random().toString(36).slice(2, 10)}@example.com`;

describe.each(testDatabases)("a gift to the recipient's address on %s", (kind) => {
  const s = useTestApp(kind, { fixture: createDeliveryFixture, workers: true });

  const quote = (browser: TestBrowser, body: Record<string, unknown>) =>
    browser.post("/order/gift-quote", body);
  const place = async (browser: TestBrowser, userId: string, body: Record<string, unknown>) =>
    browser.post("/order/v3", {
      id: newCheckoutId(userId),
      paymentMethod: { type: "token", token: await cardToken(s) },
      ...body,
    });

  it("is priced and reserved at the store serving the recipient's address; the sender's address and cart stay theirs", async () => {
    const { user, browser } = await shopperWithCart(s, [
      { sku: WHISKEY, qty: 2 },
      { sku: SCARCE, qty: 1 },
    ]);
    const atBrooklyn = await shelf(s.db, BROOKLYN, WHISKEY);
    const atManhattan = await shelf(s.db, MANHATTAN, WHISKEY);
    expect(atBrooklyn.price_cents).not.toBe(atManhattan.price_cents);

    // Before paying: who brings it there, at what price, and what that store lacks.
    const res = await quote(browser, { address: RECIPIENT_IN_BROOKLYN, unit: "2F", tip: { percent: 10 } });
    expect(res.statusCode, res.body).toBe(200);
    const q = res.json<GiftQuote>();
    expect(q).toMatchObject({
      delivery: "delivered",
      stores: [{ id: BROOKLYN, name: "Nightcap Brooklyn Heights" }],
      address: { zip: "11201", unit: "2F" },
    });
    expect(q.message).toBe(`Nightcap Brooklyn Heights delivers to ${q.address.address}.`);
    const whiskey = q.cart.products.find((p) => p.sku_id === WHISKEY);
    expect(whiskey).toMatchObject({ store_id: BROOKLYN, price: atBrooklyn.price_cents, available: true });
    expect(q.cart.products.find((p) => p.sku_id === SCARCE)).toMatchObject({
      store_id: BROOKLYN,
      available: false,
      unavailable_reason: "not_sold",
    });
    expect(q.moved?.unavailable.map((u) => u.sku_id)).toEqual([SCARCE]);
    expect(q.moved?.message).toContain("Fixture Rare Rye");
    expect(Object.keys(q.cart.split_cart)).toEqual([BROOKLYN]);
    expect(q.cart.subtotal).toBe(2 * atBrooklyn.price_cents);
    const brooklynTimes = (
      await browser.get("/menu/availability", { "x-store-id": BROOKLYN })
    ).json<Availability>();
    expect(q.availability?.eta).toEqual(brooklynTimes.eta);

    // Quoting wrote nothing: the sender's cart is still at their own store, whole.
    const own = (await browser.get("/menu/cart/v2")).json<Cart>();
    expect(own.products.map((p) => [p.sku_id, p.store_id, p.available])).toEqual([
      [WHISKEY, MANHATTAN, true],
      [SCARCE, MANHATTAN, true],
    ]);

    const placed = await place(
      browser,
      user.id,
      gift(danaEmail(), {
        giftAddress: { address: RECIPIENT_IN_BROOKLYN, unit: "2F" },
        tip: { percent: 10 },
        expectedTotal: q.cart.total,
      }),
    );
    expect(placed.statusCode, placed.body).toBe(200);
    const [order, ...others] = placed.json<{ orders: Order[] }>().orders;
    expect(others).toEqual([]);
    expect(order).toMatchObject({
      store: { id: BROOKLYN },
      order_status: 7,
      total: q.cart.total,
      products: [{ sku_id: WHISKEY, qty: 2, price: atBrooklyn.price_cents }],
      delivery_address_detail: { zip: "11201", unit: "2F", address: q.address.address },
    });
    // The stock came off Brooklyn's shelf, not the sender's store's.
    expect((await shelf(s.db, BROOKLYN, WHISKEY)).stock).toBe(atBrooklyn.stock - 2);
    expect((await shelf(s.db, MANHATTAN, WHISKEY)).stock).toBe(atManhattan.stock);

    // The sender's own address is as it was, and what the gift left out is still in their cart, at their store.
    const saved = (await browser.get("/order/address")).json<{ address: SavedAddress }>().address;
    expect(saved).toMatchObject({ zip: "10001", store_id: MANHATTAN });
    const after = (await browser.get("/menu/cart/v2")).json<Cart>();
    expect(after.products.map((p) => [p.sku_id, p.store_id, p.qty, p.available])).toEqual([
      [SCARCE, MANHATTAN, 1, true],
    ]);
  });

  it("ships to an address outside every zone: shipping offered and priced before paying, the order shipped", async () => {
    const { user, browser } = await shopperWithCart(s, [{ sku: WHISKEY, qty: 1 }]);
    const first = await quote(browser, { address: RECIPIENT_IN_WASHINGTON });
    expect(first.statusCode, first.body).toBe(200);
    const shipped = first.json<GiftQuote>();
    expect(shipped).toMatchObject({ delivery: "shipped", stores: [{ id: SHIPPING }], availability: null });
    expect(shipped.message).toContain("is outside our delivery zones");
    expect(shipped.cart.shippingOptions.length).toBeGreaterThan(1);
    expect(shipped.cart.split_cart[SHIPPING]).toMatchObject({ is_shipping: true });

    const option = shipped.cart.shippingOptions[1];
    const chosen = (
      await quote(browser, { address: RECIPIENT_IN_WASHINGTON, shippingOption: option.name })
    ).json<GiftQuote>();
    expect(chosen.cart.selectedShippingOption).toEqual({ name: option.name, price: option.price });
    expect(chosen.cart.total).toBe(shipped.cart.total - shipped.cart.shippingOptions[0].price + option.price);
    const unknown = await quote(browser, { address: RECIPIENT_IN_WASHINGTON, shippingOption: "Teleport" });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.code).toBe("unknown_shipping_option");

    const dana = danaEmail();
    const placed = await place(
      browser,
      user.id,
      gift(dana, {
        giftAddress: { address: RECIPIENT_IN_WASHINGTON },
        shippingOption: option.name,
        expectedTotal: chosen.cart.total,
      }),
    );
    expect(placed.statusCode, placed.body).toBe(200);
    const [order] = placed.json<{ orders: Order[] }>().orders;
    expect(order).toMatchObject({
      store: { id: SHIPPING },
      shipping: true,
      total: chosen.cart.total,
      delivery_address_detail: { zip: "20004" },
    });
    // A shipped gift has no time for the recipient to choose: the link shows it on its way, and says so.
    const [link] = await readOutbox(s.app, dana);
    expect(link.body).toContain("see what's coming and when");
    expect(link.body).not.toContain("choose when it's delivered");
  });

  it("lets the recipient correct the unit and add notes when claiming a gift sent to their address", async () => {
    const { user, browser } = await shopperWithCart(s, [{ sku: WHISKEY, qty: 1 }]);
    const dana = danaEmail();
    const placed = await place(
      browser,
      user.id,
      gift(dana, { giftAddress: { address: RECIPIENT_IN_BROOKLYN, unit: "2F" } }),
    );
    expect(placed.statusCode, placed.body).toBe(200);
    const [order] = placed.json<{ orders: Order[] }>().orders;
    const [link] = await readOutbox(s.app, dana);
    expect(link.body).toContain("choose when it's delivered");
    const token = /giftclaim\/[\w-]+\?token=([\w-]+)/.exec(link.body)?.[1];

    const recipient = new TestBrowser(s.app);
    const view = (await recipient.get(`/order/gift/${order._id}?token=${token}`)).json<GiftView>();
    expect(view).toMatchObject({
      state: "open",
      store: { id: BROOKLYN },
      delivery_address: { zip: "11201", unit: "2F" },
    });
    // The times offered are the recipient's store's.
    const times = (
      await recipient.get(`/order/gift/${order._id}/availability?token=${token}`)
    ).json<Availability>();
    const brooklynTimes = (
      await recipient.get("/menu/availability", { "x-store-id": BROOKLYN })
    ).json<Availability>();
    expect(times.eta).toEqual(brooklynTimes.eta);

    const claimed = await recipient.request("PUT", `/order/gift/${order._id}`, {
      token,
      eta: true,
      unit: "3R",
      notes: "Side door, by the bikes",
    });
    expect(claimed.statusCode, claimed.body).toBe(200);
    expect(claimed.json<GiftView>().delivery_address).toMatchObject({ zip: "11201", unit: "3R" });
    const row = await s.db
      .selectFrom("orders")
      .select(["order_status", "delivery_address_detail", "delivery_notes", "store_id"])
      .where("id", "=", order._id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      order_status: 0,
      store_id: BROOKLYN,
      delivery_address_detail: { zip: "11201", unit: "3R" },
      delivery_notes: "From the recipient: Side door, by the bikes",
    });
  });

  it("tells the recipient the occasion in words: 'a birthday gift', not 'a gift for birthday'", async () => {
    for (const occasion of ["Birthday", "Anniversary", undefined]) {
      const { user, browser } = await shopperWithCart(s, [{ sku: WHISKEY, qty: 1 }]);
      const dana = danaEmail();
      const placed = await place(browser, user.id, gift(dana, { giftOccasion: occasion }));
      expect(placed.statusCode, placed.body).toBe(200);
      const [mail] = await readOutbox(s.app, dana);
      const sender = await s.db
        .selectFrom("users")
        .select("firstname")
        .where("id", "=", user.id)
        .executeTakeFirstOrThrow();
      const headline = giftHeadline(sender.firstname, occasion ?? null);
      expect((mail as { subject?: string }).subject, String(occasion)).toBe(headline);
      expect(mail.body).toContain(`Hi Dana, ${headline}.`);
      expect(mail.body).not.toMatch(/gift for \w/);
    }
  });

  it("refuses an address it cannot find, and a recipient's address on an order that is no gift", async () => {
    const { user, browser } = await shopperWithCart(s, [{ sku: WHISKEY, qty: 1 }]);
    const nowhere = await quote(browser, { address: "1 Nowhere Lane, Atlantis" });
    expect(nowhere.statusCode).toBe(400);
    expect(nowhere.json().error.code).toBe("address_not_found");
    const notGift = await place(browser, user.id, {
      deliveryTime: "asap",
      giftAddress: { address: RECIPIENT_IN_BROOKLYN },
    });
    expect(notGift.statusCode).toBe(400);
    expect(notGift.body).toContain(GIFT_ADDRESS_MESSAGES.onlyForGifts);
    const placedNowhere = await place(
      browser,
      user.id,
      gift(danaEmail(), { giftAddress: { address: "1 Nowhere Lane, Atlantis" } }),
    );
    expect(placedNowhere.statusCode).toBe(400);
    expect(placedNowhere.json().error.code).toBe("address_not_found");
    expect(await s.db.selectFrom("payments").select("id").where("user_id", "=", user.id).execute()).toEqual(
      [],
    );
    // A visitor has no cart to send.
    expect(
      (await new TestBrowser(s.app).post("/order/gift-quote", { address: RECIPIENT_IN_BROOKLYN })).statusCode,
    ).toBe(401);
  });
});

describe.each(testDatabases)("a gift to an address nobody serves on %s", (kind) => {
  // No store ships: outside the two New York zones nobody can bring it.
  const s = useTestApp(kind, {
    fixture: async (db) => {
      await createDeliveryFixture(db);
      await db.updateTable("stores").set({ is_shipping: false }).where("id", "=", SHIPPING).execute();
    },
  });

  it("is refused before paying, with the address named; nothing is reserved or charged", async () => {
    const { user, browser } = await shopperWithCart(s, [{ sku: WHISKEY, qty: 1 }]);
    const before = await shelf(s.db, MANHATTAN, WHISKEY);
    const res = await browser.post("/order/gift-quote", { address: RECIPIENT_IN_CHICAGO });
    expect(res.statusCode).toBe(422);
    const { error } = res.json<{ error: { code: string; message: string } }>();
    expect(error.code).toBe("gift_address_not_served");
    expect(error.message).toMatch(/^We can't deliver or ship to 233 S Wacker Dr, Chicago, IL 60601/);
    expect(error.message).toBe(notServedMessage("233 S Wacker Dr, Chicago, IL 60601"));

    const id = newCheckoutId(user.id);
    const placed = await browser.post("/order/v3", {
      id,
      paymentMethod: { type: "token", token: await cardToken(s) },
      ...gift(danaEmail(), { giftAddress: { address: RECIPIENT_IN_CHICAGO } }),
    });
    expect(placed.statusCode).toBe(422);
    expect(placed.json().error).toEqual(error);
    expect(await s.db.selectFrom("payments").select("id").where("user_id", "=", user.id).execute()).toEqual(
      [],
    );
    expect(await s.db.selectFrom("orders").select("id").where("user_id", "=", user.id).execute()).toEqual([]);
    expect((await shelf(s.db, MANHATTAN, WHISKEY)).stock).toBe(before.stock);
    // The refused checkout's id is free again, and the cart is whole.
    expect(await s.db.selectFrom("checkouts").select("id").where("id", "=", id).execute()).toEqual([]);
    expect((await browser.get("/menu/cart/v2")).json<Cart>().products).toHaveLength(1);
  });
});
