import { randomUUID } from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";
import { ENGRAVING_LINE_MAX } from "#domain/cart/constants.ts";
import type { Cart } from "#domain/cart/types.ts";
import type { Product } from "#domain/catalogue/types.ts";
import { createDeliveryFixture } from "#tests/factories/delivery-fixture.ts";
import { useTestApp } from "#tests/support/app.ts";
import { TestBrowser } from "#tests/support/browser.ts";
import { testDatabases } from "#tests/support/db.ts";
import { ANONYMOUS_COOKIE } from "../sessions/index.ts";
import { emptyCartRow, readCart } from "./cart-service.ts";
import { readForChange, type StoredLine, writeChange } from "./repository.ts";
import { transferCart } from "./transfer.ts";

const WHISKEY = "IA-9001-750";
const BEER = "BC-9002-6X355";
const WINE = "BC-9003-750";
const ETCH = "IA-9001-750_ETCH";
const SCARCE = "IA-9004-750";
const CIGAR = "TB-9005-1";
const UNSOLD = "IA-9006-750";

describe.each(testDatabases)("cart API on %s", (kind) => {
  const s = useTestApp(kind, { fixture: createDeliveryFixture });
  let shopper: TestBrowser;

  beforeEach(() => {
    shopper = new TestBrowser(s.app);
  });

  type Method = "GET" | "POST" | "PATCH" | "DELETE";
  const call = (method: Method, url: string, payload?: unknown, headers: Record<string, string> = {}) =>
    shopper.request(method, url, payload, headers);
  const ok = async (method: Method, url: string, payload?: unknown, headers: Record<string, string> = {}) => {
    const res = await call(method, url, payload, headers);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Cart>();
  };
  const add = (skus: object[], headers: Record<string, string> = {}) =>
    ok("POST", "/menu/cart/v2", { skus }, headers);
  const fails = async (
    res: { statusCode: number; json<T>(): T },
    status: number,
    message: string | RegExp,
  ) => {
    expect(res.statusCode).toBe(status);
    const body = res.json<{ error: { code: string; message: string } }>();
    expect(body.error.message).toMatch(message);
    return body.error.code;
  };

  describe("reading", () => {
    it("an unknown visitor has an empty cart and gets no cookie", async () => {
      const res = await s.app.inject({ method: "GET", url: "/menu/cart/v2" });
      expect(res.statusCode).toBe(200);
      expect(res.json<Cart>()).toMatchObject({
        id: null,
        products: [],
        split: false,
        count: 0,
        total: 0,
        split_cart: {},
      });
      expect(res.cookies).toHaveLength(0);
    });

    it("a first add from a visitor with no cookie sets the anonymous cookie for a year", async () => {
      const res = await s.app.inject({
        method: "POST",
        url: "/menu/cart/v2",
        payload: { skus: [{ sku: WHISKEY, qty: 1, store_id: "d-manhattan" }] },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.cookies.find((c) => c.name === ANONYMOUS_COOKIE)).toMatchObject({
        maxAge: 31536000,
        httpOnly: true,
      });
    });
  });

  describe("adding", () => {
    it("prices lines at their store and totals them on the server", async () => {
      const cart = await add([{ sku: WHISKEY, qty: 2, store_id: "d-manhattan", price: 1 }]);
      expect(cart.products).toHaveLength(1);
      expect(cart.products[0]).toMatchObject({
        sku_id: WHISKEY,
        store_id: "d-manhattan",
        qty: 2,
        price: 2999,
        subtotal: 5998,
        originalSubtotal: 6998,
        title: "Fixture Bourbon",
        substitution_preference: "substitute",
        url: "/whiskey/fixture-bourbon/IA-9001-750",
      });
      expect(cart.split_cart["d-manhattan"]).toMatchObject({
        subtotal: 5998,
        minimum: 2000,
        minimum_error: null,
        delivery_fee: 399,
      });
      expect(cart).toMatchObject({
        subtotal: 5998,
        total: 5998 + 399,
        count: 2,
        shippingOptions: [],
        selectedShippingOption: null,
      });
      expect(cart.line_items.map((l) => [l.title, l.value])).toEqual([
        ["Subtotal", 5998],
        ["Delivery fee", 399],
        ["Total", 6397],
      ]);
      const again = await ok("GET", "/menu/cart/v2");
      expect(again.id).toBe(cart.id);
      expect(again.products[0].qty).toBe(2);
    });

    it("merges an add into the line with the same SKU and engraving, else adds a line", async () => {
      await add([{ sku: WHISKEY, qty: 1, store_id: "d-manhattan" }]);
      const merged = await add([{ sku: WHISKEY, qty: 2, store_id: "d-manhattan" }]);
      expect(merged.products.map((p) => [p.sku_id, p.qty])).toEqual([[WHISKEY, 3]]);
      const engraving = { line_1: "Happy", line_2: "40th", line_3: "Dad" };
      await add([{ sku: ETCH, qty: 1, store_id: "d-manhattan", meta: { engraving } }]);
      const sameText = await add([{ sku: ETCH, qty: 1, store_id: "d-manhattan", meta: { engraving } }]);
      expect(sameText.products.map((p) => [p.sku_id, p.qty])).toEqual([
        [WHISKEY, 3],
        [ETCH, 2],
      ]);
      const otherText = await add([
        { sku: ETCH, qty: 1, store_id: "d-manhattan", meta: { engraving: { ...engraving, line_3: "Mom" } } },
      ]);
      expect(otherText.products.map((p) => [p.sku_id, p.qty, p.engraving?.line_3 ?? null])).toEqual([
        [WHISKEY, 3, null],
        [ETCH, 2, "Dad"],
        [ETCH, 1, "Mom"],
      ]);
      expect(otherText.engravings).toEqual([
        {
          line_1: "Happy",
          line_2: "40th",
          line_3: "Dad",
          master_id: ETCH,
          master_sku: WHISKEY,
          cart_id: otherText.products[1].cart_id,
          qty: 2,
        },
        {
          line_1: "Happy",
          line_2: "40th",
          line_3: "Mom",
          master_id: ETCH,
          master_sku: WHISKEY,
          cart_id: otherText.products[2].cart_id,
          qty: 1,
        },
      ]);
    });

    it("sanitizes engraving lines and limits their length", async () => {
      const cart = await add([
        {
          sku: ETCH,
          qty: 1,
          store_id: "d-manhattan",
          meta: { engraving: { line_1: "<b>Hi</b>  there", line_2: "\u0007ok" } },
        },
      ]);
      expect(cart.products[0].engraving).toEqual({ line_1: "bHi/b there", line_2: "ok", line_3: "" });
      // A NUL never reaches the sanitizer: the edge refuses it for every route (server/input-guard.ts).
      const nul = await call("POST", "/menu/cart/v2", {
        skus: [{ sku: ETCH, qty: 1, store_id: "d-manhattan", meta: { engraving: { line_2: "\u0000ok" } } }],
      });
      await fails(
        nul,
        400,
        "Invalid body.skus.0.meta.engraving.line_2: must not contain the NUL character (U+0000)",
      );
      const long = await call("POST", "/menu/cart/v2", {
        skus: [
          {
            sku: ETCH,
            qty: 1,
            store_id: "d-manhattan",
            meta: { engraving: { line_1: "x".repeat(ENGRAVING_LINE_MAX + 1) } },
          },
        ],
      });
      await fails(long, 400, `Engraving line 1 can be at most ${ENGRAVING_LINE_MAX} characters.`);
      const plain = await call("POST", "/menu/cart/v2", {
        skus: [{ sku: WHISKEY, qty: 1, store_id: "d-manhattan", meta: { engraving: { line_1: "Hi" } } }],
      });
      expect(await fails(plain, 400, /cannot be engraved/)).toBe("not_engravable");
    });

    it.each([
      ["no meta", {}],
      ["no engraving", { meta: {} }],
      ["a null engraving", { meta: { engraving: null } }],
      ["three empty lines", { meta: { engraving: { line_1: "", line_2: "", line_3: "" } } }],
      ["lines that clean to nothing", { meta: { engraving: { line_1: "   ", line_2: "<>", line_3: "💍" } } }],
    ])("refuses an engraved bottle with %s: engraving_required, nothing added", async (_name, extra) => {
      const res = await call("POST", "/menu/cart/v2", {
        skus: [{ sku: ETCH, qty: 1, store_id: "d-manhattan", ...extra }],
      });
      const code = await fails(
        res,
        400,
        "Fixture Bourbon (Engraved) is engraved to order: enter at least one line of text to engrave.",
      );
      expect(code).toBe("engraving_required");
      expect((await ok("GET", "/menu/cart/v2")).products).toEqual([]);
    });

    it.each([
      [
        "an unknown SKU",
        { sku: "ZZ-0000-000", qty: 1, store_id: "d-manhattan" },
        404,
        /^Product Not Found$/,
        "product_not_found",
      ],
      [
        "a SKU the store does not sell",
        { sku: BEER, qty: 1, store_id: "d-manhattan" },
        400,
        "Fixture IPA 6-Pack (BC-9002-6X355) is not sold by Nightcap Chelsea.",
        "not_sold_by_store",
      ],
      [
        "a SKU no store sells",
        { sku: UNSOLD, qty: 1, store_id: "d-manhattan" },
        400,
        /is not sold by Nightcap Chelsea/,
        "not_sold_by_store",
      ],
      [
        "an unknown store",
        { sku: WHISKEY, qty: 1, store_id: "atlantis" },
        400,
        'Unknown store "atlantis".',
        "unknown_store",
      ],
      [
        "more than the stock",
        { sku: SCARCE, qty: 3, store_id: "d-manhattan" },
        400,
        "Only 2 of Fixture Rare Rye left at Nightcap Chelsea.",
        "insufficient_stock",
      ],
      [
        "a zero quantity",
        { sku: WHISKEY, qty: 0, store_id: "d-manhattan" },
        400,
        /qty: must be at least 1/,
        "bad_request",
      ],
      [
        "a fractional quantity",
        { sku: WHISKEY, qty: 1.5, store_id: "d-manhattan" },
        400,
        /qty: must be a whole number/,
        "bad_request",
      ],
      ["a quantity as text", { sku: WHISKEY, qty: "2", store_id: "d-manhattan" }, 400, /qty/, "bad_request"],
      ["a malformed SKU", { sku: "../etc", qty: 1, store_id: "d-manhattan" }, 400, /sku/, "bad_request"],
    ])("rejects %s", async (_name, item, status, message, code) => {
      const res = await call("POST", "/menu/cart/v2", { skus: [item] });
      expect(await fails(res, status, message)).toBe(code);
      expect((await ok("GET", "/menu/cart/v2")).products).toEqual([]);
    });

    it("counts stock against the merged quantity", async () => {
      await add([{ sku: SCARCE, qty: 2, store_id: "d-manhattan" }]);
      await fails(
        await call("POST", "/menu/cart/v2", { skus: [{ sku: SCARCE, qty: 1, store_id: "d-manhattan" }] }),
        400,
        /Only 2 of/,
      );
      expect((await ok("GET", "/menu/cart/v2")).products[0].qty).toBe(2);
    });

    it.each([
      ["no body", undefined],
      ["an array", [1, 2]],
      ["skus not a list", { skus: "IA-9001-750" }],
      ["an empty list", { skus: [] }],
      ["null items", { skus: [null] }],
      ["a huge quantity", { skus: [{ sku: WHISKEY, qty: 1e12, store_id: "d-manhattan" }] }],
      [
        "an engraving that is a number",
        { skus: [{ sku: ETCH, qty: 1, store_id: "d-manhattan", meta: { engraving: 5 } }] },
      ],
    ])("answers 400, never 500, for %s", async (_name, payload) => {
      const res = await call("POST", "/menu/cart/v2", payload);
      expect(res.statusCode).toBe(400);
    });
  });

  describe("split carts", () => {
    it("asks for consent before adding from a second store, then keys the cart by store", async () => {
      await add([{ sku: WHISKEY, qty: 1, store_id: "d-manhattan" }]);
      const refused = await call("POST", "/menu/cart/v2", {
        skus: [{ sku: BEER, qty: 1, store_id: "d-brooklyn" }],
      });
      expect(await fails(refused, 409, /different store/)).toBe("split_cart_required");
      const cart = await add([{ sku: BEER, qty: 1, store_id: "d-brooklyn" }], { "x-multi-store": "true" });
      expect(cart.split).toBe(true);
      expect(cart.multi_store_id).toEqual(expect.any(String));
      expect(Object.keys(cart.split_cart).sort()).toEqual(["d-brooklyn", "d-manhattan"]);
      expect(cart.split_cart["d-brooklyn"]).toMatchObject({
        products: [
          expect.objectContaining({ sku_id: BEER, price: 1299, package_qty: 6, package_item_price: 249 }),
        ],
        subtotal: 1299,
        minimum: 3000,
        minimum_error: "Add $17.01 more to reach the $30 minimum at Nightcap Brooklyn Heights.",
      });
      expect(cart.split_cart["d-manhattan"].minimum_error).toBeNull();
      expect(cart.total).toBe(2999 + 1299 + 399 + 499);
      // Already split: a further store-two add needs no consent.
      const more = await add([{ sku: WHISKEY, qty: 1, store_id: "d-brooklyn" }]);
      expect(more.split).toBe(true);
    });

    it("removing items until one store remains clears the split; removing all empties the cart", async () => {
      await add([{ sku: WHISKEY, qty: 1, store_id: "d-manhattan" }]);
      const split = await add([{ sku: BEER, qty: 2, store_id: "d-brooklyn" }], { "x-multi-store": "true" });
      const beerLine = split.products.find((p) => p.sku_id === BEER)!;
      const one = await ok("DELETE", "/menu/cart/v2", { ids: [beerLine.cart_id] });
      expect(one).toMatchObject({ split: false, multi_store_id: null });
      expect(Object.keys(one.split_cart)).toEqual(["d-manhattan"]);
      // Adding from another store asks again.
      const again = await call("POST", "/menu/cart/v2", {
        skus: [{ sku: BEER, qty: 1, store_id: "d-brooklyn" }],
      });
      expect(again.statusCode).toBe(409);
      const empty = await ok("DELETE", "/menu/cart/v2", { skus: [WHISKEY] });
      expect(empty).toMatchObject({ products: [], split: false, count: 0, total: 0 });
    });
  });

  describe("changing quantities", () => {
    it("sets a line's quantity by cart_id or by sku and store", async () => {
      const cart = await add([{ sku: WHISKEY, qty: 1, store_id: "d-manhattan" }]);
      const line = cart.products[0].cart_id;
      const five = await ok("PATCH", "/menu/cart/v2", { skus: [{ cart_id: line, qty: 5 }] });
      expect(five.products[0]).toMatchObject({ cart_id: line, qty: 5, subtotal: 5 * 2999 });
      const two = await ok("PATCH", "/menu/cart/v2", {
        skus: [{ sku: WHISKEY, store_id: "d-manhattan", qty: 2, substitution_preference: "refund" }],
      });
      expect(two.products[0]).toMatchObject({ qty: 2, substitution_preference: "refund" });
    });

    it.each([
      [
        "above stock",
        (id: string) => ({ skus: [{ cart_id: id, qty: 51 }] }),
        400,
        "Only 50 of Fixture Bourbon left at Nightcap Chelsea.",
      ],
      ["zero", (id: string) => ({ skus: [{ cart_id: id, qty: 0 }] }), 400, /must be at least 1/],
      ["negative", (id: string) => ({ skus: [{ cart_id: id, qty: -1 }] }), 400, /must be at least 1/],
      [
        "an unknown line",
        () => ({ skus: [{ cart_id: "no-such-line", qty: 1 }] }),
        404,
        "That item is not in your cart.",
      ],
      [
        "a line named by sku alone",
        () => ({ skus: [{ sku: WHISKEY, qty: 1 }] }),
        400,
        /cart_id, or by sku and store_id/,
      ],
    ])("rejects %s", async (_name, body, status, message) => {
      const cart = await add([{ sku: WHISKEY, qty: 1, store_id: "d-manhattan" }]);
      await fails(await call("PATCH", "/menu/cart/v2", body(cart.products[0].cart_id)), status, message);
      expect((await ok("GET", "/menu/cart/v2")).products[0].qty).toBe(1);
    });

    it("DELETE needs ids or skus", async () => {
      await fails(await call("DELETE", "/menu/cart/v2", {}), 400, /ids or skus/);
    });
  });

  describe("shipping", () => {
    it("offers options for shipped items with the first selected, free ground at 150, and a chosen option sticks", async () => {
      const cart = await add([{ sku: WINE, qty: 1, store_id: "d-shipping" }]);
      expect(cart.shippingOptions.map((o) => o.name)).toEqual(["Ground", "2-Day", "Overnight"]);
      expect(cart.selectedShippingOption).toEqual({ name: "Ground", price: 1299 });
      expect(cart.fee).toEqual({ shipping_name: "Ground", shipping_fee: 1299, delivery_fee: 0 });
      expect(cart.free_shipping).toEqual({
        threshold: 15000,
        qualifies: false,
        hint: "Add $75.00 more for free shipping",
      });
      const shipping = await call("GET", "/menu/cart/shipping/v2");
      expect(shipping.json()).toMatchObject({
        selectedShippingOption: { name: "Ground" },
        shippingOptions: cart.shippingOptions,
      });

      const overnight = await ok("POST", "/menu/cart/shipping/v2", { shipping_name: "Overnight" });
      expect(overnight.selectedShippingOption).toEqual({ name: "Overnight", price: 3999 });
      expect(overnight.total).toBe(7500 + 3999);

      const two = await ok("PATCH", "/menu/cart/v2", {
        skus: [{ cart_id: cart.products[0].cart_id, qty: 2 }],
      });
      expect(two.shippingOptions[0]).toMatchObject({ name: "Ground", price: 0 });
      expect(two.free_shipping).toMatchObject({ qualifies: true, hint: null });
      expect(two.selectedShippingOption?.name).toBe("Overnight");

      await fails(
        await call("POST", "/menu/cart/shipping/v2", { shipping_name: "Teleport" }),
        400,
        'Unknown shipping option "Teleport". Choose one of: Ground, 2-Day, Overnight.',
      );
    });

    it("has nothing to choose when nothing ships", async () => {
      await add([{ sku: WHISKEY, qty: 1, store_id: "d-manhattan" }]);
      expect((await call("GET", "/menu/cart/shipping/v2")).json()).toMatchObject({
        shippingOptions: [],
        selectedShippingOption: null,
      });
      await fails(
        await call("POST", "/menu/cart/shipping/v2", { shipping_name: "Ground" }),
        400,
        /Nothing in your cart ships/,
      );
    });
  });

  describe("totals, tips and verification", () => {
    it("adds a tip from the query and flags tobacco for verification", async () => {
      await add([{ sku: WHISKEY, qty: 1, store_id: "d-manhattan" }]);
      const tipped = await ok("GET", "/menu/cart/v2?tipPercent=20&checkout=true");
      expect(tipped).toMatchObject({ tip: 600, total: 2999 + 399 + 600, verification_required: false });
      expect((await ok("GET", "/menu/cart/v2?tipAmount=250")).tip).toBe(250);
      await fails(await call("GET", "/menu/cart/v2?tipAmount=-1"), 400, /tipAmount/);
      const withCigar = await add([{ sku: CIGAR, qty: 1, store_id: "d-manhattan" }]);
      expect(withCigar.verification_required).toBe(true);
    });
  });

  describe("sync", () => {
    it("merges the client's lines, keeps what a store stopped selling as unavailable and lowers quantities above stock", async () => {
      await add([
        { sku: WHISKEY, qty: 5, store_id: "d-manhattan" },
        { sku: SCARCE, qty: 2, store_id: "d-manhattan" },
      ]);
      await s.db
        .updateTable("inventory")
        .set({ stock: 3 })
        .where("store_id", "=", "d-manhattan")
        .where("sku_id", "=", WHISKEY)
        .execute();
      await s.db
        .deleteFrom("inventory")
        .where("store_id", "=", "d-manhattan")
        .where("sku_id", "=", SCARCE)
        .execute();
      try {
        const res = await call("POST", "/menu/cart/sync/v2", {
          skus: [
            { sku: CIGAR, qty: 1, store_id: "d-manhattan" },
            { sku: BEER, qty: 1, store_id: "d-manhattan" },
          ],
        });
        expect(res.statusCode, res.body).toBe(200);
        const synced = res.json<Cart & { changes: string[] }>();
        expect(synced.products.map((p) => [p.sku_id, p.qty, p.available])).toEqual([
          [WHISKEY, 3, true],
          [SCARCE, 2, false],
          [CIGAR, 1, true],
        ]);
        expect(synced.changes).toEqual([
          "Fixture IPA 6-Pack (BC-9002-6X355) is not sold by Nightcap Chelsea.",
          "Only 3 of Fixture Bourbon left: quantity lowered.",
          "Fixture Rare Rye is not available from Nightcap Chelsea: it stays in your cart, left out of the total.",
        ]);
        expect(synced.subtotal).toBe(3 * 2999 + 1500);
        expect(synced.unavailable_message).toBe(
          "Not available from Nightcap Chelsea: Fixture Rare Rye. Unavailable items stay in your cart, left out of the total, until you remove them.",
        );
      } finally {
        await s.db
          .updateTable("inventory")
          .set({ stock: 50 })
          .where("store_id", "=", "d-manhattan")
          .where("sku_id", "=", WHISKEY)
          .execute();
        await s.db
          .insertInto("inventory")
          .values({
            store_id: "d-manhattan",
            sku_id: SCARCE,
            price_cents: 11000,
            stock: 2,
            package_item_price_cents: null,
          })
          .execute();
      }
    });
  });

  describe("engraved bottles", () => {
    it("sync refuses a client line of an engraved bottle without text and says why", async () => {
      const res = await call("POST", "/menu/cart/sync/v2", {
        skus: [
          { sku: ETCH, qty: 1, store_id: "d-manhattan" },
          { sku: ETCH, qty: 1, store_id: "d-manhattan", meta: { engraving: { line_2: "For Sam" } } },
        ],
      });
      expect(res.statusCode, res.body).toBe(200);
      const synced = res.json<Cart & { changes: string[] }>();
      expect(synced.changes).toEqual([
        "Fixture Bourbon (Engraved) is engraved to order: enter at least one line of text to engrave.",
      ]);
      expect(synced.products.map((p) => [p.sku_id, p.engraving?.line_2, p.available])).toEqual([
        [ETCH, "For Sam", true],
      ]);
    });

    it("one kept from before text was required is shown unavailable, cannot be changed, and can be removed", async () => {
      const cart = await add([{ sku: WHISKEY, qty: 1, store_id: "d-manhattan" }]);
      await s.db
        .insertInto("cart_lines")
        .values({ id: "legacy-etch", cart_id: cart.id!, store_id: "d-manhattan", sku_id: ETCH, qty: 1 })
        .execute();
      const read = await ok("GET", "/menu/cart/v2");
      expect(read.products.find((p) => p.sku_id === ETCH)).toMatchObject({
        available: false,
        unavailable_reason: "engraving_required",
        subtotal: 0,
      });
      expect(read.subtotal).toBe(2999);
      expect(read.unavailable_message).toMatch(/^Fixture Bourbon \(Engraved\) needs engraving text/);
      const patch = await call("PATCH", "/menu/cart/v2", { skus: [{ cart_id: "legacy-etch", qty: 2 }] });
      expect(
        await fails(patch, 400, /is engraved to order: .* Remove it and add it again with your text\.$/),
      ).toBe("engraving_required");
      const synced = await call("POST", "/menu/cart/sync/v2", {});
      expect(synced.json<{ changes: string[] }>().changes).toEqual([
        "Fixture Bourbon (Engraved) is engraved to order: enter at least one line of text to engrave. Remove it and add it again with your text.",
      ]);
      const removed = await ok("DELETE", "/menu/cart/v2", { ids: ["legacy-etch"] });
      expect(removed.products.map((p) => p.sku_id)).toEqual([WHISKEY]);
      expect(removed.unavailable_message).toBeNull();
    });

    it("the guest-cart transfer at login carries one such line across unavailable, never at a price", async () => {
      const guest = randomUUID();
      shopper = new TestBrowser(s.app, { anonymousId: guest });
      const guestCart = await add([{ sku: WHISKEY, qty: 1, store_id: "d-manhattan" }]);
      await s.db
        .insertInto("cart_lines")
        .values({ id: randomUUID(), cart_id: guestCart.id!, store_id: "d-manhattan", sku_id: ETCH, qty: 1 })
        .execute();
      const saved = new TestBrowser(s.app, { anonymousId: randomUUID() });
      shopper = saved;
      await add([{ sku: ETCH, qty: 1, store_id: "d-manhattan", meta: { engraving: { line_1: "Dad" } } }]);
      const userId = `u-${randomUUID()}`;
      await s.db
        .updateTable("carts")
        .set({ owner: `user:${userId}` })
        .where("owner", "=", `anon:${saved.anonymousId}`)
        .execute();
      await s.db.transaction().execute((tx) => transferCart(tx, guest, userId));
      const owned = await s.db
        .selectFrom("carts")
        .select("id")
        .where("owner", "=", `user:${userId}`)
        .executeTakeFirstOrThrow();
      const lines = await s.db
        .selectFrom("cart_lines")
        .select(["sku_id", "qty", "line_1"])
        .where("cart_id", "=", owned.id)
        .orderBy("seq")
        .execute();
      // The engraved line with text and the one without stay apart (the merge rule compares the text).
      expect(lines).toEqual([
        { sku_id: ETCH, qty: 1, line_1: "Dad" },
        expect.objectContaining({ sku_id: WHISKEY, qty: 1 }),
        { sku_id: ETCH, qty: 1, line_1: "" },
      ]);
      const cart = await readCart(s.db, `user:${userId}`, null);
      expect(cart.products.map((p) => [p.sku_id, p.available, p.subtotal])).toEqual([
        [ETCH, true, 4499],
        [WHISKEY, true, 2999],
        [ETCH, false, 0],
      ]);
      expect(cart.subtotal).toBe(4499 + 2999);
    });
  });

  describe("recommendations", () => {
    it("suggests in-stock products of the same categories at the cart's store and keeps them on the cart", async () => {
      await add([{ sku: WHISKEY, qty: 1, store_id: "d-manhattan" }]);
      const res = await call("POST", "/menu/recommendation/checkout", { skus: [WHISKEY] });
      expect(res.statusCode, res.body).toBe(200);
      const products = res.json<{ products: Product[] }>().products;
      expect(products.map((p) => p.sku_id)).toEqual([SCARCE]);
      expect(products[0]).toMatchObject({ price: 11000, seller: { store_id: "d-manhattan" } });
      const cart = await ok("GET", "/menu/cart/v2");
      expect(cart.recommendations).toEqual([
        expect.objectContaining({ sku_id: SCARCE, price: 11000, store_id: "d-manhattan" }),
      ]);
      await fails(await call("POST", "/menu/recommendation/checkout", { skus: [] }), 400, /skus/);
    });
  });

  describe("concurrency", () => {
    it("three concurrent adds from a fresh session make one cart holding all three lines", async () => {
      const results = await Promise.all([
        call("POST", "/menu/cart/v2", { skus: [{ sku: WHISKEY, qty: 1, store_id: "d-manhattan" }] }),
        call("POST", "/menu/cart/v2", { skus: [{ sku: SCARCE, qty: 1, store_id: "d-manhattan" }] }),
        call("POST", "/menu/cart/v2", { skus: [{ sku: CIGAR, qty: 1, store_id: "d-manhattan" }] }),
      ]);
      expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200]);
      const cart = await ok("GET", "/menu/cart/v2");
      expect(cart.products.map((p) => p.sku_id).sort()).toEqual([CIGAR, SCARCE, WHISKEY].sort());
      expect(new Set(results.map((r) => r.json<Cart>().id))).toEqual(new Set([cart.id]));
    });

    it("concurrent adds of the same item merge into one line with the summed quantity", async () => {
      const results = await Promise.all(
        Array.from({ length: 5 }, () =>
          call("POST", "/menu/cart/v2", { skus: [{ sku: WHISKEY, qty: 2, store_id: "d-manhattan" }] }),
        ),
      );
      expect(results.every((r) => r.statusCode === 200)).toBe(true);
      expect((await ok("GET", "/menu/cart/v2")).products.map((p) => [p.sku_id, p.qty])).toEqual([
        [WHISKEY, 10],
      ]);
    });

    it("writes a change only while the cart is as it was read: a change from a stale read writes nothing", async () => {
      const owner = `anon:${randomUUID()}`;
      const line = (qty: number): StoredLine => ({
        id: "line-1",
        store_id: "d-manhattan",
        sku: WHISKEY,
        qty,
        engraving: null,
        substitution_preference: "substitute",
        group_mapping: null,
      });
      const cart = { ...emptyCartRow(owner), round_up: true };
      expect(await readForChange(s.db, owner, null)).toMatchObject({ cart: null, version: null, lines: [] });
      expect(await writeChange(s.db, { version: null, cart, before: [], after: [line(1)] })).toBe(true);
      // Made by another change first: a second cart for the owner is not made.
      const other = { ...cart, id: randomUUID() };
      expect(await writeChange(s.db, { version: null, cart: other, before: [], after: [line(3)] })).toBe(
        false,
      );

      const first = await readForChange(s.db, owner, null);
      expect(first.cart).toMatchObject({ id: cart.id, round_up: true });
      expect(first.lines.map((l) => l.line.qty)).toEqual([1]);
      const at = { version: first.version, cart, before: [line(1)] };
      expect(await writeChange(s.db, { ...at, after: [line(2)] })).toBe(true);
      // The same read again: the cart moved on (the write above), so nothing of this one is kept.
      expect(await writeChange(s.db, { ...at, cart: { ...cart, round_up: false }, after: [] })).toBe(false);

      const now = await readForChange(s.db, owner, null);
      expect(now.version).not.toBe(first.version);
      expect(now.cart).toMatchObject({ round_up: true });
      expect(now.lines.map((l) => l.line.qty)).toEqual([2]);
    });
  });

  describe("transfer at login", () => {
    const owner = (anonymousId: string) => new TestBrowser(s.app, { anonymousId });

    it("moves a guest cart to a user without one, and merges into a saved cart by the merge rule", async () => {
      const guest = randomUUID();
      shopper = owner(guest);
      await add([{ sku: WHISKEY, qty: 2, store_id: "d-manhattan" }]);
      await s.db.transaction().execute((tx) => transferCart(tx, guest, "u-fresh"));
      expect(
        await s.db
          .selectFrom("carts")
          .select("owner")
          .where("owner", "=", `anon:${guest}`)
          .executeTakeFirst(),
      ).toBeUndefined();
      const moved = await s.db
        .selectFrom("carts")
        .select("id")
        .where("owner", "=", "user:u-fresh")
        .executeTakeFirstOrThrow();
      expect(
        await s.db
          .selectFrom("cart_lines")
          .select(["sku_id", "qty"])
          .where("cart_id", "=", moved.id)
          .execute(),
      ).toEqual([{ sku_id: WHISKEY, qty: 2 }]);

      // A second guest session of the same user, with an overlapping line and a new store.
      const guest2 = randomUUID();
      shopper = owner(guest2);
      await add([{ sku: WHISKEY, qty: 1, store_id: "d-manhattan" }]);
      await add([{ sku: BEER, qty: 1, store_id: "d-brooklyn" }], { "x-multi-store": "true" });
      await s.db.transaction().execute((tx) => transferCart(tx, guest2, "u-fresh"));
      const lines = await s.db
        .selectFrom("cart_lines")
        .select(["sku_id", "store_id", "qty"])
        .where("cart_id", "=", moved.id)
        .orderBy("sku_id")
        .execute();
      expect(lines).toEqual([
        { sku_id: BEER, store_id: "d-brooklyn", qty: 1 },
        { sku_id: WHISKEY, store_id: "d-manhattan", qty: 3 },
      ]);
      expect(
        await s.db.selectFrom("carts").select(["split"]).where("id", "=", moved.id).executeTakeFirstOrThrow(),
      ).toEqual({ split: true });
    });

    it("never takes another user's cart", async () => {
      const guest = randomUUID();
      shopper = owner(guest);
      await add([{ sku: WHISKEY, qty: 1, store_id: "d-manhattan" }]);
      await s.db.transaction().execute((tx) => transferCart(tx, guest, "u-alice"));
      // The same anonymous id later links to another user: nothing of Alice's moves.
      await s.db.transaction().execute((tx) => transferCart(tx, guest, "u-bob"));
      expect(
        await s.db.selectFrom("carts").select("owner").where("owner", "=", "user:u-bob").executeTakeFirst(),
      ).toBeUndefined();
      const alice = await s.db
        .selectFrom("carts")
        .select("id")
        .where("owner", "=", "user:u-alice")
        .executeTakeFirstOrThrow();
      expect(
        await s.db.selectFrom("cart_lines").select("qty").where("cart_id", "=", alice.id).execute(),
      ).toEqual([{ qty: 1 }]);
    });
  });
});

/** Stores whose names end in a full stop of their own: the cart's messages end with one, not two. */
describe.each(testDatabases)("cart messages naming a store called '… Co.' on %s", (kind) => {
  const s = useTestApp(kind, {
    fixture: async (db) => {
      await createDeliveryFixture(db);
      await db
        .updateTable("stores")
        .set({ name: "Williamsburg Bottle Co." })
        .where("id", "=", "d-manhattan")
        .execute();
      await db
        .updateTable("stores")
        .set({ name: "Red Hook Wine Co." })
        .where("id", "=", "d-brooklyn")
        .execute();
    },
  });

  it.each([
    [
      "more than the stock",
      { sku: SCARCE, qty: 3, store_id: "d-manhattan" },
      "Only 2 of Fixture Rare Rye left at Williamsburg Bottle Co.",
    ],
    [
      "a bottle the store does not sell",
      { sku: BEER, qty: 1, store_id: "d-manhattan" },
      "Fixture IPA 6-Pack (BC-9002-6X355) is not sold by Williamsburg Bottle Co.",
    ],
  ])("refuses %s in one sentence", async (_name, item, message) => {
    const res = await new TestBrowser(s.app).request("POST", "/menu/cart/v2", { skus: [item] });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: { message: string } }>().error.message).toBe(message);
  });

  it("tells the minimum still to reach in one sentence", async () => {
    const res = await new TestBrowser(s.app).request("POST", "/menu/cart/v2", {
      skus: [{ sku: BEER, qty: 1, store_id: "d-brooklyn" }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Cart>().split_cart["d-brooklyn"].minimum_error).toBe(
      "Add $17.01 more to reach the $30 minimum at Red Hook Wine Co.",
    );
  });
});
