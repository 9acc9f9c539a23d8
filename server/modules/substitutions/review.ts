import type { Product } from "#domain/catalogue/types.ts";
import { mayProposeSubstitutions, type SubstitutionStatus } from "#domain/orders/substitution.ts";
import type { SubstitutionReview } from "#domain/orders/types.ts";
import { notFound } from "#server/errors.ts";
import type { Db } from "#server/platform/db.ts";
import { readProducts, resolveStore } from "../catalogue/index.ts";

export type { SubstitutionReview };

export const ORDER_NOT_FOUND = "We couldn't find that order.";

/** The shopper's own order's substitutions; another's order is 404. */
export async function substitutionReview(
  db: Db,
  userId: string,
  orderId: string,
): Promise<SubstitutionReview> {
  const order = await db
    .selectFrom("orders as o")
    .innerJoin("stores as s", "s.id", "o.store_id")
    .select([
      "o.id",
      "o.order_number",
      "o.store_id",
      "s.name as store_name",
      "o.substitution_status",
      "o.subtotal",
      "o.total",
      "o.order_status",
      "o.shipping",
      "o.shipping_status",
    ])
    .where("o.id", "=", orderId)
    .where("o.user_id", "=", userId)
    .where("o.order_status", "!=", -1)
    .executeTakeFirst();
  if (!order) throw notFound(ORDER_NOT_FOUND, "order_not_found");
  const rows = await db
    .selectFrom("order_substitutions as x")
    .leftJoin("products as p", "p.sku_id", "x.sku_id")
    .select([
      "x.sku_id",
      "x.title",
      "x.quantity",
      "x.stock_level",
      "x.price",
      "x.suggestions",
      "x.answer",
      "p.image",
    ])
    .where("x.order_id", "=", order.id)
    .orderBy("x.proposed_at", "desc")
    .orderBy("x.sku_id")
    .execute();
  const store = await resolveStore(db, { storeId: order.store_id });
  const skus = [...new Set(rows.flatMap((r) => r.suggestions))];
  const offered = new Map(
    (skus.length ? await readProducts(db, skus, store) : []).map((p) => [p.sku_id, p] as const),
  );
  const status = order.substitution_status as SubstitutionStatus | null;
  return {
    order_id: order.id,
    order_number: Number(order.order_number),
    store: { id: order.store_id, name: order.store_name },
    status,
    open: (status === "Proposed" || status === "Viewing") && mayProposeSubstitutions(order),
    products: rows.map((r) => ({
      sku_id: r.sku_id,
      title: r.title,
      quantity: r.quantity,
      stock_level: r.stock_level,
      price: r.price,
      image: r.image,
      suggestions: r.suggestions
        .map((sku) => offered.get(sku))
        .filter((p): p is Product => p !== undefined && p.price !== null && p.in_stock),
      answer: r.answer,
    })),
    subtotal: order.subtotal,
    total: order.total,
  };
}
