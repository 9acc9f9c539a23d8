import { slugify } from "../slug.ts";

/**
 * A product's canonical path (spec §2): /{category url}/{title-slug}/{sku_id}. `default_category` is the
 * url_name of the product's default category.
 */
export function productUrl(product: { sku_id: string; title: string; default_category: string }): string {
  const titleSlug = slugify(product.title) || "product";
  return `/${product.default_category}/${titleSlug}/${product.sku_id}`;
}
