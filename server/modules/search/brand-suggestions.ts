import { sql } from "kysely";
import type { SearchSuggestion } from "../../../domain/catalogue/types.ts";
import { compareCodeUnits } from "../../../domain/compare.ts";
import type { Db } from "../../platform/db.ts";
import { cachedMenuData } from "../catalogue/index.ts";

/** Autocomplete suggests at most this many brands, before product titles. */
const AUTOCOMPLETE_BRANDS = 3;

interface ShelfBrand {
  name: string;
  slug: string;
  /** The name in lower case, for prefix matching. */
  lower: string;
}

/**
 * Brands whose name (or a word of it) starts with the query and that have a product on the store's shelf,
 * shortest name first. The store's brands are menu data held in process: autocomplete asks the database nothing
 * more.
 */
export async function suggestBrands(db: Db, storeId: string, query: string): Promise<SearchSuggestion[]> {
  const prefix = query.toLowerCase();
  const matches: ShelfBrand[] = [];
  for (const brand of await shelfBrands(db, storeId)) {
    if (brand.lower.startsWith(prefix) || brand.lower.includes(` ${prefix}`)) matches.push(brand);
    if (matches.length === AUTOCOMPLETE_BRANDS) break;
  }
  return matches.map((b) => ({ type: "brand", text: b.name, url: `/brands/${b.slug}` }));
}

/** The brands with a product on one store's shelf, shortest name first (then by name); cached as menu data. */
function shelfBrands(db: Db, storeId: string): Promise<ShelfBrand[]> {
  return cachedMenuData(db, `shelf-brands:${storeId}`, async () => {
    const r = await sql<{ name: string; slug: string }>`
      select b.name, b.slug from brands b
      where exists (select 1 from shelf s where s.store_id = ${storeId} and s.brand_id = b.id)`.execute(db);
    return r.rows
      .map((b) => ({ ...b, lower: b.name.toLowerCase() }))
      .sort((a, b) => a.name.length - b.name.length || compareCodeUnits(a.name, b.name));
  });
}
