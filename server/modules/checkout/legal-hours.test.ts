import { describe, expect, it } from "vitest";
import type { Availability } from "#domain/availability/types.ts";
import type { Cart } from "#domain/cart/types.ts";
import { checkoutIdFor } from "#domain/checkout/request.ts";
import type { Order } from "#domain/orders/types.ts";
import { createUser, signedInBrowser } from "#tests/factories/accounts.ts";
import {
  CHICAGO_BOURBON,
  CHICAGO_STORE,
  createChicagoFixture,
  WACKER_DRIVE,
} from "#tests/factories/chicago-fixture.ts";
import { staffOf } from "#tests/factories/console.ts";
import { cardToken } from "#tests/factories/placed-orders.ts";
import { useTestApp } from "#tests/support/app.ts";
import { readOutbox, TestBrowser } from "#tests/support/browser.ts";
import { testDatabases } from "#tests/support/db.ts";

/**
 * Issue 33 §2 over HTTP: a Chicago store open around the clock, on a Sunday at 8:30 a.m., when Chicago lets no
 * packaged alcohol be delivered before 11 a.m. (domain/compliance/rules/il.ts). Its availability for spirits starts at
 * 11; checkout refuses ASAP and a 9 a.m. slot with the law's reason and takes an 11 a.m. one; a gift's recipient is
 * offered and allowed the same.
 */
const SUNDAY_MORNING = Date.parse("2026-11-29T14:30:00Z"); // 08:30 in Chicago
const ELEVEN = "2026-11-29T17:00:00.000Z";
const REASON =
  "Spirits can't be delivered in Chicago at this hour: on Sundays only from 11 a.m. to midnight.";
const started = Date.now();
let checkoutClock = Date.now();
/** How far the test has moved the store's clock on from 8:30 (the console's send-out after 11). */
let later = 0;

describe.each(testDatabases)("legal hours at checkout on %s", (kind) => {
  const s = useTestApp(kind, {
    fixture: createChicagoFixture,
    now: () => new Date(SUNDAY_MORNING + later + (Date.now() - started)),
  });

  const availability = async (query = "") => {
    const res = await new TestBrowser(s.app).get(`/menu/availability${query}`, {
      "x-store-id": CHICAGO_STORE,
    });
    return res;
  };
  const slotAt = (a: Availability, start: string) => {
    const date = a.dates.find((d) => d.slots.some((slot) => slot.start === start));
    return date ? { deliveryDate: date.date, deliveryTime: start } : null;
  };

  async function shopperWithBourbon() {
    const user = await createUser(s.db);
    const browser = await signedInBrowser(s.app, user);
    expect((await browser.post("/order/address", { address: WACKER_DRIVE })).statusCode).toBe(200);
    const added = await browser.post("/menu/cart/v2", {
      skus: [{ sku: CHICAGO_BOURBON, qty: 1, store_id: CHICAGO_STORE }],
    });
    expect(added.statusCode, added.body).toBe(200);
    return { user, browser, cart: added.json<Cart>() };
  }
  const place = async (browser: TestBrowser, userId: string, body: Record<string, unknown>) =>
    browser.post("/order/v3", {
      id: checkoutIdFor(userId, new Date(checkoutClock++)),
      paymentMethod: { type: "token", token: await cardToken(s) },
      ...body,
    });

  it("offers spirits from 11 a.m. and says why not now; the store's own times stay for a cart with none", async () => {
    const own = await availability();
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json<Availability>()).toMatchObject({
      immediate_delivery: true,
      selection_text: "Delivery in 30–45 min",
    });

    const res = await availability("?classes=spirits");
    expect(res.statusCode, res.body).toBe(200);
    const spirits = res.json<Availability>();
    const first = spirits.dates[0].slots[0];
    expect(spirits).toMatchObject({ immediate_delivery: false, scheduling: true });
    expect(first.start).toBe(ELEVEN);
    expect(spirits.selection_text).toBe(`${REASON} Schedule for Today, ${first.label}`);
    expect(slotAt(own.json<Availability>(), "2026-11-29T15:00:00.000Z")).not.toBeNull();
    expect(slotAt(spirits, "2026-11-29T15:00:00.000Z")).toBeNull();

    for (const bad of ["?classes=gin", "?classes=spirits,soda"]) {
      const refused = await availability(bad);
      expect(refused.statusCode, bad).toBe(400);
      expect(refused.json().error.code).toBe("availability_failed");
    }
  });

  it("the cart names its sale classes; checkout refuses ASAP and a 9 a.m. slot with the law's reason, takes 11 a.m.", async () => {
    const { user, browser, cart } = await shopperWithBourbon();
    expect(cart.split_cart[CHICAGO_STORE].sale_classes).toEqual(["spirits"]);
    const own = (await availability()).json<Availability>();
    const spirits = (await availability("?classes=spirits")).json<Availability>();

    const asap = await place(browser, user.id, { deliveryTime: "asap" });
    expect(asap.statusCode, asap.body).toBe(400);
    expect(asap.json().error).toEqual({ code: "delivery_not_allowed", message: REASON });

    const nine = slotAt(own, "2026-11-29T15:00:00.000Z");
    const early = await place(browser, user.id, { ...nine });
    expect(early.statusCode, early.body).toBe(400);
    expect(early.json().error).toEqual({ code: "delivery_not_allowed", message: REASON });
    // Nothing was taken for a refused time: the bourbon is still in the cart.
    expect((await browser.get("/menu/cart/v2")).json<Cart>().count).toBe(1);

    const placed = await place(browser, user.id, { ...slotAt(spirits, ELEVEN) });
    expect(placed.statusCode, placed.body).toBe(200);
    const [order] = placed.json<{ orders: Order[] }>().orders;
    expect(order.eta).toBe(spirits.dates[0].slots[0].label); // "11:00 AM – 12:00 PM", Chicago time
  });

  it("a gift's recipient is offered the lawful times only, and an ASAP claim is refused with the reason", async () => {
    const { user, browser } = await shopperWithBourbon();
    const dana = `dana-${Math.random().toString(36).slice(2, 10)}@example.com`;
    const placed = await place(browser, user.id, {
      deliveryTime: "recipient",
      isGift: true,
      giftRecipient: "Dana",
      giftEmail: dana,
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const [order] = placed.json<{ orders: Order[] }>().orders;
    const [link] = await readOutbox(s.app, dana);
    const token = /giftclaim\/[\w-]+\?token=([\w-]+)/.exec(link.body)?.[1];
    const recipient = new TestBrowser(s.app);

    const offered = await recipient.get(`/order/gift/${order._id}/availability?token=${token}`);
    expect(offered.statusCode, offered.body).toBe(200);
    const times = offered.json<Availability>();
    expect(times.immediate_delivery).toBe(false);
    expect(times.dates[0].slots[0].start).toBe(ELEVEN);

    const now = await recipient.request("PUT", `/order/gift/${order._id}`, { token, eta: true });
    expect(now.statusCode, now.body).toBe(409);
    expect(now.json().error).toEqual({ code: "delivery_not_allowed", message: REASON });

    const eleven = slotAt(times, ELEVEN);
    const claimed = await recipient.request("PUT", `/order/gift/${order._id}`, {
      token,
      slot: { date: eleven?.deliveryDate, start: ELEVEN },
    });
    expect(claimed.statusCode, claimed.body).toBe(200);
  });

  it("the console takes the 11 a.m. order but cannot send it out at 8:30, even with staff's word; at 11 it goes", async () => {
    later = 0;
    const { user, browser } = await shopperWithBourbon();
    const spirits = (await availability("?classes=spirits")).json<Availability>();
    const placed = await place(browser, user.id, { ...slotAt(spirits, ELEVEN) });
    expect(placed.statusCode, placed.body).toBe(200);
    const [order] = placed.json<{ orders: Order[] }>().orders;
    const { staff } = await staffOf(s, CHICAGO_STORE);
    const accepted = await staff.post(`/api/console/orders/${order._id}/accept`, {});
    expect(accepted.statusCode, accepted.body).toBe(200);

    const refusal = {
      code: "delivery_not_allowed",
      message: `${REASON} It can't go out now: keep it until the law allows it, or cancel it.`,
    };
    for (const body of [{}, { confirm: true }]) {
      const early = await staff.post(`/api/console/orders/${order._id}/dispatch`, body);
      expect(early.statusCode, early.body).toBe(409);
      expect(early.json().error).toEqual(refusal);
    }
    const status = await staff.get(`/api/console/orders/${order._id}`);
    expect(status.json().order_status).toBe(1); // still accepted, not on its way

    later = 2 * 60 * 60_000 + 45 * 60_000; // 11:15
    try {
      const sent = await staff.post(`/api/console/orders/${order._id}/dispatch`, {});
      expect(sent.statusCode, sent.body).toBe(200);
      expect(sent.json().order_status).toBe(2);
    } finally {
      later = 0;
    }
  });

  it("an ASAP order placed at 11 p.m. cannot be taken at 11:30: it would arrive after midnight", async () => {
    try {
      later = 14 * 60 * 60_000 + 30 * 60_000; // 23:00
      const { user, browser } = await shopperWithBourbon();
      const placed = await place(browser, user.id, { deliveryTime: "asap" });
      expect(placed.statusCode, placed.body).toBe(200);
      const [order] = placed.json<{ orders: Order[] }>().orders;
      const { staff } = await staffOf(s, CHICAGO_STORE);
      later += 30 * 60_000; // 23:30, the ETA of 30–45 minutes reaching past midnight
      const late = await staff.post(`/api/console/orders/${order._id}/accept`, {});
      expect(late.statusCode, late.body).toBe(409);
      expect(late.json().error.code).toBe("delivery_not_allowed");
      expect(late.json().error.message).toMatch(/^Spirits can't be delivered in Chicago at this hour/);
    } finally {
      later = 0;
    }
  });
});
