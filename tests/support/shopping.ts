import type { Availability } from "#domain/availability/types.ts";
import type { Db } from "#server/platform/db.ts";

/** When a load run's shoppers ask for delivery: ASAP when the store offers it, else its first slot. */
export type DeliveryWhen = { deliveryTime: "asap" } | { deliveryTime: string; deliveryDate: string };

export function firstDeliveryTime(availability: Availability): DeliveryWhen {
  if (availability.immediate_delivery) return { deliveryTime: "asap" };
  const first = availability.dates.flatMap((d) => d.slots.map((s) => ({ date: d.date, start: s.start })))[0];
  return { deliveryTime: first.start, deliveryDate: first.date };
}

/** SKUs a store sells at `minPriceCents` or more (engravings aside), in a stable order: what load runs buy. */
export async function sellableSkus(
  db: Db,
  storeId: string,
  opts: { minPriceCents: number; limit: number },
): Promise<string[]> {
  const rows = await db
    .selectFrom("inventory")
    .select("sku_id")
    .where("store_id", "=", storeId)
    .where("sku_id", "not like", "%\\_ETCH")
    .where("price_cents", ">=", opts.minPriceCents)
    .orderBy("sku_id")
    .limit(opts.limit)
    .execute();
  return rows.map((r) => r.sku_id);
}

/** sellableSkus with each one's stock raised to `stock`, so a bench's shoppers never run out. */
export async function stockedSkus(
  db: Db,
  storeId: string,
  opts: { minPriceCents: number; limit: number; stock: number },
): Promise<string[]> {
  const skus = await sellableSkus(db, storeId, opts);
  await db
    .updateTable("inventory")
    .set({ stock: opts.stock })
    .where("store_id", "=", storeId)
    .where("sku_id", "in", skus)
    .execute();
  return skus;
}
