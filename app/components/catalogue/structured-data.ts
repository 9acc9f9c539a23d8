import { isPriceVisible } from "#domain/catalogue/price-visibility.ts";
import type { Product } from "#domain/catalogue/types.ts";

export interface Crumb {
  name: string;
  /** Site path; the last crumb (the page itself) may have none. */
  path?: string;
}

const abs = (origin: string, path: string) => new URL(path, origin).toString();

/** schema.org BreadcrumbList for a trail of crumbs. */
export function breadcrumbListLd(origin: string, crumbs: readonly Crumb[], pagePath: string) {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: crumbs.map((crumb, i) => ({
      "@type": "ListItem",
      position: i + 1,
      name: crumb.name,
      item: abs(origin, crumb.path ?? pagePath),
    })),
  };
}

/** What productLd reads of a product. */
export type LdProduct = Pick<
  Product,
  | "sku_id"
  | "title"
  | "image"
  | "image_large"
  | "url"
  | "description"
  | "brand"
  | "country"
  | "price"
  | "seller"
  | "disabled"
  | "in_stock"
>;

/** schema.org Product with its offer (USD), when the price is shown at the shopper's store. */
export function productLd(origin: string, product: LdProduct) {
  const visible = isPriceVisible(product) && product.price != null;
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.title,
    sku: product.sku_id,
    image: abs(origin, product.image_large || product.image),
    url: abs(origin, product.url),
    ...(product.description ? { description: product.description } : {}),
    ...(product.brand ? { brand: { "@type": "Brand", name: product.brand } } : {}),
    ...(product.country ? { countryOfOrigin: product.country } : {}),
    ...(visible
      ? {
          offers: {
            "@type": "Offer",
            url: abs(origin, product.url),
            priceCurrency: "USD",
            price: ((product.price as number) / 100).toFixed(2),
            availability: product.in_stock ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
            ...(product.seller ? { seller: { "@type": "Organization", name: product.seller.name } } : {}),
          },
        }
      : {}),
  };
}
