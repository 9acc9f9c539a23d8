import { expect } from "vitest";
import { checkoutIdFor } from "../../domain/checkout/request.ts";
import type { OrderEvent } from "../../domain/orders/status.ts";
import type { Order } from "../../domain/orders/types.ts";
import type { App } from "../../server/app.ts";
import { moveOrder } from "../../server/modules/checkout/settle.ts";
import type { Db } from "../../server/platform/db.ts";
import type { TestBrowser } from "../support/browser.ts";
import { createUser, signedInBrowser } from "./accounts.ts";

const CHELSEA = "350 5th Ave, New York, NY 10001";
const WHISKEY = "IA-9001-750"; // at d-manhattan in the delivery fixture

/** A shopper (signed in, Chelsea address) with a placed, paid on-demand order at the delivery fixture's store. */
export async function shopperWithOrder(
  app: App,
  db: Db,
): Promise<{ user: { id: string }; browser: TestBrowser; order: Order }> {
  const user = await createUser(db);
  const browser = await signedInBrowser(app, user);
  expect((await browser.post("/order/address", { address: CHELSEA })).statusCode).toBe(200);
  const added = await browser.post("/menu/cart/v2", {
    skus: [{ sku: WHISKEY, qty: 1, store_id: "d-manhattan" }],
  });
  expect(added.statusCode, added.body).toBe(200);
  const token = await app.inject({
    method: "POST",
    url: "/sandbox-pay/v1/tokens",
    payload: { number: "4242424242424242", exp_month: 12, exp_year: 2031, cvc: "123" },
  });
  const placed = await browser.post("/order/v3", {
    id: checkoutIdFor(user.id, new Date()),
    paymentMethod: { type: "token", token: token.json().id },
    deliveryTime: "asap",
  });
  expect(placed.statusCode, placed.body).toBe(200);
  const [order] = placed.json<{ orders: Order[] }>().orders;
  return { user, browser, order };
}

/**
 * Moves an order as staff would (the store console's actions are not ours to call here): the status machine, the
 * conditional update and its order_events row in one transaction, as checkout's settling does.
 */
export async function moveOrderAsStaff(db: Db, orderId: string, event: OrderEvent): Promise<void> {
  const moved = await db.transaction().execute(async (tx) => {
    const order = await tx
      .selectFrom("orders")
      .selectAll()
      .where("id", "=", orderId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    return moveOrder(tx, order, event, "test-staff");
  });
  if (!moved) throw new Error(`order ${orderId} cannot take ${event.type}`);
}
