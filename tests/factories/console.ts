import type { TestApp } from "../support/app.ts";
import type { TestBrowser } from "../support/browser.ts";
import { createUser, signedInBrowser } from "./accounts.ts";

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
