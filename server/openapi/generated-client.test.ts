import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { answersChecked, nightcapClient } from "#tests/api-client/client.ts";
import { createUser, TEST_PASSWORD } from "#tests/factories/accounts.ts";
import { createDeliveryFixture } from "#tests/factories/delivery-fixture.ts";
import { CHELSEA, MANHATTAN } from "#tests/factories/shopper.ts";
import { useTestApp } from "#tests/support/app.ts";
import { codeFromOutbox } from "#tests/support/browser.ts";
import { testDatabases } from "#tests/support/db.ts";
import type { AnswerDocument } from "#tests/support/openapi-answers.ts";

const WHISKEY = "IA-9001-750"; // $29.99 at Manhattan (tests/factories/delivery-fixture.ts)

/**
 * A mobile app's client generated from the served OpenAPI document (app/lib/api-schema.ts, written by
 * `npm run docs:api`): it signs up, saves an address, fills a cart, pays, reads the order and tracks it, every
 * call and every answer through the generated types (no casts, no answer types written here). The calls are
 * type-checked against the document by `npm run typecheck`, so an operation renamed, a parameter dropped or an
 * answer's field renamed breaks this file before it runs.
 */
describe.each(testDatabases)("the generated TypeScript client on %s", (kind) => {
  const s = useTestApp(kind, { fixture: createDeliveryFixture });

  it("signs up, saves an address, fills a cart, pays, reads the order and tracks it", async () => {
    // Every success answer is also checked against the served document at run time, types being only as true
    // as the document.
    const doc = (await s.app.inject({ method: "GET", url: "/openapi.json" })).json<AnswerDocument>();
    const checked = answersChecked(doc);
    const client = () => {
      const api = nightcapClient(s.app);
      api.use(checked);
      return api;
    };
    const api = client();
    const email = `client-${randomUUID().slice(0, 8)}@example.com`;
    const app = { "x-platform": "ios" } as const;

    // Sign-up: the document types the answer as code_sent or logged_in.
    const signup = await api.POST("/auth/signup", {
      params: { header: app },
      body: {
        firstname: "Ann",
        lastname: "Lee",
        email,
        birthday: "1990-04-17",
        password: "a long passphrase",
      },
    });
    expect(signup.response.status).toBe(200);
    if (signup.data?.status !== "code_sent")
      throw new Error(`expected code_sent, got ${signup.data?.status}`);
    const step2 = await api.POST("/auth/loginV2Step2", {
      params: { header: app },
      body: { oid: signup.data.oid, code: await codeFromOutbox(s.app, email) },
    });
    expect(step2.response.status).toBe(200);
    if (!step2.data?.sessionToken) throw new Error(`no session token: ${JSON.stringify(step2.error)}`);
    expect(step2.data.sessionToken).toMatch(/^ncs_/);
    expect(step2.data.user.email).toBe(email);
    const userId = step2.data.user.id;
    const session = { "x-user": step2.data.sessionToken };

    const me = await api.GET("/me", { headers: session });
    expect([me.data?.user.id, me.data?.user.firstname]).toEqual([userId, "Ann"]);
    expect(me.data?.loyalty.currentPoints).toBe(0);

    // Address: geocoded, served by the Manhattan store, which delivers there now.
    const address = await api.POST("/order/address", {
      headers: session,
      body: { address: CHELSEA, unit: "4B" },
    });
    expect(address.response.status).toBe(200);
    expect(address.data).toMatchObject({ zip: "10001", unit: "4B", store_id: MANHATTAN, shipping: false });
    expect(address.data?.vendor.store_id).toBe(MANHATTAN);
    const saved = await api.GET("/order/address", { headers: session });
    expect(saved.data?.address?.address).toBe(address.data?.address);

    // Cart: two bottles at $29.99, priced with a 10% tip as checkout shows it.
    const added = await api.POST("/menu/cart/v2", {
      headers: session,
      body: { skus: [{ sku: WHISKEY, qty: 2, store_id: MANHATTAN }] },
    });
    expect(added.response.status).toBe(200);
    const cartAnswer = await api.GET("/menu/cart/v2", {
      headers: session,
      params: { query: { tipPercent: 10 } },
    });
    const cart = cartAnswer.data;
    if (!cart) throw new Error(`no cart: ${JSON.stringify(cartAnswer.error)}`);
    expect(cart.count).toBe(2);
    expect(cart.products.map((p) => [p.sku_id, p.qty, p.price])).toEqual([[WHISKEY, 2, 2999]]);
    expect(cart.subtotal).toBe(5998);
    expect(cart.tip).toBe(600);
    expect(cart.total).toBe(cart.line_items.at(-1)?.value);

    // Checkout: the app reads how the store takes cards, the card goes to the payment provider (the embedded
    // sandbox, standing in for Stripe: its API is not Nightcap's, so not in the document), the token to us.
    const paymentConfig = await api.GET("/order/payment-config", { headers: session });
    expect(paymentConfig.data?.provider).toBe("sandbox");
    const checkoutId = `${userId}_${Date.now()}`;
    const placed = await api.POST("/order/v3", {
      headers: session,
      params: { header: app },
      body: {
        id: checkoutId,
        paymentMethod: { type: "token", token: await sandboxCardToken() },
        deliveryTime: "asap",
        tip: { percent: 10 },
        expectedTotal: cart.total,
        address: { type: "Residential" },
        delivery_notes: "Ring twice",
      },
    });
    expect(placed.response.status, JSON.stringify(placed.error)).toBe(200);
    if (placed.data?.status !== "succeeded") throw new Error(`not paid: ${JSON.stringify(placed.data)}`);
    expect(placed.data.checkout_id).toBe(checkoutId);
    const [order] = placed.data.orders;
    expect(placed.data.order_ids).toEqual([order._id]);
    expect(order.order_number).toBeGreaterThan(0);
    expect(order.order_status).toBe(0);
    expect(order.store.id).toBe(MANHATTAN);
    expect(order.charge).toEqual({ brand: "visa", last4: "4242", method: "card" });
    expect(order.total).toBe(cart.total);
    expect(order.total).toBe(cart.subtotal + cart.fee.delivery_fee + cart.tip);

    // Order detail: the same order, totals and lines as checkout answered.
    const detail = await api.GET("/order/detail", { headers: session, params: { query: { id: order._id } } });
    const read = detail.data;
    if (!read) throw new Error(`no order: ${JSON.stringify(detail.error)}`);
    expect([read._id, read.order_number, read.checkout_id]).toEqual([
      order._id,
      order.order_number,
      checkoutId,
    ]);
    expect([read.subtotal, read.total]).toEqual([order.subtotal, order.total]);
    expect(read.line_items).toEqual(order.line_items);
    expect(read.line_items.find((l) => l.format === "TOTAL")?.value).toBe(order.total);
    expect(read.products.map((p) => [p.sku_id, p.qty, p.subtotal])).toEqual([[WHISKEY, 2, 5998]]);
    expect(read.delivery_address_detail).toMatchObject({ zip: "10001", unit: "4B", type: "Residential" });
    expect(read.delivery_notes).toBe("Ring twice");

    // Tracking: placed; then the store accepts it and sends it out, and tracking follows.
    const tracked = async () => {
      const status = await api.GET("/order/status/{id}", {
        headers: session,
        params: { path: { id: order._id } },
      });
      if (!status.data) throw new Error(`no status: ${JSON.stringify(status.error)}`);
      return status.data;
    };
    const placedStatus = await tracked();
    expect(placedStatus).toMatchObject({
      _id: order._id,
      order_status: 0,
      active: true,
      failed_status: null,
    });
    expect(placedStatus.eta).toBe(read.eta);
    const active = await api.GET("/order/active", { headers: session });
    expect(active.data?.active).toBe(true);
    expect(active.data?.orders.map((o) => [o._id, o.order_number])).toEqual([
      [order._id, order.order_number],
    ]);

    // The store's staff, on the console's API from an app of their own; the one who sends it out drives it.
    const store = client();
    const staff = await staffSession(store);
    const accepted = await store.POST("/api/console/orders/{id}/accept", {
      headers: staff,
      params: { path: { id: order._id } },
      body: {},
    });
    expect(accepted.data?.order_status).toBe(1);
    expect((await tracked()).order_status).toBe(1);
    const dispatched = await store.POST("/api/console/orders/{id}/dispatch", {
      headers: staff,
      params: { path: { id: order._id } },
      body: {},
    });
    expect(dispatched.data?.order_status).toBe(2);
    const enRoute = await tracked();
    expect(enRoute).toMatchObject({
      order_status: 2,
      active: true,
      failed_status: null,
      tracking_state: "Your driver has picked up your order",
    });
    expect(enRoute.driver?.name).toBeTruthy();
    expect(enRoute.eta).toEqual(expect.any(String));

    expect(checked.outside).toEqual([]);
    expect(checked.checked).toBe(17); // every call above
  });

  /** A card token from the sandbox payment provider, as its card page gives the app one. */
  async function sandboxCardToken(): Promise<string> {
    const res = await s.app.inject({
      method: "POST",
      url: "/sandbox-pay/v1/tokens",
      payload: { number: "4242424242424242", exp_month: 12, exp_year: 2031, cvc: "123" },
    });
    return res.json<{ id: string }>().id;
  }

  /** A member of the Manhattan store's staff, signed in through the client as the apps sign in. */
  async function staffSession(store: ReturnType<typeof nightcapClient>): Promise<{ "x-user": string }> {
    const member = await createUser(s.db, { role: "store_staff", store_id: MANHATTAN });
    const login = await store.POST("/auth/login", {
      params: { header: { "x-platform": "ios" } },
      body: { username: member.email, password: TEST_PASSWORD },
    });
    if (!login.data?.sessionToken) throw new Error(`staff login failed: ${JSON.stringify(login.error)}`);
    return { "x-user": login.data.sessionToken };
  }

  it("gets the documented Error body, typed, for a refused call", async () => {
    const api = nightcapClient(s.app);
    const { error, response } = await api.GET("/me");
    expect(response.status).toBe(401);
    // `error` is typed from components/schemas/Error.
    expect(error?.error.code).toBe("login_required");
    const unknown = await api.GET("/menu/product-name/{id}", { params: { path: { id: "ZZ-0000-750" } } });
    expect(unknown.response.status).toBe(404);
    expect(unknown.error?.error).toEqual({ code: "product_not_found", message: "Product Not Found" });
  });
});
