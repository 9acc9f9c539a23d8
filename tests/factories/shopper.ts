import { expect } from "vitest";
import type { Cart } from "#domain/cart/types.ts";
import type { TestApp } from "../support/app.ts";
import { createUser, signedInBrowser } from "./accounts.ts";

/** The delivery fixture's Manhattan store, and an address in its zone (tests/factories/delivery-fixture.ts). */
export const MANHATTAN = "d-manhattan";
export const CHELSEA = "350 5th Ave, New York, NY 10001";

/** A signed-in shopper with a Chelsea address and the given items in the cart (at Manhattan unless told). */
export async function shopperWithCart(
  s: Pick<TestApp, "app" | "db">,
  items: { sku: string; qty: number; store_id?: string }[],
  over: Parameters<typeof createUser>[1] = {},
) {
  const user = await createUser(s.db, over);
  const browser = await signedInBrowser(s.app, user);
  expect((await browser.post("/order/address", { address: CHELSEA })).statusCode).toBe(200);
  const res = await browser.post(
    "/menu/cart/v2",
    { skus: items.map((i) => ({ store_id: MANHATTAN, ...i })) },
    { "x-multi-store": "true" },
  );
  expect(res.statusCode, res.body).toBe(200);
  return { user, browser, cart: res.json<Cart>() };
}
