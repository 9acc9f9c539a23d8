import { describe, expect, it } from "vitest";
import type { Cart } from "#domain/cart/types.ts";
import { checkoutIdFor } from "#domain/checkout/request.ts";
import type { Order } from "#domain/orders/types.ts";
import { TAX_UNAVAILABLE } from "#server/platform/tax/index.ts";
import { createUser, signedInBrowser } from "#tests/factories/accounts.ts";
import {
  CHICAGO_BOURBON,
  CHICAGO_STORE,
  chicagoAfternoonClock,
  createChicagoFixture,
  WACKER_DRIVE,
} from "#tests/factories/chicago-fixture.ts";
import { createDeliveryFixture } from "#tests/factories/delivery-fixture.ts";
import { placedOrder, SHIPPED_TO } from "#tests/factories/placed-orders.ts";
import { useTestApp } from "#tests/support/app.ts";
import { useStripeStandIn } from "#tests/support/stripe-app.ts";

/**
 * Taxes by Stripe Tax (TAX_SERVICE=stripe, docs/adr/0069-tax-service.md) against the local stand-in of its API: the
 * cart and the order carry the service's tax for the address the order goes to, keyed by the order's lines; a
 * service that fails refuses the checkout (503) and charges nothing. PGlite is enough: the database part is the
 * same as the rate table's (checkout/taxes.test.ts runs both).
 */
describe("taxes from Stripe Tax", () => {
  const stripe = useStripeStandIn({ TAX_SERVICE: "stripe" });
  const s = useTestApp("pglite", {
    fixture: createChicagoFixture,
    env: stripe.env,
    now: chicagoAfternoonClock(),
  });
  const card = { paymentMethod: { type: "token", token: "pm_card_visa" } };

  // The stand-in's Chicago (ZIP 606xx): 6.25 + 1.75 + 1.25 + 1 percent, each rounded, of $29.99 and of the $3.99 fee.
  const BOURBON_TAX = 187 + 52 + 37 + 30;
  const FEE_TAX = 25 + 7 + 5 + 4;

  it("prices the cart and the order with the service's tax at the delivery address, by the order's lines", async () => {
    const before = stripe.standIn.requests.length;
    const { orders, cart, browser } = await placedOrder(
      s,
      [{ sku: CHICAGO_BOURBON, qty: 1, store_id: CHICAGO_STORE }],
      {
        address: WACKER_DRIVE,
        body: card,
      },
    );
    expect(cart.tax).toBe(BOURBON_TAX + FEE_TAX);
    const [order] = orders;
    expect(order.total).toBe(2999 + 399 + BOURBON_TAX + FEE_TAX);
    expect(order.line_items.find((l) => l.title === "Tax")?.value).toBe(BOURBON_TAX + FEE_TAX);
    const calls = stripe.standIn.requests.slice(before).filter((r) => r.path === "/v1/tax/calculations");
    expect(calls.length).toBeGreaterThan(0);
    const form = Object.fromEntries(calls.at(-1)?.params ?? []);
    expect(form).toMatchObject({
      "customer_details[address][postal_code]": "60601",
      "customer_details[address][state]": "IL",
      "line_items[0][amount]": "2999",
      "shipping_cost[amount]": "399",
    });
    const row = await s.db
      .selectFrom("orders")
      .select(["tax", "tax_lines"])
      .where("id", "=", order._id)
      .executeTakeFirstOrThrow();
    expect(row.tax).toBe(BOURBON_TAX + FEE_TAX);
    // Keyed by the SKU on the order, as the rate table's lines are.
    expect(new Set(row.tax_lines.map((l) => l.lineId))).toEqual(new Set([CHICAGO_BOURBON, "delivery_fee"]));
    expect((await browser.get(`/order/detail?id=${order._id}`)).json<Order>().taxes[0]).toMatchObject({
      title: "Illinois sales tax",
      value: 187 + 25,
    });
  });

  it("a tax service that does not answer refuses the checkout with 503 and charges nothing; a retry goes through", async () => {
    const user = await createUser(s.db);
    const browser = await signedInBrowser(s.app, user);
    expect((await browser.post("/order/address", { address: WACKER_DRIVE })).statusCode).toBe(200);
    const added = await browser.post("/menu/cart/v2", {
      skus: [{ sku: CHICAGO_BOURBON, qty: 1, store_id: CHICAGO_STORE }],
    });
    expect(added.json<Cart>().tax).toBe(BOURBON_TAX + FEE_TAX);
    const intents = stripe.standIn.intentCount();
    const body = { id: checkoutIdFor(user.id, new Date()), ...card, deliveryTime: "asap" };
    // Every try of the SDK's (the first and its two retries) is refused.
    stripe.standIn.failNext({ kind: "status", status: 500 }, 3);
    const refused = await browser.post("/order/v3", body);
    expect(refused.statusCode, refused.body).toBe(503);
    expect(refused.json().error).toEqual({ code: "tax_unavailable", message: TAX_UNAVAILABLE });
    expect(stripe.standIn.intentCount()).toBe(intents);
    expect((await browser.get("/menu/cart/v2")).json<Cart>().count).toBe(1);

    const placed = await browser.post("/order/v3", body);
    expect(placed.statusCode, placed.body).toBe(200);
    expect(stripe.standIn.intentCount()).toBe(intents + 1);
  });
});

describe("a shipment taxed by Stripe Tax where it goes", () => {
  const stripe = useStripeStandIn({ TAX_SERVICE: "stripe" });
  const s = useTestApp("pglite", { fixture: createDeliveryFixture, env: stripe.env });

  it("the shipping store's order to Washington, DC carries DC's tax on the goods and the shipping", async () => {
    const { orders } = await placedOrder(s, [{ sku: "BC-9003-750", qty: 1, store_id: "d-shipping" }], {
      address: SHIPPED_TO,
      shippingOption: "2-Day",
      body: { paymentMethod: { type: "token", token: "pm_card_visa" } },
    });
    const [order] = orders;
    const row = await s.db
      .selectFrom("orders")
      .select(["tax", "tax_lines", "subtotal", "shipping_fee"])
      .where("id", "=", order._id)
      .executeTakeFirstOrThrow();
    // The stand-in's DC: 6% of the goods and of the shipping price, each rounded.
    const expected = Math.round(row.subtotal * 0.06) + Math.round(row.shipping_fee * 0.06);
    expect(row.tax).toBe(expected);
    expect(row.tax).toBeGreaterThan(0);
    expect(new Set(row.tax_lines.map((l) => l.jurisdiction))).toEqual(new Set(["US-DC"]));
    const sent = stripe.standIn.requests.filter((r) => r.path === "/v1/tax/calculations").at(-1);
    expect(sent?.params.get("customer_details[address][postal_code]")).toBe("20004");
  });
});
