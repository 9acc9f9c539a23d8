import { saleClassesOf } from "#domain/compliance/lawful-availability.ts";
import type { SaleClass } from "#domain/compliance/types.ts";
import { taxClassOf } from "#domain/tax/classes.ts";
import type { Db } from "#server/platform/db.ts";
import { taxFactsOf } from "../catalogue/index.ts";

/** The classes of an order's lines whose sale hours a law sets (spirits, beer…), each once. */
export async function saleClassesOfOrder(
  db: Db,
  order: { id: string; store_id: string },
): Promise<SaleClass[]> {
  const lines = await db
    .selectFrom("order_lines")
    .select("sku_id")
    .where("order_id", "=", order.id)
    .execute();
  const { products } = await taxFactsOf(
    db,
    order.store_id,
    lines.map((l) => l.sku_id),
  );
  return saleClassesOf([...products.values()].map(taxClassOf));
}
