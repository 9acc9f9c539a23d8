import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import type { Cart } from "#domain/cart/types.ts";
import { checkoutIdFor } from "#domain/checkout/request.ts";
import type { Order } from "#domain/orders/types.ts";
import { jobSchemaFor } from "#server/platform/jobs.ts";
import { createUser, signedInBrowser } from "#tests/factories/accounts.ts";
import { createDeliveryFixture, createSplitDeliveryFixture } from "#tests/factories/delivery-fixture.ts";
import { createPromo } from "#tests/factories/promos.ts";
import { MANHATTAN, shopperWithCart } from "#tests/factories/shopper.ts";
import { type TestApp, useTestApp } from "#tests/support/app.ts";
import { readOutbox, type TestBrowser } from "#tests/support/browser.ts";
import { testDatabases } from "#tests/support/db.ts";
import { DELIVER_MESSAGE } from "../messages/index.ts";

const WHISKEY = "IA-9001-750"; // $29.99 at Manhattan, stock 50
const SCARCE = "IA-9004-750"; // $110.00 at Manhattan, stock 2
const BEER = "BC-9002-6X355"; // Brooklyn only
const WINE = "BC-9003-750"; // $75.00, sold only by the shipping store
const WASHINGTON = "1350 Pennsylvania Ave NW, Washington, DC 20004"; // outside both zones: the shipping store serves it

let clock = Date.now();
const newCheckoutId = (userId: string) => checkoutIdFor(userId, new Date(clock++));
const byNumber = (a: Order, b: Order) => a.order_number - b.order_number;

describe.each(testDatabases)("checkout on %s", (kind) => {
  const s = useTestApp(kind, { fixture: createDeliveryFixture, workers: true });

  const { shopper, token, place, stockOf } = harness(s);

  it("places a paid order from the cart: server prices, stock taken, cart emptied, confirmation sent, history shows it", async () => {
    const { user, browser, cart } = await shopper([{ sku: WHISKEY, qty: 2 }]);
    const before = await stockOf(WHISKEY);
    const id = newCheckoutId(user.id);
    const res = await place(browser, {
      id,
      paymentMethod: { type: "token", token: await token() },
      deliveryTime: "asap",
      tip: { amount: 500 },
      address: { unit: "4B", type: "Residential" },
      delivery_notes: "Ring twice",
    });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json<{ status: string; orders: Order[] }>();
    expect(answer.status).toBe("succeeded");
    const [order] = answer.orders;
    expect(order).toMatchObject({
      order_status: 0,
      shipping: false,
      active: true,
      store: { id: MANHATTAN },
      charge: { brand: "visa", last4: "4242", method: "card" },
      delivery_notes: "Ring twice",
      delivery_address_detail: { unit: "4B", type: "Residential", zip: "10001" },
      products: [{ sku_id: WHISKEY, qty: 2, price: 2999, subtotal: 5998 }],
    });
    expect(order.total).toBe(cart.subtotal + cart.fee.delivery_fee + 500);
    expect(order.line_items.at(-1)).toMatchObject({ title: "Total", value: order.total, format: "TOTAL" });
    expect(await stockOf(WHISKEY)).toBe(before - 2);
    expect((await browser.get("/menu/cart/v2")).json<Cart>().products).toEqual([]);
    const [mail] = await readOutbox(s.app, user.email);
    expect(mail.template).toBe("order-confirmation");
    expect(mail.body).toContain(`Order #${order.order_number}`);
    // Its delivery job was written with it.
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(s.db);
    const delivery = await sql<{
      id: string;
    }>`select id from ${sql.table(`${jobSchemaFor(rows[0].schema)}.job`)}
      where name = ${DELIVER_MESSAGE.name} and (data->>'id')::int = ${mail.id}`.execute(s.db);
    expect(delivery.rows).toHaveLength(1);

    const history = (await browser.get("/order/history")).json<{ count: number; orders: Order[] }>();
    expect(history.count).toBe(1);
    expect(history.orders[0]._id).toBe(order._id);
    // The answer's orders (read by settling's last statement, as JSON) are the orders as they are read later.
    expect((await browser.get(`/order/detail?id=${order._id}`)).json<Order>()).toEqual(order);
    const status = (await browser.get(`/order/status/${order._id}`)).json();
    expect(status).toMatchObject({ order_status: 0, failed_status: null, active: true });

    // The same checkout id with other details (another card): refused, nothing charged again.
    const again = await place(browser, {
      id,
      paymentMethod: { type: "token", token: await token() },
      deliveryTime: "asap",
    });
    expect(again.statusCode).toBe(422);
    expect(again.json().error.code).toBe("checkout_id_reused");
    const payments = await s.db.selectFrom("payments").select("id").where("user_id", "=", user.id).execute();
    expect(payments).toHaveLength(1);
  });

  it("ships an order at the shipping option checkout showed; an option changed elsewhere is refused, not charged", async () => {
    const user = await createUser(s.db);
    const browser = await signedInBrowser(s.app, user);
    expect((await browser.post("/order/address", { address: WASHINGTON })).statusCode).toBe(200);
    const added = await browser.post("/menu/cart/v2", {
      skus: [{ sku: WINE, qty: 1, store_id: "d-shipping" }],
    });
    expect(added.statusCode, added.body).toBe(200);
    expect((await browser.post("/menu/cart/shipping/v2", { shipping_name: "2-Day" })).statusCode).toBe(200);
    // Checkout showed 2-Day; another tab then chose Overnight.
    expect((await browser.post("/menu/cart/shipping/v2", { shipping_name: "Overnight" })).statusCode).toBe(
      200,
    );
    const stale = await place(browser, {
      id: newCheckoutId(user.id),
      paymentMethod: { type: "token", token: await token() },
      shippingOption: "2-Day",
    });
    expect(stale.statusCode, stale.body).toBe(409);
    expect(stale.json().error.code).toBe("cart_changed");
    expect(await s.db.selectFrom("payments").select("id").where("user_id", "=", user.id).execute()).toEqual(
      [],
    );

    const res = await place(browser, {
      id: newCheckoutId(user.id),
      paymentMethod: { type: "token", token: await token() },
      shippingOption: "Overnight",
    });
    expect(res.statusCode, res.body).toBe(200);
    const [order] = res.json<{ orders: Order[] }>().orders;
    expect(order).toMatchObject({ shipping: true, store: { id: "d-shipping" }, total: 7500 + 3999 });
    expect(order.line_items).toContainEqual(
      expect.objectContaining({ title: "Shipping (Overnight)", value: 3999, format: "SHIPPING" }),
    );
  });

  it("charges only the total the page showed: a cart changed in another tab is refused, then placed at the new total", async () => {
    const { user, browser, cart } = await shopper([{ sku: WHISKEY, qty: 1 }]);
    const shown = cart.total;
    const changed = await browser.request("PATCH", "/menu/cart/v2", {
      skus: [{ sku: WHISKEY, qty: 3, store_id: MANHATTAN }],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const body = {
      paymentMethod: { type: "token", token: await token() },
      deliveryTime: "asap",
      tip: { amount: 0 },
    };
    const stale = await place(browser, { ...body, id: newCheckoutId(user.id), expectedTotal: shown });
    expect(stale.statusCode, stale.body).toBe(409);
    expect(stale.json().error.code).toBe("cart_changed");
    expect(await s.db.selectFrom("payments").select("id").where("user_id", "=", user.id).execute()).toEqual(
      [],
    );

    const now = (await browser.get("/menu/cart/v2?tipAmount=0")).json<{ total: number }>().total;
    expect(now).toBeGreaterThan(shown);
    const placed = await place(browser, {
      ...body,
      paymentMethod: { type: "token", token: await token() },
      id: newCheckoutId(user.id),
      expectedTotal: now,
    });
    expect(placed.statusCode, placed.body).toBe(200);
    expect(placed.json<{ orders: Order[] }>().orders[0].total).toBe(now);
  });

  it("answers a repeated request with the first outcome, and a simultaneous double submit makes one order", async () => {
    const { user, browser } = await shopper([{ sku: WHISKEY, qty: 1 }]);
    const body = {
      id: newCheckoutId(user.id),
      paymentMethod: { type: "token", token: await token() },
      deliveryTime: "asap",
    };
    const answers = await Promise.all([place(browser, body), place(browser, body), place(browser, body)]);
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses.filter((st) => st === 200).length).toBeGreaterThanOrEqual(1);
    expect(statuses.every((st) => st === 200 || st === 409)).toBe(true);
    const repeat = await place(browser, body);
    expect(repeat.statusCode).toBe(200);
    const orders = await s.db.selectFrom("orders").select("id").where("user_id", "=", user.id).execute();
    expect(orders).toHaveLength(1);
    expect(repeat.json().orders[0]._id).toBe(orders[0].id);
  });

  it("takes an app's checkout id in decimal milliseconds (spec §7: the user id plus a timestamp), the caller's only", async () => {
    const ms = clock++;
    const { user, browser } = await shopper([{ sku: WHISKEY, qty: 1 }]);
    const order = async (id: string) => ({
      id,
      paymentMethod: { type: "token", token: await token() },
      deliveryTime: "asap",
    });
    const mine = await order(`${user.id}_${ms}`);
    const placed = await place(browser, mine);
    expect(placed.statusCode, placed.body).toBe(200);
    expect(placed.json().status).toBe("succeeded");
    const again = await place(browser, mine);
    expect(again.json().orders[0]._id).toBe(placed.json().orders[0]._id);

    // The same moment is someone else's checkout only under their own user id.
    const other = await shopper([{ sku: WHISKEY, qty: 1 }]);
    const theirs = await place(other.browser, await order(mine.id));
    expect(theirs.statusCode).toBe(400);
    expect(theirs.json().error.code).toBe("invalid_checkout_id");
    const own = await place(other.browser, await order(`${other.user.id}_${ms}`));
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().orders[0]._id).not.toBe(placed.json().orders[0]._id);
  });

  it("a declined card shows the provider's words, and nothing is charged, reserved or kept", async () => {
    const promo = await createPromo(s.db, { kind: "fixed", value: 300 });
    const { user, browser } = await shopper([{ sku: WHISKEY, qty: 1 }]);
    await browser.post("/menu/cart/promo/v2", { code: promo });
    const before = await stockOf(WHISKEY);
    const res = await place(browser, {
      id: newCheckoutId(user.id),
      paymentMethod: { type: "token", token: await token("4000000000009995") },
    });
    expect(res.statusCode).toBe(402);
    expect(res.json().error).toEqual({
      code: "insufficient_funds",
      message: "Your card has insufficient funds.",
    });
    expect(await stockOf(WHISKEY)).toBe(before);
    expect(
      await s.db.selectFrom("promo_redemptions").select("id").where("user_id", "=", user.id).execute(),
    ).toEqual([]);
    const orders = await s.db
      .selectFrom("orders")
      .select("order_status")
      .where("user_id", "=", user.id)
      .execute();
    expect(orders).toEqual([{ order_status: 5 }]);
    // Never placed: not in the history.
    expect((await browser.get("/order/history")).json().count).toBe(0);
    // The cart is still there to pay with another card.
    expect((await browser.get("/menu/cart/v2")).json<Cart>().products).toHaveLength(1);
  });

  it("3-D Secure: the checkout waits for the challenge, then /order/verify3DS places the order", async () => {
    const { user, browser } = await shopper([{ sku: WHISKEY, qty: 1 }]);
    const res = await place(browser, {
      id: newCheckoutId(user.id),
      paymentMethod: { type: "token", token: await token("4000002760003184") },
    });
    expect(res.statusCode, res.body).toBe(200);
    const pending = res.json<{ status: string; redirect_url: string; payment_intent_id: string }>();
    expect(pending.status).toBe("requires_action");
    expect((await browser.get("/order/history")).json().count).toBe(0);
    const challenge = await s.app.inject({
      method: "POST",
      url: pending.redirect_url,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "outcome=pass",
    });
    expect(challenge.headers.location).toContain(`/3dscb?payment_intent=${pending.payment_intent_id}`);
    const verified = await browser.get(`/order/verify3DS?payment_intent_id=${pending.payment_intent_id}`);
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json().orders[0]).toMatchObject({ order_status: 0, charge: { last4: "3184" } });
    const other = await signedInBrowser(s.app, await createUser(s.db));
    expect(
      (await other.get(`/order/verify3DS?payment_intent_id=${pending.payment_intent_id}`)).statusCode,
    ).toBe(404);
    expect((await other.get(`/order/detail?id=${verified.json().orders[0]._id}`)).statusCode).toBe(404);
  });

  it("refuses an under-age account, an empty cart, another user's checkout id, and a card not theirs", async () => {
    const young = await shopper([{ sku: WHISKEY, qty: 1 }], { birthday: "2010-01-01" });
    const underAge = await place(young.browser, {
      id: newCheckoutId(young.user.id),
      paymentMethod: { type: "token", token: await token() },
    });
    expect(underAge.statusCode).toBe(403);
    expect(underAge.json().error.message).toBe("You must be 21 or older to order from Nightcap.");

    const { user, browser } = await shopper([{ sku: WHISKEY, qty: 1 }]);
    const notMine = await place(browser, {
      id: newCheckoutId(young.user.id),
      paymentMethod: { type: "token", token: await token() },
    });
    expect(notMine.statusCode).toBe(400);
    const card = await place(browser, {
      id: newCheckoutId(user.id),
      paymentMethod: { type: "card", cardId: "card_nope" },
    });
    expect(card.statusCode).toBe(404);
    // A refused request keeps no claim on its id: fixed, it can be placed.
    await browser.request("DELETE", "/menu/cart/v2", { skus: [WHISKEY] });
    const empty = await place(browser, {
      id: newCheckoutId(user.id),
      paymentMethod: { type: "token", token: await token() },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe("Your cart is empty.");
  });

  it("plans delivery by the store's hours now: a slot it does not offer, no ASAP while closed, broken hours", async () => {
    const { user, browser } = await shopper([{ sku: WHISKEY, qty: 1 }]);
    const attempt = (times: object) =>
      place(browser, {
        id: newCheckoutId(user.id),
        paymentMethod: { type: "token", token: "tok_unused" },
        ...times,
      });
    const slot = await attempt({ deliveryTime: "03:17", deliveryDate: "2001-01-01" });
    expect(slot.statusCode).toBe(400);
    expect(slot.json().error).toEqual({
      code: "delivery_unavailable",
      message: "That delivery time is no longer available. Please choose another.",
    });
    const hours = await s.db
      .selectFrom("stores")
      .select("hours")
      .where("id", "=", MANHATTAN)
      .executeTakeFirstOrThrow();
    const setHours = (value: unknown) =>
      s.db
        .updateTable("stores")
        .set({ hours: JSON.stringify(value) })
        .where("id", "=", MANHATTAN)
        .execute();
    try {
      await setHours({});
      const closed = await attempt({ deliveryTime: "asap" });
      expect(closed.statusCode).toBe(400);
      expect(closed.json().error).toEqual({
        code: "delivery_unavailable",
        message: "This store can't deliver right now. Please choose a delivery time.",
      });
      await setHours({ mon: "all day" });
      const broken = await attempt({ deliveryTime: "asap" });
      expect(broken.statusCode).toBe(503);
      expect(broken.json().error.code).toBe("availability_failed");
    } finally {
      await setHours(hours.hours);
    }
    expect((await attempt({ deliveryTime: "asap" })).statusCode).toBe(402);
  });

  it("a gift waits for its recipient and sends them a claim link", async () => {
    const { user, browser } = await shopper([{ sku: WHISKEY, qty: 1 }]);
    const res = await place(browser, {
      id: newCheckoutId(user.id),
      paymentMethod: { type: "token", token: await token() },
      deliveryTime: "recipient",
      isGift: true,
      giftRecipient: "Dana",
      giftEmail: `dana-${user.id.slice(0, 6)}@example.com`,
      giftNote: "Happy birthday!",
      giftOccasion: "Birthday",
    });
    expect(res.statusCode, res.body).toBe(200);
    const [order] = res.json<{ orders: Order[] }>().orders;
    expect(order).toMatchObject({
      order_status: 7,
      scheduled: { byRecipient: true },
      gift_info: { recipient: "Dana", occasion: "Birthday" },
    });
    const [link] = await readOutbox(s.app, `dana-${user.id.slice(0, 6)}@example.com`);
    expect(link.template).toBe("gift-claim");
    const token128 = /giftclaim\/[\w-]+\?token=([\w-]+)/.exec(link.body)?.[1] ?? "";
    expect(token128.length).toBeGreaterThanOrEqual(22);
    const stored = JSON.stringify(await s.db.selectFrom("gift_claims").selectAll().execute());
    expect(stored).not.toContain(token128);
  });

  it("leaves in the cart what the order left out: a line unavailable at the address's store stays there", async () => {
    const { user, browser } = await shopper([
      { sku: WHISKEY, qty: 2 },
      { sku: SCARCE, qty: 1 },
    ]);
    // Moved to Brooklyn: the whiskey moves to its store, the rye (which it does not sell) stays, unavailable.
    expect(
      (await browser.post("/order/address", { address: "55 Water St, Brooklyn, NY 11201" })).statusCode,
    ).toBe(200);
    const cart = (await browser.get("/menu/cart/v2")).json<Cart>();
    expect(cart.unavailable_message).toContain("Fixture Rare Rye");
    const res = await place(browser, {
      id: newCheckoutId(user.id),
      paymentMethod: { type: "token", token: await token() },
      deliveryTime: "asap",
      expectedTotal: cart.total,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ orders: Order[] }>().orders[0].products.map((p) => p.sku_id)).toEqual([WHISKEY]);
    const after = (await browser.get("/menu/cart/v2")).json<Cart>();
    expect(after.products.map((p) => [p.sku_id, p.qty, p.available])).toEqual([[SCARCE, 1, false]]);
    expect(after.unavailable_message).toBe(cart.unavailable_message);
  });

  /** Every buyer places their order at the same moment, each with a card token of their own. */
  async function placeAllAtOnce(buyers: { browser: TestBrowser; user: { id: string } }[]) {
    const tokens = await Promise.all(buyers.map(() => token()));
    return Promise.all(
      buyers.map((b, i) =>
        place(b.browser, {
          id: newCheckoutId(b.user.id),
          paymentMethod: { type: "token", token: tokens[i] },
        }),
      ),
    );
  }

  it("sells the last units exactly once under parallel checkouts", async () => {
    const buyers = await Promise.all(Array.from({ length: 6 }, () => shopper([{ sku: SCARCE, qty: 1 }])));
    const answers = await placeAllAtOnce(buyers);
    const sold = answers.filter((a) => a.statusCode === 200);
    expect(sold).toHaveLength(2);
    for (const refused of answers.filter((a) => a.statusCode !== 200)) {
      expect(refused.statusCode).toBe(409);
      // Who lost the race at the shelf, or (quoted after the winners) found it sold out.
      expect(refused.json().error.code).toMatch(/out_of_stock|cart_changed|cart_unavailable/);
    }
    expect(await stockOf(SCARCE)).toBe(0);
  });

  it("a checkout short of one line takes none of the others (parallel checkouts of two lines)", async () => {
    await s.db
      .updateTable("inventory")
      .set({ stock: 2 })
      .where("store_id", "=", MANHATTAN)
      .where("sku_id", "=", SCARCE)
      .execute();
    const whiskey = await stockOf(WHISKEY);
    const buyers = await Promise.all(
      Array.from({ length: 5 }, () =>
        shopper([
          { sku: WHISKEY, qty: 1 },
          { sku: SCARCE, qty: 1 },
        ]),
      ),
    );
    const answers = await placeAllAtOnce(buyers);
    const placed = answers.filter((a) => a.statusCode === 200);
    for (const refused of answers.filter((a) => a.statusCode !== 200)) {
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error.code).toMatch(/out_of_stock|cart_changed/);
    }
    // Two got both; one quoted after them found the scarce bottle sold out and bought the whiskey alone.
    const lines = placed.map((a) => a.json<{ orders: Order[] }>().orders[0].products.length);
    expect(lines.filter((n) => n === 2)).toHaveLength(2);
    expect(await stockOf(SCARCE)).toBe(0);
    // The refused checkouts' whiskey went back with the rest of their reservation.
    expect(await stockOf(WHISKEY)).toBe(whiskey - placed.length);
  });

  it("redeems a single-use code once under parallel checkouts", async () => {
    const code = await createPromo(s.db, { kind: "fixed", value: 200, max_uses: 1 });
    const buyers = await Promise.all(Array.from({ length: 4 }, () => shopper([{ sku: WHISKEY, qty: 1 }])));
    for (const b of buyers)
      expect((await b.browser.post("/menu/cart/promo/v2", { code })).statusCode).toBe(200);
    const answers = await placeAllAtOnce(buyers);
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    // Lost the race for the code under its lock, or (quoted after the winner) found it used up: told, not charged in full.
    for (const a of answers.filter((x) => x.statusCode !== 200)) {
      expect(a.statusCode).toBe(409);
      expect(a.json().error.code).toMatch(/promo_used_up|promo_not_applicable/);
    }
    expect(
      await s.db.selectFrom("promo_redemptions").select("id").where("code", "=", code).execute(),
    ).toHaveLength(1);
  });

  describe("with two stores serving the address", () => {
    // Brooklyn's zone made to reach Chelsea too, so both stores serve it and a split cart is possible.
    const wide = useTestApp(kind, {
      workers: true,
      fixture: createSplitDeliveryFixture,
    });
    const t = harness(wide);

    it("a split cart becomes one order per store under one payment; credit and a promo are shared", async () => {
      const credit = await createPromo(wide.db, { kind: "credit", value: 1000 });
      const { user, browser } = await t.shopper([
        { sku: WHISKEY, qty: 2 },
        { sku: BEER, qty: 3, store_id: "d-brooklyn" },
      ]);
      await browser.post("/order/promo", { code: credit });
      await browser.post("/menu/cart/promo/v2", { credit: true });
      const quoted = (await browser.get("/menu/cart/v2")).json<Cart>();
      const res = await t.place(browser, {
        id: newCheckoutId(user.id),
        paymentMethod: { type: "token", token: await t.token() },
      });
      expect(res.statusCode, res.body).toBe(200);
      const orders = res.json<{ orders: Order[] }>().orders;
      expect(orders.map((o) => o.store.id).sort()).toEqual(["d-brooklyn", MANHATTAN]);
      const history = (await browser.get("/order/history")).json<{ orders: Order[] }>().orders;
      expect([...history].sort(byNumber)).toEqual([...orders].sort(byNumber));
      expect(orders.reduce((sum, o) => sum + o.total, 0)).toBe(quoted.total);
      const payments = await wide.db
        .selectFrom("payments")
        .select(["amount"])
        .where("user_id", "=", user.id)
        .execute();
      expect(payments).toEqual([{ amount: quoted.total }]);
      expect((await browser.get("/promos")).json().credit).toBe(0);
    });

    it("a split checkout's confirmation names both orders, each with its store, items, time and total, and the sum paid", async () => {
      const { user, browser } = await t.shopper([
        { sku: WHISKEY, qty: 2 },
        { sku: BEER, qty: 3, store_id: "d-brooklyn" },
      ]);
      const quoted = (await browser.get("/menu/cart/v2")).json<Cart>();
      const checkoutId = newCheckoutId(user.id);
      const placed = await t.place(browser, {
        id: checkoutId,
        paymentMethod: { type: "token", token: await t.token() },
      });
      expect(placed.statusCode, placed.body).toBe(200);

      const res = await browser.get(`/order/confirmation?checkout_id=${encodeURIComponent(checkoutId)}`);
      expect(res.statusCode, res.body).toBe(200);
      const confirmation = res.json<{
        checkout_id: string;
        orders: Order[];
        total: number;
        charge: { brand: string | null; last4: string | null; method: string };
      }>();
      expect(confirmation.checkout_id).toBe(checkoutId);
      expect(confirmation.orders.map((o) => o.store.id).sort()).toEqual(["d-brooklyn", MANHATTAN].sort());
      for (const order of confirmation.orders) {
        expect(order.checkout_id).toBe(checkoutId);
        expect(order.store.name).not.toBe("");
        expect(order.products.length).toBeGreaterThan(0);
        expect(order.eta).not.toBeNull();
        expect(order.total).toBeGreaterThan(0);
      }
      const byStore = new Map(confirmation.orders.map((o) => [o.store.id, o]));
      expect(byStore.get(MANHATTAN)?.products.map((p) => [p.sku_id, p.qty])).toEqual([[WHISKEY, 2]]);
      expect(byStore.get("d-brooklyn")?.products.map((p) => [p.sku_id, p.qty])).toEqual([[BEER, 3]]);
      // The sum paid: what checkout quoted, what the one payment holds, and what the orders add up to.
      const payment = await wide.db
        .selectFrom("payments")
        .select("amount")
        .where("checkout_id", "=", checkoutId)
        .executeTakeFirstOrThrow();
      expect(confirmation.total).toBe(quoted.total);
      expect(confirmation.total).toBe(payment.amount);
      expect(confirmation.orders.reduce((sum, o) => sum + o.total, 0)).toBe(confirmation.total);
      expect(confirmation.charge).toEqual({ brand: "visa", last4: "4242", method: "card" });

      // The email names both, in the plural.
      const numbers = confirmation.orders.map((o) => o.order_number).sort((a, b) => a - b);
      const [mail] = await readOutbox(wide.app, user.email);
      expect(mail.subject).toBe(`Your Nightcap orders #${numbers[0]} and #${numbers[1]} are placed`);
      for (const o of confirmation.orders)
        expect(mail.body).toContain(`Order #${o.order_number} from ${o.store.name}`);

      // Another shopper, or a checkout id that placed nothing, is not found.
      const stranger = await signedInBrowser(wide.app, await createUser(wide.db));
      const theirs = await stranger.get(`/order/confirmation?checkout_id=${encodeURIComponent(checkoutId)}`);
      expect(theirs.statusCode).toBe(404);
      expect(theirs.json().error.code).toBe("checkout_not_found");
      const none = await browser.get(`/order/confirmation?checkout_id=${newCheckoutId(user.id)}`);
      expect(none.statusCode).toBe(404);
    });
  });
});

/** The steps the tests take, against one test app. */
function harness(s: TestApp) {
  /** A signed-in shopper with a Chelsea address and the given items in the cart. */
  const shopper = (
    items: { sku: string; qty: number; store_id?: string }[],
    over: Parameters<typeof createUser>[1] = {},
  ) => shopperWithCart(s, items, over);

  async function token(number = "4242424242424242") {
    const res = await s.app.inject({
      method: "POST",
      url: "/sandbox-pay/v1/tokens",
      payload: { number, exp_month: 12, exp_year: 2031, cvc: "123" },
    });
    return res.json().id as string;
  }
  const place = (browser: TestBrowser, body: object) => browser.post("/order/v3", body);
  const stockOf = async (sku: string, store = MANHATTAN) =>
    (
      await s.db
        .selectFrom("inventory")
        .select("stock")
        .where("store_id", "=", store)
        .where("sku_id", "=", sku)
        .executeTakeFirstOrThrow()
    ).stock;

  return { shopper, token, place, stockOf };
}
