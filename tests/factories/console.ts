import type { TestApp } from "../support/app.ts";
import type { TestBrowser } from "../support/browser.ts";
import { createUser, signedInBrowser } from "./accounts.ts";
import { placedOrder } from "./placed-orders.ts";

let n = 0;

/** A store staff member of `storeId`, signed in (email unique per call). */
export async function staffOf(
  s: Pick<TestApp, "app" | "db">,
  storeId: string,
): Promise<{ staff: TestBrowser; staffId: string }> {
  const user = await createUser(s.db, {
    role: "store_staff",
    store_id: storeId,
    email: `staff-${storeId}-${Date.now().toString(36)}-${n++}@example.com`,
  });
  return { staff: await signedInBrowser(s.app, user), staffId: user.id };
}

/** The operations of the checkout payment an order belongs to, oldest first. */
export async function paymentOpsOf(s: Pick<TestApp, "db">, orderId: string) {
  const order = await s.db
    .selectFrom("orders")
    .select("payment_id")
    .where("id", "=", orderId)
    .executeTakeFirstOrThrow();
  return s.db
    .selectFrom("payment_operations")
    .select(["kind", "amount", "status"])
    .where("payment_id", "=", order.payment_id)
    .orderBy("id")
    .execute();
}

/** Units on the shelf of `sku` at `store`. */
export async function stockOf(s: Pick<TestApp, "db">, sku: string, store: string): Promise<number> {
  const row = await s.db
    .selectFrom("inventory")
    .select("stock")
    .where("store_id", "=", store)
    .where("sku_id", "=", sku)
    .executeTakeFirstOrThrow();
  return row.stock;
}

/**
 * A split cart paid once (the split delivery fixture): `whiskeyQty` bottles of bourbon from d-manhattan ("mine")
 * and three IPAs from d-brooklyn ("theirs"), one order per store under one payment.
 */
export async function splitOrders(s: Pick<TestApp, "app" | "db">, whiskeyQty: number) {
  const placed = await placedOrder(s, [
    { sku: "IA-9001-750", qty: whiskeyQty },
    { sku: "BC-9002-6X355", qty: 3, store_id: "d-brooklyn" },
  ]);
  const mine = placed.orders.find((o) => o.store.id === "d-manhattan");
  const theirs = placed.orders.find((o) => o.store.id === "d-brooklyn");
  if (!mine || !theirs) throw new Error("the split cart did not become one order per store");
  return { ...placed, mine, theirs };
}
