import type { Transaction } from "kysely";
import type { Database } from "#db/schema.ts";
import { cityTaxes } from "#domain/tax/rates/index.ts";
import type { Rate, StateRules } from "#domain/tax/types.ts";
import type { Db } from "#server/platform/db.ts";

type Tx = Transaction<Database>;

/** What the tax engine needs of a product (domain/tax/part-tax.ts `productTaxLine`). */
export interface ProductTaxFacts {
  tags: string[];
  title: string;
  abv: number | null;
  volume_ml: number | null;
  package_qty: number;
}

/**
 * The taxes of a store's place (its seeded city's rates and rules; null where none are on record, as for the
 * shipping store: ADR 61) and the tax facts of the given products, for re-taxing an order whose lines change.
 */
export async function taxFactsOf(
  db: Db | Tx,
  storeId: string,
  skus: readonly string[],
): Promise<{
  taxes: { rates: readonly Rate[]; rules: StateRules } | null;
  products: Map<string, ProductTaxFacts>;
}> {
  const [store, rows] = await Promise.all([
    db.selectFrom("stores").select("city_code").where("id", "=", storeId).executeTakeFirst(),
    skus.length === 0
      ? Promise.resolve([])
      : db
          .selectFrom("products")
          .select(["sku_id", "tags", "title", "abv", "volume_ml", "package_qty"])
          .where("sku_id", "in", [...skus])
          .execute(),
  ]);
  return {
    taxes: cityTaxes(store?.city_code ?? null),
    products: new Map(rows.map(({ sku_id, ...facts }) => [sku_id, facts])),
  };
}
