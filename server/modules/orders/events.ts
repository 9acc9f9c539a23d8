import { type Insertable, sql, type Transaction } from "kysely";
import type { Database } from "#db/schema.ts";
import type { MoneyBack } from "../notifications/index.ts";

type Tx = Transaction<Database>;

/**
 * An event in an order's history besides its status moves (edited, rated, tipped, a driver's position, the
 * substitutions' steps), written in the caller's transaction; the tracking streams announce it at commit.
 */
export async function recordOrderEvent(
  tx: Transaction<Database>,
  event: Insertable<Database["order_events"]>,
): Promise<void> {
  await tx.insertInto("order_events").values(event).execute();
}

/**
 * Keeps with the order's latest event (the one its writer just made, in the same transaction, the order row locked)
 * what goes back to the shopper, for that change's email. A writer that ends an order undelivered calls it once it
 * has planned the money.
 */
export async function recordMoneyBack(tx: Tx, orderId: string, money: MoneyBack): Promise<void> {
  await tx
    .updateTable("order_events")
    .set({ data: sql`data || ${JSON.stringify({ money })}::jsonb` })
    .where(
      "id",
      "=",
      tx.selectFrom("order_events").select(sql<number>`max(id)`.as("id")).where("order_id", "=", orderId),
    )
    .execute();
}
