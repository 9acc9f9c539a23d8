import { type RawBuilder, sql } from "kysely";
import { productUrl } from "#domain/catalogue/product-url.ts";
import type { Product, ProductOption, VolumeVariant } from "#domain/catalogue/types.ts";
import { largeImageOf } from "#domain/images/photo.ts";
import type { Db } from "#server/platform/db.ts";
import {
  type CategorySnapshot,
  categoriesForTags,
  categorySnapshot,
  defaultCategoryUrlName,
} from "./catalogue-cache.ts";
import type { ResolvedStore } from "./store-resolution.ts";

export interface ReadOptions {
  /** Fill volume_variants and options from the variant group (product pages); lists leave them minimal. */
  variants?: boolean;
}

/**
 * Builds API products for the given SKUs, priced at one store, in the order asked for (unknown SKUs are
 * left out). Every list, page and recommendation goes through here so a product looks the same everywhere.
 */
export async function readProducts(
  db: Db,
  skus: readonly string[],
  store: ResolvedStore | null,
  options: ReadOptions = {},
): Promise<Product[]> {
  if (skus.length === 0) return [];
  return productsFromRows(db, await readRows(db, skus, store?.id ?? ""), skus, store, options);
}

/**
 * Turns rows of `productRowsJson` into API products, in the order of `skus`. Search fetches the rows of its
 * page inside its own statement and comes in here.
 */
export async function productsFromRows(
  db: Db,
  rows: ProductRow[],
  skus: readonly string[],
  store: ResolvedStore | null,
  options: ReadOptions = {},
): Promise<Product[]> {
  const storeId = store?.id ?? "";
  const snapshot = await categorySnapshot(db);
  const variantsByGroup = options.variants
    ? await readVariants(db, [...new Set(rows.map((r) => r.variant_group))], storeId, snapshot)
    : new Map<string, VolumeVariant[]>();

  const bySku = new Map(
    rows.map((r) => {
      const sold = r.price_cents !== null;
      const defaultCategory = defaultCategoryUrlName(snapshot, r.default_category);
      const variants = variantsByGroup.get(r.variant_group) ?? [];
      const self = { sku_id: r.sku_id, volume_label: r.volume_label ?? r.title };
      const optionSource = variants.length > 0 ? variants : [self];
      const product: Product = {
        sku_id: r.sku_id,
        title: r.title,
        subtitle: r.subtitle,
        company: r.company,
        brand: r.brand_name,
        brand_slug: r.brand_slug,
        price: sold && !r.disabled ? r.price_cents : null,
        regular_price: r.regular_price_cents,
        package_item_price: sold ? r.package_item_price_cents : null,
        package_qty: r.package_qty,
        image: r.image,
        // A photo's largest size; the drawn art is one SVG for every size.
        image_large: largeImageOf(r.image),
        volume: r.volume_ml,
        volume_label: r.volume_label,
        volume_variants: variants,
        options: optionSource.map(
          (v): ProductOption => ({
            name: v.volume_label ?? r.title,
            sku_id: v.sku_id,
            default: v.sku_id === r.sku_id,
          }),
        ),
        ingredients: [],
        categories: categoriesForTags(snapshot, r.tags),
        default_category: defaultCategory,
        tags: r.tags,
        average_rating: r.average_rating,
        rating_count: r.rating_count,
        disabled: r.disabled,
        substitution_preference: "substitute",
        minPrice: r.min_price,
        maxPrice: r.max_price,
        url: productUrl({ sku_id: r.sku_id, title: r.title, default_category: defaultCategory }),
        seller: sold && store ? { store_id: store.id, name: store.name } : null,
        in_stock: sold && (r.stock ?? 0) > 0,
        stock: sold ? (r.stock ?? 0) : 0,
        type: r.type,
        country: r.country,
        abv: r.abv,
        description: r.description,
        is_tobacco: r.is_tobacco,
        etch_sku: r.etch_sku,
        etch_of: r.etch_of,
      };
      return [r.sku_id, product] as const;
    }),
  );
  return skus.flatMap((sku) => bySku.get(sku) ?? []);
}

export interface ProductRow {
  sku_id: string;
  title: string;
  subtitle: string | null;
  company: string | null;
  brand_name: string | null;
  brand_slug: string | null;
  type: string | null;
  country: string | null;
  volume_ml: number | null;
  volume_label: string | null;
  package_qty: number;
  abv: number | null;
  tags: string[];
  default_category: string;
  variant_group: string;
  regular_price_cents: number;
  image: string;
  description: string | null;
  disabled: boolean;
  is_tobacco: boolean;
  etch_of: string | null;
  average_rating: number | null;
  rating_count: number;
  price_cents: number | null;
  package_item_price_cents: number | null;
  stock: number | null;
  min_price: number | null;
  max_price: number | null;
  etch_sku: string | null;
}

/**
 * The rows behind every product card, as one JSON array (null when none): on PGlite decoding one JSON value
 * is much cheaper than decoding a typed row per product. Every column but the search vector; brand slug,
 * price range and the engraved copy through index probes. `skus` is any text[] expression.
 */
export function productRowsJson(storeId: string, skus: RawBuilder<unknown>) {
  return sql`(select json_agg(x) from (
      select p.sku_id, p.title, p.subtitle, p.company, p.brand_name,
        (select b.slug from brands b where b.id = p.brand_id) as brand_slug,
        p.type, p.country, p.volume_ml, p.volume_label, p.package_qty, p.abv, p.tags, p.default_category,
        p.variant_group, p.regular_price_cents, p.image, p.description, p.disabled, p.is_tobacco, p.etch_of,
        p.average_rating, p.rating_count, i.price_cents, i.package_item_price_cents, i.stock,
        (select min(x.price_cents) from inventory x where x.sku_id = p.sku_id) as min_price,
        (select max(x.price_cents) from inventory x where x.sku_id = p.sku_id) as max_price,
        (select e.sku_id from products e where e.etch_of = p.sku_id order by e.sku_id limit 1) as etch_sku
      from products p
      left join inventory i on i.sku_id = p.sku_id and i.store_id = ${storeId}
      where p.sku_id = any(${skus})
    ) x)`;
}

/** Decodes the JSON array of productRowsJson (drivers hand json back parsed or as text). */
export function parseProductRows(value: unknown): ProductRow[] {
  if (!value) return [];
  return (typeof value === "string" ? JSON.parse(value) : value) as ProductRow[];
}

async function readRows(db: Db, skus: readonly string[], storeId: string): Promise<ProductRow[]> {
  const result = await sql<{ rows: unknown }>`
    select ${productRowsJson(storeId, sql`${sql.val([...skus])}::text[]`)} as rows`.execute(db);
  return parseProductRows(result.rows[0]?.rows);
}

/** Every volume of the given variant groups (engraved copies excluded), smallest first. */
async function readVariants(
  db: Db,
  groups: string[],
  storeId: string,
  snapshot: CategorySnapshot,
): Promise<Map<string, VolumeVariant[]>> {
  if (groups.length === 0) return new Map();
  const rows = await db
    .selectFrom("products as p")
    .leftJoin("inventory as i", (join) =>
      join.onRef("i.sku_id", "=", "p.sku_id").on("i.store_id", "=", storeId),
    )
    .select([
      "p.sku_id",
      "p.title",
      "p.variant_group",
      "p.volume_label",
      "p.default_category",
      "p.disabled",
      "i.price_cents",
    ])
    .where("p.variant_group", "in", groups)
    .where("p.etch_of", "is", null)
    .orderBy("p.volume_ml", (o) => o.asc().nullsLast())
    .orderBy("p.sku_id")
    .execute();
  const map = new Map<string, VolumeVariant[]>();
  for (const r of rows) {
    const list = map.get(r.variant_group) ?? [];
    list.push({
      sku_id: r.sku_id,
      volume_label: r.volume_label ?? r.title,
      price: r.price_cents !== null && !r.disabled ? r.price_cents : null,
      url: productUrl({
        sku_id: r.sku_id,
        title: r.title,
        default_category: defaultCategoryUrlName(snapshot, r.default_category),
      }),
    });
    map.set(r.variant_group, list);
  }
  return map;
}
