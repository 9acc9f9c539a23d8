import type { Transaction } from "kysely";
import type { Database } from "#db/schema.ts";
import type { StoreTerms } from "#domain/statements/types.ts";
import type { Db } from "#server/platform/db.ts";

/**
 * A store's terms (docs/adr/0072-statements-and-payouts.md): the platform's commission, set per store by an
 * administrator (`store_terms`), 15% of goods sold and nothing per order when none was set. Card processing is what
 * the card processor charges the platform, the same for every store: 2.9% + 30¢ a charge (Stripe's list price in the
 * US). The store's own drivers bring its orders, so delivery fees and tips are the store's.
 */
export const DEFAULT_COMMISSION_PPM = 150_000;
export const DEFAULT_COMMISSION_PER_ORDER = 0;
export const PROCESSING_PPM = 29_000;
export const PROCESSING_FIXED = 30;

export async function termsOf(
  db: Db | Transaction<Database>,
  storeId: string,
): Promise<StoreTerms & { set: boolean }> {
  const row = await db
    .selectFrom("store_terms")
    .select(["commission_ppm", "commission_per_order"])
    .where("store_id", "=", storeId)
    .executeTakeFirst();
  return {
    commissionPpm: row?.commission_ppm ?? DEFAULT_COMMISSION_PPM,
    commissionPerOrder: row?.commission_per_order ?? DEFAULT_COMMISSION_PER_ORDER,
    processingPpm: PROCESSING_PPM,
    processingFixed: PROCESSING_FIXED,
    deliveryFeesTo: "store",
    tipsTo: "store",
    set: row !== undefined,
  };
}

/** An administrator's new commission for a store; it applies to the statements closed from now on. */
export async function setTerms(
  db: Db | Transaction<Database>,
  storeId: string,
  terms: { commissionPpm: number; commissionPerOrder: number },
  userId: string,
): Promise<void> {
  await db
    .insertInto("store_terms")
    .values({
      store_id: storeId,
      commission_ppm: terms.commissionPpm,
      commission_per_order: terms.commissionPerOrder,
      updated_by: userId,
    })
    .onConflict((oc) =>
      oc.column("store_id").doUpdateSet({
        commission_ppm: terms.commissionPpm,
        commission_per_order: terms.commissionPerOrder,
        updated_by: userId,
        updated_at: new Date(),
      }),
    )
    .execute();
}
