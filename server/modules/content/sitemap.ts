import { productUrl } from "#domain/catalogue/product-url.ts";
import type { Db } from "#server/platform/db.ts";
import { brandIndex, categorySnapshot, defaultCategoryUrlName } from "../catalogue/index.ts";
import { escapeMarkup } from "#domain/markup.ts";

/** The storefront's content pages (spec §2) that search engines should find. */
export const CONTENT_PAGES = [
  "/",
  "/brands",
  "/liquor-gift-guide",
  "/retailers",
  "/business",
  "/careers",
  "/privacy-policy",
  "/terms-of-service",
  "/sweepstakes-rules",
  "/returns-refunds",
  "/contact-us",
  "/merchant-terms",
  "/merchant-manageddelivery-terms",
  "/loyalty-program-benefits",
];

/** Pages that are personal or transactional: never indexed. */
export const DISALLOWED_PATHS = [
  "/checkout",
  "/checkout2",
  "/account",
  "/login",
  "/signup",
  "/forgot-password",
  "/sos",
  "/3dscb",
  "/orders",
  "/tracking",
  "/tip",
  "/substitution",
  "/giftclaim",
  "/loyalty",
  "/contact-preferences",
  "/share",
  "/search",
  "/menu/",
  "/order/",
  "/console",
  "/api/",
];

export function robotsTxt(origin: string): string {
  return [
    "User-agent: *",
    "Allow: /",
    ...DISALLOWED_PATHS.map((p) => `Disallow: ${p}`),
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
}

/** Every page path worth indexing: content pages, categories, brands, city pages and product pages. */
export async function sitemapPaths(db: Db): Promise<string[]> {
  const [snapshot, brands, cities, products] = await Promise.all([
    categorySnapshot(db),
    brandIndex(db),
    db.selectFrom("cities").select("slug").orderBy("slug").execute(),
    db
      .selectFrom("products as p")
      .select(["p.sku_id", "p.title", "p.default_category"])
      .where("p.disabled", "=", false)
      .where("p.etch_of", "is", null)
      .where(({ exists, selectFrom }) =>
        exists(selectFrom("inventory as i").select("i.sku_id").whereRef("i.sku_id", "=", "p.sku_id")),
      )
      .orderBy("p.sku_id")
      .execute(),
  ]);
  return [
    ...CONTENT_PAGES,
    ...snapshot.all.map((c) => c.url),
    ...brands.map((b) => `/brands/${b.slug}`),
    ...cities.map((c) => `/alcohol-delivery-${c.slug}`),
    ...products.map((p) =>
      productUrl({ ...p, default_category: defaultCategoryUrlName(snapshot, p.default_category) }),
    ),
  ];
}

export function sitemapXml(origin: string, paths: string[]): string {
  const urls = paths.map((p) => `  <url><loc>${escapeMarkup(origin + p)}</loc></url>`);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    "</urlset>",
    "",
  ].join("\n");
}
