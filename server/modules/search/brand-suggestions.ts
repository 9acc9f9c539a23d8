import { sql } from "kysely";
import type { SearchSuggestion } from "#domain/catalogue/types.ts";
import { compareCodeUnits } from "#domain/compare.ts";
import type { Db } from "#server/platform/db.ts";
import { cachedMenuData } from "../catalogue/index.ts";

/** Autocomplete suggests at most this many brands, before product titles. */
const AUTOCOMPLETE_BRANDS = 3;

interface ShelfBrand {
  name: string;
  slug: string;
}

/**
 * One store's brands, shortest name first, and a sorted list of every brand name's lower-case tail from each
 * word start ("jack daniel's", "daniel's"), so a prefix finds its brands by binary search instead of testing
 * thousands of names on every keystroke.
 */
interface ShelfBrandIndex {
  brands: ShelfBrand[];
  /** [tail, index into brands], sorted by tail (code units). */
  tails: [string, number][];
}

/**
 * Brands whose name (or a word of it) starts with the query and that have a product on the store's shelf,
 * shortest name first. The store's brands are menu data held in process: autocomplete asks the database nothing
 * more.
 */
export async function suggestBrands(db: Db, storeId: string, query: string): Promise<SearchSuggestion[]> {
  const prefix = query.toLowerCase();
  const { brands, tails } = await shelfBrandIndex(db, storeId);
  const found = new Set<number>();
  for (let i = firstAtOrAfter(tails, prefix); i < tails.length && tails[i][0].startsWith(prefix); i++) {
    found.add(tails[i][1]);
  }
  return [...found]
    .sort((a, b) => a - b)
    .slice(0, AUTOCOMPLETE_BRANDS)
    .map((i) => ({ type: "brand", text: brands[i].name, url: `/brands/${brands[i].slug}` }));
}

function firstAtOrAfter(tails: [string, number][], key: string): number {
  let lo = 0;
  let hi = tails.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (tails[mid][0] < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The brands with a product on one store's shelf, indexed for prefix search; cached as menu data. */
function shelfBrandIndex(db: Db, storeId: string): Promise<ShelfBrandIndex> {
  return cachedMenuData(db, `shelf-brands:${storeId}`, async () => {
    const r = await sql<ShelfBrand>`
      select b.name, b.slug from brands b
      where exists (select 1 from shelf s where s.store_id = ${storeId} and s.brand_id = b.id)`.execute(db);
    const brands = r.rows.sort((a, b) => a.name.length - b.name.length || compareCodeUnits(a.name, b.name));
    const tails: [string, number][] = [];
    brands.forEach((brand, i) => {
      const lower = brand.name.toLowerCase();
      let at = 0; // the start of each word
      do {
        tails.push([lower.slice(at), i]);
        at = lower.indexOf(" ", at) + 1;
      } while (at > 0);
    });
    tails.sort((a, b) => compareCodeUnits(a[0], b[0]));
    return { brands, tails };
  });
}
