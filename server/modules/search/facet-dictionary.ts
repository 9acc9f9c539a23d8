import { sql } from "kysely";
import { type FacetColumns, FacetVocabulary, PRICE_BAND_VOCABULARY } from "#domain/catalogue/facet-counts.ts";
import { priceBandIndex } from "#domain/catalogue/price-bands.ts";
import type { Db } from "#server/platform/db.ts";
import { heldPerDatabase } from "./held-per-database.ts";
import type { CandidatePrices } from "./search-statement.ts";

type ProductDimension = "category" | "brand" | "volume" | "country";
const PRODUCT_DIMENSIONS: readonly ProductDimension[] = ["category", "brand", "volume", "country"];

/**
 * Every product's facet values (category, brand, volume, country) as numbers in one vocabulary per dimension,
 * as of a facet_attributes_version (migration 0008). `productOf` gives a SKU's row in the value arrays.
 */
interface FacetDictionary {
  version: number;
  productOf: Map<string, number>;
  dimensions: Record<ProductDimension, { vocabulary: FacetVocabulary; numbers: Int32Array }>;
}

const dictionaries = heldPerDatabase(loadDictionary);

/**
 * The search's candidates as facet columns: their products' values from the dictionary, their price bands from
 * the store's prices. The dictionary is read once and again only when a search's snapshot saw a later version
 * than the one held, so counts never lag behind the rows a search found. A SKU the dictionary lacks (a product
 * added after it was read, in a race) counts only in its price band.
 */
export async function facetColumns(
  db: Db,
  found: CandidatePrices,
  attributesVersion: number,
): Promise<FacetColumns> {
  const dictionary = await dictionaries.atLeast(db, attributesVersion);
  const size = found.skus.length;
  const columns = Object.fromEntries(
    PRODUCT_DIMENSIONS.map((d) => [
      d,
      { vocabulary: dictionary.dimensions[d].vocabulary, numbers: new Int32Array(size).fill(-1) },
    ]),
  ) as Record<ProductDimension, FacetColumns[ProductDimension]>;
  const bands = new Int32Array(size);
  for (let i = 0; i < size; i++) {
    bands[i] = priceBandIndex(found.prices[i]);
    const product = dictionary.productOf.get(found.skus[i]);
    if (product === undefined) continue;
    for (const d of PRODUCT_DIMENSIONS) columns[d].numbers[i] = dictionary.dimensions[d].numbers[product];
  }
  return { ...columns, price: { vocabulary: PRICE_BAND_VOCABULARY, numbers: bands } };
}

async function loadDictionary(db: Db): Promise<FacetDictionary> {
  // The version and the rows from one statement, so one snapshot; the outer join keeps the version row when
  // there are no products.
  const { rows } = await sql<{
    version: number;
    sku_id: string | null;
    default_category: string;
    brand_id: number | null;
    volume_label: string | null;
    country: string | null;
  }>`select v.version, p.sku_id, p.default_category, p.brand_id, p.volume_label, p.country
    from facet_attributes_version v left join products p on true`.execute(db);
  const products = rows.filter((r) => r.sku_id !== null);
  const dimension = (read: (r: (typeof rows)[number]) => string | null) => {
    const vocabulary = new FacetVocabulary();
    return { vocabulary, numbers: Int32Array.from(products, (r) => vocabulary.add(read(r))) };
  };
  return {
    version: rows[0]?.version ?? 0,
    productOf: new Map(products.map((r, i) => [r.sku_id as string, i])),
    dimensions: {
      category: dimension((r) => r.default_category),
      brand: dimension((r) => (r.brand_id === null ? null : String(r.brand_id))),
      volume: dimension((r) => r.volume_label),
      country: dimension((r) => r.country),
    },
  };
}
