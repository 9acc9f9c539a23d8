import type { Transaction } from "kysely";
import type { Database } from "#db/schema.ts";
import type { SubstitutionNotice } from "./messages.ts";

/** The shopper of an order and where their review page is. */
export async function noticeOf(
  tx: Transaction<Database>,
  order: { id: string; order_number: number | string; checkout_id: string; store_id: string },
): Promise<SubstitutionNotice> {
  const who = await tx
    .selectFrom("checkouts as c")
    .innerJoin("users as u", "u.id", "c.user_id")
    .innerJoin("stores as s", (join) => join.on("s.id", "=", order.store_id))
    .select(["u.email", "u.mobile", "u.firstname", "c.origin", "s.name as store"])
    .where("c.id", "=", order.checkout_id)
    .executeTakeFirstOrThrow();
  return {
    email: who.email,
    mobile: who.mobile,
    firstname: who.firstname,
    orderNumber: Number(order.order_number),
    store: who.store,
    reviewUrl: `${who.origin}/substitution/${order.id}`,
  };
}
