import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import type { Cart } from "#domain/cart/types.ts";
import { checkoutIdFor } from "#domain/checkout/request.ts";
import type { AddressResult } from "#domain/geo/api.ts";
import { squareZone } from "#domain/geo/zone.ts";
import type { Order } from "#domain/orders/types.ts";
import type { Db } from "#server/platform/db.ts";
import { createUser, signedInBrowser } from "#tests/factories/accounts.ts";
import { createProduct, createStore, stock } from "#tests/factories/catalogue.ts";
import { createDeliveryFixture } from "#tests/factories/delivery-fixture.ts";
import { cardToken } from "#tests/factories/placed-orders.ts";
import { useTestApp } from "#tests/support/app.ts";
import type { TestBrowser } from "#tests/support/browser.ts";
import { testDatabases } from "#tests/support/db.ts";

/**
 * Issue 33 §3 over HTTP: a dry area's alcohol refused with its reason while other goods go, a class a state does not
 * let us ship marked in the cart and refused at checkout, and a state's volume cap per order.
 *
 * Addresses are placed by the hosted geocoder adapter against a loopback stand-in of its API (Nominatim format), so
 * an address lands on its door, as a hosted service places it, not on its ZIP's centre.
 */
const PLACES: Record<string, { lat: string; lon: string; city: string; state: string; postcode: string }> = {
  // 2100 W 103rd St: Beverly, east of Western Avenue (Chicago's 19th Ward), voted dry.
  "2100 W 103rd St": {
    lat: "41.7068",
    lon: "-87.6745",
    city: "Chicago",
    state: "Illinois",
    postcode: "60643",
  },
  // 2600 W 103rd St: across Western Avenue, wet.
  "2600 W 103rd St": {
    lat: "41.7068",
    lon: "-87.6905",
    city: "Chicago",
    state: "Illinois",
    postcode: "60655",
  },
  // The Loop: outside every fixture zone, so the shipping store serves it; Illinois lets it ship no alcohol.
  "233 S Wacker Dr": {
    lat: "41.8786",
    lon: "-87.6359",
    city: "Chicago",
    state: "Illinois",
    postcode: "60606",
  },
  // The District: outside every fixture zone; wine (one case a month) and spirits may be shipped there.
  "1350 Pennsylvania Ave NW": {
    lat: "38.8951",
    lon: "-77.0308",
    city: "Washington",
    state: "District of Columbia",
    postcode: "20004",
  },
};
const BEVERLY = "2100 W 103rd St, Chicago, IL 60643";
const WEST_OF_WESTERN = "2600 W 103rd St, Chicago, IL 60655";
const LOOP = "233 S Wacker Dr, Chicago, IL 60606";
const WASHINGTON = "1350 Pennsylvania Ave NW, Washington, DC 20004";

const geocoder = http.createServer((req, res) => {
  const q = new URL(req.url ?? "", "http://x").searchParams.get("q") ?? "";
  const key = Object.keys(PLACES).find((k) => q.startsWith(k));
  const hit = key ? PLACES[key] : null;
  const [house_number, ...road] = (key ?? "").split(" ");
  res.writeHead(200, { "content-type": "application/json" }).end(
    JSON.stringify(
      hit
        ? [
            {
              lat: hit.lat,
              lon: hit.lon,
              address: {
                house_number,
                road: road.join(" "),
                city: hit.city,
                state: hit.state,
                postcode: hit.postcode,
              },
            },
          ]
        : [],
    ),
  );
});
await new Promise<void>((resolve) => geocoder.listen(0, "127.0.0.1", resolve));
const GEOCODER_URL = `http://127.0.0.1:${(geocoder.address() as AddressInfo).port}/search`;
afterAll(() => new Promise<void>((resolve) => geocoder.close(() => resolve())));

const WHISKEY = "IA-9001-750"; // spirits (tags WS)
const WINE = "BC-9003-750"; // wine (RW), at the shipping store
const CHIPS = "NC-CHIPS-1"; // a snack: not alcohol
const BEVERLY_STORE = "d-beverly";

/** The delivery fixture, plus a store on the South Side whose zone reaches Beverly on both sides of Western. */
async function fixture(db: Db) {
  await createDeliveryFixture(db);
  const point = { lat: 41.7068, lng: -87.6825 };
  await createStore(db, {
    id: BEVERLY_STORE,
    name: "Nightcap Beverly",
    ...point,
    min_order_cents: 0,
    delivery_fee_cents: 399,
    eta_minutes: 30,
    hours: JSON.stringify(
      Object.fromEntries(
        ["sun", "mon", "tue", "wed", "thu", "fri", "sat"].map((d) => [d, [["00:00", "24:00"]]]),
      ),
    ),
    zone: JSON.stringify(squareZone(point, 3)),
  });
  await createProduct(db, {
    sku_id: CHIPS,
    title: "Fixture Kettle Chips",
    tags: ["SN"],
    default_category: "snacks",
    volume_ml: null,
    volume_label: "8 oz",
    regular_price_cents: 499,
  });
  await stock(db, BEVERLY_STORE, WHISKEY, 2999, { stock: 20 });
  await stock(db, BEVERLY_STORE, CHIPS, 499, { stock: 20 });
}

let clock = Date.now();

describe.each(testDatabases)("where and what may be delivered or shipped on %s", (kind) => {
  const s = useTestApp(kind, { fixture, env: { GEOCODER: "hosted", GEOCODER_URL } });

  async function shopperAt(address: string) {
    const user = await createUser(s.db);
    const browser = await signedInBrowser(s.app, user);
    const res = await browser.post("/order/address", { address });
    expect(res.statusCode, res.body).toBe(200);
    return { user, browser, address: res.json<AddressResult>() };
  }
  const add = async (browser: TestBrowser, skus: { sku: string; qty: number; store_id: string }[]) => {
    const res = await browser.post("/menu/cart/v2", { skus }, { "x-multi-store": "true" });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Cart>();
  };
  const place = async (browser: TestBrowser, userId: string, body: object = { deliveryTime: "asap" }) =>
    browser.post("/order/v3", {
      id: checkoutIdFor(userId, new Date(clock++)),
      paymentMethod: { type: "token", token: await cardToken(s) },
      ...body,
    });
  const byId = (cart: Cart, sku: string) => cart.products.find((p) => p.sku_id === sku);

  describe("a dry area", () => {
    const DRY =
      "Alcohol can't be delivered to this address: it is in Beverly and Morgan Park east of Western Avenue (Chicago's 19th Ward). Its precincts are voted dry: no alcohol is sold there.";

    it("keeps the address and says why its alcohol is refused; across Western nothing is", async () => {
      const { address } = await shopperAt(BEVERLY);
      expect(address).toMatchObject({ store_id: BEVERLY_STORE, state: "IL", zip: "60643" });
      expect(address.restrictions).toEqual([
        {
          code: "dry_area",
          classes: ["beer", "wine", "spirits"],
          reason: DRY,
          area: {
            id: "US-IL-CHICAGO-W19-EAST-OF-WESTERN",
            name: "Beverly and Morgan Park east of Western Avenue (Chicago's 19th Ward)",
            kind: "dry_precinct",
            sources: expect.arrayContaining(["https://bapa.org/bapa-history-the-wet-dry-issue/"]),
          },
        },
      ]);
      const across = await shopperAt(WEST_OF_WESTERN);
      expect(across.address).toMatchObject({ store_id: BEVERLY_STORE, restrictions: [] });
    });

    it("marks the whiskey with the reason, lets the chips go, and checkout places only the chips", async () => {
      const { user, browser } = await shopperAt(BEVERLY);
      const onlyWhiskey = await add(browser, [{ sku: WHISKEY, qty: 1, store_id: BEVERLY_STORE }]);
      expect(byId(onlyWhiskey, WHISKEY)).toMatchObject({
        available: false,
        unavailable_reason: "not_sold",
        restriction: DRY,
        subtotal: 0,
      });
      expect(onlyWhiskey.unavailable_message).toBe(
        `${DRY} Left out: Fixture Bourbon. Unavailable items stay in your cart, left out of the total, until you remove them.`,
      );
      const refused = await place(browser, user.id);
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json().error).toMatchObject({ code: "cart_unavailable" });
      expect(refused.json().error.message).toContain(DRY);

      const both = await add(browser, [{ sku: CHIPS, qty: 2, store_id: BEVERLY_STORE }]);
      expect(byId(both, CHIPS)).toMatchObject({ available: true, restriction: null, subtotal: 998 });
      expect(both.subtotal).toBe(998);
      const placed = await place(browser, user.id);
      expect(placed.statusCode, placed.body).toBe(200);
      const [order] = placed.json<{ orders: Order[] }>().orders;
      expect(order.products.map((p) => [p.sku_id, p.qty])).toEqual([[CHIPS, 2]]);
      // The whiskey stays in the cart, still marked, for the shopper to remove or send elsewhere.
      const after = (await browser.get("/menu/cart/v2")).json<Cart>();
      expect(after.products.map((p) => [p.sku_id, p.unavailable_reason])).toEqual([[WHISKEY, "not_sold"]]);
    });
  });

  describe("shipping by state", () => {
    it("spirits and wine are not shipped to Illinois: the cart marks them, checkout refuses them", async () => {
      const { user, browser, address } = await shopperAt(LOOP);
      expect(address).toMatchObject({ store_id: "d-shipping", shipping: true, state: "IL" });
      expect(address.restrictions.map((r) => [r.code, r.classes])).toEqual([
        ["not_shipped", ["beer"]],
        ["not_shipped", ["wine"]],
        ["not_shipped", ["spirits"]],
      ]);
      const cart = await add(browser, [
        { sku: WHISKEY, qty: 1, store_id: "d-shipping" },
        { sku: WINE, qty: 1, store_id: "d-shipping" },
      ]);
      expect(cart.products.map((p) => [p.sku_id, p.available, p.restriction])).toEqual([
        [WHISKEY, false, "Spirits can't be shipped to Illinois: its law does not let us send spirits there."],
        [WINE, false, "Wine can't be shipped to Illinois: its law does not let us send wine there."],
      ]);
      expect(cart.split_cart["d-shipping"]).toMatchObject({ is_shipping: true, subtotal: 0 });
      expect(cart.total).toBe(0);
      const refused = await place(browser, user.id, {});
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json().error.code).toBe("cart_unavailable");
      expect(refused.json().error.message).toContain("Spirits can't be shipped to Illinois");
    });

    it("a gift shipped to Illinois is quoted with the same marks; to the District its whiskey ships", async () => {
      const { user, browser } = await shopperAt(WASHINGTON);
      await add(browser, [{ sku: WHISKEY, qty: 1, store_id: "d-shipping" }]);
      const toIllinois = await browser.post("/order/gift-quote", { address: LOOP });
      expect(toIllinois.statusCode, toIllinois.body).toBe(200);
      expect(toIllinois.json<{ cart: Cart }>().cart.products[0]).toMatchObject({
        sku_id: WHISKEY,
        unavailable_reason: "not_sold",
        restriction: "Spirits can't be shipped to Illinois: its law does not let us send spirits there.",
      });
      const ownCart = (await browser.get("/menu/cart/v2")).json<Cart>();
      expect(byId(ownCart, WHISKEY)).toMatchObject({ available: true, restriction: null });
      const placed = await place(browser, user.id, {});
      expect(placed.statusCode, placed.body).toBe(200);
      expect(placed.json<{ orders: Order[] }>().orders[0]).toMatchObject({
        shipping: true,
        products: [{ sku_id: WHISKEY, qty: 1 }],
        delivery_address_detail: { state: "DC", zip: "20004" },
      });
    });

    it("a position sent in headers, not the saved address's, does not change what checkout reads the laws by", async () => {
      const { user, browser } = await shopperAt(LOOP);
      await add(browser, [{ sku: WINE, qty: 1, store_id: "d-shipping" }]);
      // The cart read at a District position the client sends: its state is not known, nothing is judged there...
      const elsewhere = await browser.request("GET", "/menu/cart/v2", undefined, {
        lat: "38.8951",
        lng: "-77.0308",
      });
      expect(byId(elsewhere.json<Cart>(), WINE)).toMatchObject({ available: true });
      // ...but the order goes to the saved Illinois address, and checkout reads Illinois's law.
      const refused = await place(browser, user.id, {});
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json().error.message).toContain("Wine can't be shipped to Illinois");
    });
  });

  describe("a state's volume cap", () => {
    it("13 bottles of wine shipped to the District are over its case a month; 12 are placed", async () => {
      const { user, browser } = await shopperAt(WASHINGTON);
      const over = await add(browser, [{ sku: WINE, qty: 13, store_id: "d-shipping" }]);
      const message =
        "The District of Columbia allows at most 1 case (9 litres) per person per month of wine to be shipped: this order has 9.75 litres. Lower it to 9 litres or less to place it.";
      expect(over.split_cart["d-shipping"]).toMatchObject({ limit_error: message });
      expect(byId(over, WINE)).toMatchObject({ available: true });
      const refused = await place(browser, user.id, {});
      expect(refused.statusCode, refused.body).toBe(422);
      expect(refused.json().error).toEqual({ code: "legal_limit_exceeded", message });
      expect(await s.db.selectFrom("payments").select("id").where("user_id", "=", user.id).execute()).toEqual(
        [],
      );

      const lowered = await browser.request("PATCH", "/menu/cart/v2", {
        skus: [{ cart_id: over.products[0].cart_id, qty: 12 }],
      });
      expect(lowered.statusCode, lowered.body).toBe(200);
      expect(lowered.json<Cart>().split_cart["d-shipping"].limit_error).toBeNull();
      const placed = await place(browser, user.id, {});
      expect(placed.statusCode, placed.body).toBe(200);
      expect(placed.json<{ orders: Order[] }>().orders[0].products).toMatchObject([
        { sku_id: WINE, qty: 12 },
      ]);
    });
  });
});
