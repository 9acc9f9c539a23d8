import { describe, expect, it } from "vitest";
import type { Cart } from "#domain/cart/types.ts";
import { checkoutIdFor } from "#domain/checkout/request.ts";
import { isDemoStore } from "#server/config.ts";
import { createUser, signedInBrowser } from "#tests/factories/accounts.ts";
import { createDeliveryFixture } from "#tests/factories/delivery-fixture.ts";
import { cardToken, placedOrder } from "#tests/factories/placed-orders.ts";
import { createPromo } from "#tests/factories/promos.ts";
import { useTestApp } from "#tests/support/app.ts";
import { TestBrowser } from "#tests/support/browser.ts";
import { testDatabases } from "#tests/support/db.ts";

const WHISKEY = "IA-9001-750"; // $29.99 at Manhattan
const CIGAR = "TB-9005-1"; // $15.00 at Manhattan, tag TB
const MANHATTAN = "d-manhattan";

describe.each(testDatabases)("promos and store credit on %s", (kind) => {
  const s = useTestApp(kind, { fixture: createDeliveryFixture });

  const fill = async (browser: TestBrowser, skus: { sku: string; qty: number }[]) => {
    const res = await browser.post("/menu/cart/v2", {
      skus: skus.map((x) => ({ ...x, store_id: MANHATTAN })),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Cart>();
  };
  const apply = (browser: TestBrowser, body: object) => browser.post("/menu/cart/promo/v2", body);
  const lineItems = (cart: Cart) => cart.line_items.map((l) => [l.title, l.value, l.format]);

  it("the signup offer is real: $5 off the new customer's first order, listed in their promos", async () => {
    const user = await createUser(s.db, { signup_promo: "FIVEOFF" });
    const browser = await signedInBrowser(s.app, user);
    const cart = await fill(browser, [{ sku: WHISKEY, qty: 2 }]);
    expect(cart.promo).toMatchObject({ code: "FIVEOFF", value_type: "fixed", applied: true, discount: 500 });
    expect(lineItems(cart)).toEqual([
      ["Subtotal", 5998, "SUBTOTAL"],
      ["Delivery fee", 399, "FEE"],
      ["Promo (FIVEOFF)", -500, "PROMO"],
      ["Total", 5897, "TOTAL"],
    ]);
    expect(cart.total).toBe(5897);
    const promos = (await browser.get("/promos")).json();
    expect(promos).toEqual({
      promos: [{ code: "FIVEOFF", value_type: "fixed", desc: "$5 off your first order", value: 500 }],
      credit: 0,
    });

    // Removed, it stays removed; and once redeemed it is gone from the list.
    const removed = (await apply(browser, { code: null })).json<Cart>();
    expect(removed.promo).toBeNull();
    expect(removed.total).toBe(6397);
    await s.db
      .insertInto("promo_redemptions")
      .values({ code: "FIVEOFF", user_id: user.id, checkout_id: `x-${user.id}`, amount: 500 })
      .execute();
    expect((await browser.get("/promos")).json().promos).toEqual([]);
  });

  it("the signup offer is taken at checkout, once", async () => {
    const first = await placedOrder(s, [{ sku: WHISKEY, qty: 2 }], {
      before: async (browser) => {
        const me = (await browser.get("/me")).json();
        await s.db
          .updateTable("users")
          .set({ signup_promo: "FIVEOFF" })
          .where("id", "=", me.user.id)
          .execute();
      },
    });
    expect(first.cart.promo).toMatchObject({ code: "FIVEOFF", applied: true, discount: 500 });
    expect(first.orders[0]).toMatchObject({ promo_code: "FIVEOFF", total: first.cart.total });
    const redeemed = await s.db
      .selectFrom("promo_redemptions")
      .select(["code", "amount"])
      .where("user_id", "=", first.user.id)
      .execute();
    expect(redeemed).toEqual([{ code: "FIVEOFF", amount: 500 }]);

    const again = await fill(first.browser, [{ sku: WHISKEY, qty: 2 }]);
    expect(again.promo).toBeNull();
    const res = await first.browser.post("/order/v3", {
      id: checkoutIdFor(first.user.id, new Date(Date.now() + 60_000)),
      paymentMethod: { type: "token", token: await cardToken(s) },
      deliveryTime: "asap",
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().orders[0]).toMatchObject({ promo_code: null, total: again.total });
  });

  it("a shopper who did not sign up with the offer does not get it", async () => {
    const browser = await signedInBrowser(s.app, await createUser(s.db));
    expect((await fill(browser, [{ sku: WHISKEY, qty: 1 }])).promo).toBeNull();
  });

  it("applies a code to the cart, refuses what does not apply in the shopper's words, keeps nothing refused", async () => {
    const browser = new TestBrowser(s.app);
    await fill(browser, [
      { sku: WHISKEY, qty: 1 },
      { sku: CIGAR, qty: 2 },
    ]);
    const tenOff = await createPromo(s.db, { kind: "percent", value: 10 });
    const applied = (await apply(browser, { code: tenOff.toLowerCase() })).json<Cart>();
    // 10% of the whiskey only: tobacco is never discounted.
    expect(applied.promo).toMatchObject({ code: tenOff, applied: true, discount: 300 });
    expect(lineItems(applied)).toContainEqual([`Promo (${tenOff})`, -300, "PROMO"]);

    const cases: [object, string][] = [
      [{ min_subtotal: 5000 }, "Add $20.01 more to use this code."],
      [{ expires_at: new Date("2020-01-01") }, "This code has expired."],
      [{ starts_at: new Date("2099-01-01") }, "This code isn't active yet."],
      [{ tags: ["GN"] }, "This code doesn't apply to the items in your cart."],
      [{ store_ids: ["d-brooklyn"] }, "This code doesn't apply to the items in your cart."],
      [{ max_uses_per_customer: 1 }, "Log in to use this code."],
    ];
    for (const [over, message] of cases) {
      const code = await createPromo(s.db, over);
      const res = await apply(browser, { code });
      expect(res.statusCode, code).toBe(400);
      expect(res.json().error.message).toBe(message);
    }
    // The refused codes left the applied one in place.
    expect((await browser.get("/menu/cart/v2")).json<Cart>().promo?.code).toBe(tenOff);

    const unknown = await apply(browser, { code: "NOSUCHCODE" });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toEqual({
      code: "promo_not_found",
      message: "We don't recognise that code. Check it and try again.",
    });
  });

  it("shows a code that stops applying as the cart changes, with why", async () => {
    const browser = new TestBrowser(s.app);
    await fill(browser, [{ sku: WHISKEY, qty: 2 }]);
    const code = await createPromo(s.db, { kind: "fixed", value: 1000, min_subtotal: 5000 });
    expect((await apply(browser, { code })).json<Cart>().promo?.applied).toBe(true);
    const cart = (
      await browser.request("PATCH", "/menu/cart/v2", {
        skus: [{ sku: WHISKEY, store_id: MANHATTAN, qty: 1 }],
      })
    ).json<Cart>();
    expect(cart.promo).toMatchObject({
      code,
      applied: false,
      discount: 0,
      message: "Add $20.01 more to use this code.",
    });
    expect(cart.line_items.some((l) => l.format === "PROMO")).toBe(false);
  });

  it("free delivery takes off the delivery fee", async () => {
    const browser = new TestBrowser(s.app);
    await fill(browser, [{ sku: WHISKEY, qty: 2 }]);
    const code = await createPromo(s.db, { kind: "free_delivery", value: 0 });
    const cart = (await apply(browser, { code })).json<Cart>();
    expect(cart).toMatchObject({ discount: 399, total: 5998 });
  });

  it("a credit code becomes store credit once; the cart uses it on request; a visitor cannot", async () => {
    const user = await createUser(s.db);
    const browser = await signedInBrowser(s.app, user);
    const code = await createPromo(s.db, {
      kind: "credit",
      value: 1000,
      description: "$10 credit",
      credit_valid_days: 90,
    });
    const added = await browser.post("/order/promo", { code });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json()).toMatchObject({
      promo: { code, value_type: "credit", desc: "$10 credit", value: 1000 },
      promos: [{ code: "CREDIT", value_type: "credit", desc: "Store credit", balance: 1000 }],
      credit: 1000,
    });
    const again = await browser.post("/order/promo", { code });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toBe("You've already used this code.");

    await fill(browser, [{ sku: WHISKEY, qty: 1 }]);
    const withCredit = (await apply(browser, { credit: true })).json<Cart>();
    expect(withCredit.credit).toEqual({ balance: 1000, applied: 1000 });
    expect(lineItems(withCredit)).toContainEqual(["Credit", -1000, "CREDIT"]);
    expect(withCredit.total).toBe(2999 + 399 - 1000);
    const some = (await apply(browser, { credit: 250 })).json<Cart>();
    expect(some.credit.applied).toBe(250);
    expect((await apply(browser, { credit: false })).json<Cart>().credit.applied).toBe(0);

    const visitor = new TestBrowser(s.app);
    await fill(visitor, [{ sku: WHISKEY, qty: 1 }]);
    expect((await apply(visitor, { credit: true })).statusCode).toBe(401);
  });

  it("the demo store's codes work as the README says: $10 credit and 10% off, never on tobacco", async () => {
    const browser = await signedInBrowser(s.app, await createUser(s.db));
    const credit = await browser.post("/order/promo", { code: "trynightcap" });
    expect(credit.statusCode, credit.body).toBe(200);
    expect(credit.json().credit).toBe(1000);
    await fill(browser, [
      { sku: WHISKEY, qty: 1 },
      { sku: CIGAR, qty: 1 },
    ]);
    const cart = (await apply(browser, { code: "TAKE10" })).json<Cart>();
    expect(cart.promo).toMatchObject({ code: "TAKE10", applied: true, discount: 300 });
  });

  it("no demo codes on a store running on a real database in production", () => {
    expect(isDemoStore({ env: "production", databaseUrl: "postgres://db/store" })).toBe(false);
    expect(isDemoStore({ env: "production", databaseUrl: undefined })).toBe(true);
    expect(isDemoStore({ env: "development", databaseUrl: "postgres://db/store" })).toBe(true);
  });

  it("grants a credit code once under parallel requests", async () => {
    const user = await createUser(s.db);
    const browser = await signedInBrowser(s.app, user);
    const code = await createPromo(s.db, { kind: "credit", value: 700 });
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => browser.post("/order/promo", { code })),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect((await browser.get("/promos")).json().credit).toBe(700);
  });

  it("lists added codes newest first, the credit after them", async () => {
    const browser = await signedInBrowser(s.app, await createUser(s.db));
    const a = await createPromo(s.db, { description: "A" });
    const b = await createPromo(s.db, { description: "B" });
    await browser.post("/order/promo", { code: a });
    await browser.post("/order/promo", { code: b });
    await browser.post("/order/promo", { code: a });
    expect((await browser.get("/promos")).json().promos.map((p: { code: string }) => p.code)).toEqual([a, b]);
  });

  it("limits how many codes one shopper may try in a while", async () => {
    const browser = new TestBrowser(s.app);
    const codes: number[] = [];
    for (let i = 0; i < 16; i++) codes.push((await apply(browser, { code: `GUESS${i}` })).statusCode);
    expect(codes.slice(0, 15).every((c) => c === 404)).toBe(true);
    expect(codes[15]).toBe(429);
  });
});
