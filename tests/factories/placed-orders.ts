import { expect } from "vitest";
import type { Cart } from "#domain/cart/types.ts";
import { checkoutIdFor } from "#domain/checkout/request.ts";
import type { Order } from "#domain/orders/types.ts";
import type { TestApp } from "../support/app.ts";
import type { TestBrowser } from "../support/browser.ts";
import { createUser, signedInBrowser } from "./accounts.ts";
import { CHELSEA } from "./shopper.ts";

export { CHELSEA };

/**
 * Outside every fixture zone, so the shipping store serves it; in the District, which lets our shipping store send
 * wine (up to a case a month) and spirits (domain/compliance/shipping/).
 */
export const SHIPPED_TO = "1350 Pennsylvania Ave NW, Washington, DC 20004";
let clock = Date.now();

/** A sandbox token for a test card, as the provider's card page hands it over. */
export async function cardToken(s: Pick<TestApp, "app">, number = "4242424242424242"): Promise<string> {
  const res = await s.app.inject({
    method: "POST",
    url: "/sandbox-pay/v1/tokens",
    payload: { number, exp_month: 12, exp_year: 2031, cvc: "123" },
  });
  return res.json().id as string;
}

/**
 * A signed-in shopper who placed a paid order through POST /order/v3 (createDeliveryFixture's stores): the items
 * at their stores (d-manhattan unless said), delivered to Chelsea or shipped to Washington, DC; `before` runs on the
 * cart first (a promo, credit).
 */
export async function placedOrder(
  s: Pick<TestApp, "app" | "db">,
  items: { sku: string; qty: number; store_id?: string }[],
  opts: {
    address?: string;
    shippingOption?: string;
    before?: (browser: TestBrowser, user: { id: string; email: string }) => Promise<unknown>;
    /** More of POST /order/v3's body (a gift, a delivery time). */
    body?: Record<string, unknown>;
  } = {},
): Promise<{ user: { id: string; email: string }; browser: TestBrowser; orders: Order[]; cart: Cart }> {
  const user = await createUser(s.db);
  const browser = await signedInBrowser(s.app, user);
  expect((await browser.post("/order/address", { address: opts.address ?? CHELSEA })).statusCode).toBe(200);
  const added = await browser.post(
    "/menu/cart/v2",
    { skus: items.map((i) => ({ store_id: "d-manhattan", ...i })) },
    { "x-multi-store": "true" },
  );
  expect(added.statusCode, added.body).toBe(200);
  if (opts.shippingOption)
    expect(
      (await browser.post("/menu/cart/shipping/v2", { shipping_name: opts.shippingOption })).statusCode,
    ).toBe(200);
  await opts.before?.(browser, user);
  const cart = (await browser.get("/menu/cart/v2")).json<Cart>();
  const res = await browser.post("/order/v3", {
    id: checkoutIdFor(user.id, new Date(clock++)),
    paymentMethod: { type: "token", token: await cardToken(s) },
    ...(opts.shippingOption ? { shippingOption: opts.shippingOption } : { deliveryTime: "asap" }),
    ...opts.body,
  });
  expect(res.statusCode, res.body).toBe(200);
  return { user, browser, orders: res.json<{ orders: Order[] }>().orders, cart };
}
