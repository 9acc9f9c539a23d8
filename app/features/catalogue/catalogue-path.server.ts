import { type CardProduct, toCards } from "#app/components/catalogue/card-data.ts";
import type { Crumb, LdProduct } from "#app/components/catalogue/structured-data.ts";
import type { ApiFetch } from "#app/lib/api.ts";
import type { ApiAnswer, ApiShape } from "#app/lib/api-answers.ts";
import { dataOrThrow, notFound } from "#app/lib/loader-errors.ts";
import { absoluteUrl, clampDescription, type PageSeo } from "#app/lib/seo.ts";
import { bundleDeal } from "#domain/catalogue/bundle-deal.ts";
import { isPriceVisible } from "#domain/catalogue/price-visibility.ts";
import { isSku } from "#domain/catalogue/sku.ts";
import type { CityPage, Facets, Product } from "#domain/catalogue/types.ts";
import { loadRatings, type ProductReviewsAnswer } from "../tips/ratings.ts";
import { type ListingQuery, pageCount, parseListingQuery, searchOptionsFor } from "./listing-query.ts";

/** Spec §2: the category-group pages. */
export const GROUP_PAGES = new Set(["wine", "spirits", "nicotine-tobacco", "gifting", "more"]);
export const CITY_PREFIX = "alcohol-delivery-";

const URL_NAME = /^[a-z0-9]+(?:[-_][a-z0-9]+)*$/i;
const CITY_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

interface Ctx {
  api: ApiFetch;
  origin: string;
}

export interface ListingResults {
  products: CardProduct[];
  count: number;
  facets: Facets;
  page: number;
  pages: number;
}

export interface CategoryView {
  kind: "category";
  name: string;
  description: string | null;
  path: string;
  /** Links to narrow the category: its children, or its siblings when it is a child. */
  related: { name: string; path: string; current: boolean }[];
  query: ListingQuery;
  results: ListingResults;
  crumbs: Crumb[];
  seo: PageSeo;
}

export interface GroupView {
  kind: "group";
  name: string;
  description: string | null;
  path: string;
  groups: { key: string; title: string; url: string; count: number; products: CardProduct[] }[];
  crumbs: Crumb[];
  seo: PageSeo;
}

/** What the product page shows of its product (and its structured data reads): the rest stays on the server. */
export type PageProduct = LdProduct &
  Pick<
    Product,
    | "subtitle"
    | "company"
    | "brand_slug"
    | "volume_label"
    | "volume_variants"
    | "type"
    | "abv"
    | "etch_sku"
    | "etch_of"
  >;

export interface ProductView {
  kind: "product";
  product: PageProduct;
  priceVisible: boolean;
  deal: string | null;
  /** Frequently bought together: what completed orders bought with it, in stock at the store. */
  fbt: CardProduct[];
  similar: CardProduct[];
  related: CardProduct[];
  crumbs: Crumb[];
  seo: PageSeo;
  /** The product's rating and its latest reviews (GET /order/reviews); null when they did not load. */
  ratings: Pick<ProductReviewsAnswer, "average_rating" | "rating_count" | "total" | "reviews"> | null;
}

export interface CityView {
  kind: "city";
  page: CityPage;
  seo: PageSeo;
}

export type CatalogueView = CategoryView | GroupView | ProductView | CityView;

/**
 * Resolves a storefront path that no static route took (spec §2): a product when the last segment is a SKU, a city
 * landing page for /alcohol-delivery-{slug}, a category-group page for the group names, a category page for
 * /{category} and /{parent}/{url_name} (a category first, then a group /{category}/{name}); else not found.
 * A known category wins over the SKU rule: /me-time-whiskeys (tag MT) has the SKU's shape and is a category.
 */
export async function resolveCataloguePath(segments: string[], url: URL, ctx: Ctx): Promise<CatalogueView> {
  const last = segments[segments.length - 1];
  if (last && isSku(last)) return (await namedCategory(segments, url, ctx)) ?? productView(last, ctx);
  if (segments.length === 1) {
    const [name] = segments;
    if (name.startsWith(CITY_PREFIX)) return cityView(name.slice(CITY_PREFIX.length), ctx);
    if (!URL_NAME.test(name)) notFound();
    if (GROUP_PAGES.has(name)) return groupView(`/menu/category-group/${name}`, `/${name}`, ctx);
    return (await categoryView(name, null, url, ctx)) ?? notFound();
  }
  if (segments.length === 2) {
    const [parent, name] = segments;
    if (!URL_NAME.test(parent) || !URL_NAME.test(name)) notFound();
    const category = await categoryView(name, parent, url, ctx);
    return category ?? groupView(`/menu/category-group/${parent}/${name}`, `/${parent}/${name}`, ctx);
  }
  notFound();
}

/** The category a path of one or two url names names (/{category}, /{parent}/{url_name}), or null. */
async function namedCategory(segments: string[], url: URL, ctx: Ctx): Promise<CategoryView | null> {
  if (segments.length > 2 || !segments.every((s) => URL_NAME.test(s))) return null;
  const [parent, name] = segments.length === 2 ? segments : [null, segments[0]];
  return categoryView(name, parent, url, ctx);
}

/** A category page, or null when there is no such category (under that parent). */
async function categoryView(
  name: string,
  parent: string | null,
  url: URL,
  ctx: Ctx,
): Promise<CategoryView | null> {
  const query = parseListingQuery(url.searchParams);
  const [pageRes, searchRes] = await Promise.all([
    ctx.api<ApiAnswer<"getCategory">>(
      `/menu/category/${name}${parent ? `?parent=${encodeURIComponent(parent)}` : ""}`,
    ),
    ctx.api<ApiAnswer<"searchCategoryProducts">>("/menu/search/v4/categories", {
      method: "POST",
      body: { url_names: [name], ...searchOptionsFor(query) },
    }),
  ]);
  if (pageRes.status === 404) return null;
  const { category, parent: parentCategory } = dataOrThrow(pageRes);
  const results = dataOrThrow(searchRes);
  const path = parentCategory ? `/${parentCategory.url_name}/${category.url_name}` : `/${category.url_name}`;
  const siblingsSource = category.subcategories.length > 0 ? category : parentCategory;
  const related = (siblingsSource?.subcategories ?? []).map((c) => ({
    name: c.web_display_name || c.name,
    path: `/${siblingsSource!.url_name}/${c.url_name}`,
    current: c.url_name === category.url_name,
  }));
  const displayName = category.web_display_name || category.name;
  const crumbs: Crumb[] = [
    { name: "Home", path: "/" },
    ...(parentCategory
      ? [
          {
            name: parentCategory.web_display_name || parentCategory.name,
            path: `/${parentCategory.url_name}`,
          },
        ]
      : []),
    { name: displayName, path },
  ];
  const canonicalPath = query.page > 1 ? `${path}?page=${query.page}` : path;
  return {
    kind: "category",
    name: displayName,
    description: category.description,
    path,
    related,
    query,
    results: {
      products: toCards(results.products),
      count: results.count,
      facets: results.facets,
      page: query.page,
      pages: pageCount(results.count),
    },
    crumbs,
    seo: {
      title: `${displayName} delivery${query.page > 1 ? ` – page ${query.page}` : ""}`,
      description: clampDescription(
        `Order ${displayName.toLowerCase()} online for delivery in about 30 minutes. ${category.description ?? ""}`,
      ),
      canonical: absoluteUrl(ctx.origin, canonicalPath),
    },
  };
}

async function groupView(apiPath: string, path: string, ctx: Ctx): Promise<GroupView> {
  const group = dataOrThrow(await ctx.api<ApiAnswer<"getCategoryGroup">>(apiPath));
  const name = group.category.web_display_name || group.category.name;
  const title = group.parent ? `${group.parent.web_display_name || group.parent.name}: ${name}` : name;
  const crumbs: Crumb[] = [
    { name: "Home", path: "/" },
    ...(group.parent
      ? [{ name: group.parent.web_display_name || group.parent.name, path: `/${group.parent.url_name}` }]
      : []),
    { name, path },
  ];
  return {
    kind: "group",
    name,
    description: group.category.description,
    path,
    groups: group.groups
      .filter((g) => g.products.length > 0)
      .map((g) => ({
        key: g.key,
        title: g.title,
        url: g.url,
        count: g.count,
        products: toCards(g.products),
      })),
    crumbs,
    seo: {
      title: `${title} delivery`,
      description: clampDescription(
        `Shop ${name.toLowerCase()} from local stores, delivered in about 30 minutes. ${group.category.description ?? ""}`,
      ),
      canonical: absoluteUrl(ctx.origin, path),
    },
  };
}

async function productView(sku: string, ctx: Ctx): Promise<ProductView> {
  const res = await ctx.api<ApiAnswer<"getProducts">>(`/menu/product/${encodeURIComponent(sku)}`, {
    headers: { "accept-version": "4" },
  });
  const product = dataOrThrow(res).products[0];
  if (!product) notFound();
  const list = (r: Awaited<ReturnType<typeof ctx.api<ApiShape<"ProductList">>>> | null) =>
    r?.ok ? r.data.products.filter((p) => p.sku_id !== product.sku_id) : [];
  const [fbtRes, similarRes, relatedRes, categoryRes, ratings] = await Promise.all([
    ctx
      .api<ApiAnswer<"getFrequentlyBoughtTogether">>(
        `/menu/recommendation/fbt/${encodeURIComponent(product.sku_id)}`,
      )
      .catch(() => null),
    ctx
      .api<ApiAnswer<"getSimilarProducts">>(
        `/menu/recommendation/similar/${encodeURIComponent(product.sku_id)}`,
      )
      .catch(() => null),
    ctx
      .api<ApiAnswer<"getRelatedProducts">>(
        `/menu/recommendation/related/${encodeURIComponent(product.sku_id)}`,
      )
      .catch(() => null),
    ctx
      .api<ApiAnswer<"getCategory">>(`/menu/category/${encodeURIComponent(product.default_category)}`)
      .catch(() => null),
    loadRatings(ctx.api, product.sku_id),
  ]);
  // Each product once on the page: bought together first, then similar, then related.
  const fbt = list(fbtRes);
  const seen = new Set(fbt.map((p) => p.sku_id));
  const similar = list(similarRes).filter((p) => !seen.has(p.sku_id));
  for (const p of similar) seen.add(p.sku_id);
  const related = list(relatedRes).filter((p) => !seen.has(p.sku_id));

  const crumbs: Crumb[] = [{ name: "Home", path: "/" }];
  if (categoryRes?.ok) {
    const { category, parent } = categoryRes.data;
    if (parent) crumbs.push({ name: parent.web_display_name || parent.name, path: `/${parent.url_name}` });
    crumbs.push({
      name: category.web_display_name || category.name,
      path: parent ? `/${parent.url_name}/${category.url_name}` : `/${category.url_name}`,
    });
  }
  crumbs.push({ name: product.title, path: product.url });

  const priceVisible = isPriceVisible(product) && product.price != null;
  const facts = [product.volume_label, product.type, product.country].filter(Boolean).join(" · ");
  return {
    kind: "product",
    product: pageProduct(product),
    priceVisible,
    deal: priceVisible ? bundleDeal(product.price, product.package_item_price, product.package_qty) : null,
    fbt: toCards(fbt),
    similar: toCards(similar),
    related: toCards(related),
    crumbs,
    ratings: ratings
      ? {
          average_rating: ratings.average_rating,
          rating_count: ratings.rating_count,
          total: ratings.total,
          reviews: ratings.reviews.slice(0, 3),
        }
      : null,
    seo: {
      title: `${product.title}${product.volume_label ? ` ${product.volume_label}` : ""}`,
      description: clampDescription(
        `Buy ${product.title}${facts ? ` (${facts})` : ""} for delivery in about 30 minutes. ${product.description ?? ""}`,
      ),
      canonical: absoluteUrl(ctx.origin, product.url),
    },
  };
}

function pageProduct(p: Product): PageProduct {
  return {
    sku_id: p.sku_id,
    title: p.title,
    subtitle: p.subtitle,
    company: p.company,
    brand: p.brand,
    brand_slug: p.brand_slug,
    price: p.price,
    image: p.image,
    image_large: p.image_large,
    volume_label: p.volume_label,
    volume_variants: p.volume_variants,
    url: p.url,
    seller: p.seller,
    disabled: p.disabled,
    in_stock: p.in_stock,
    type: p.type,
    country: p.country,
    abv: p.abv,
    description: p.description,
    etch_sku: p.etch_sku,
    etch_of: p.etch_of,
  };
}

async function cityView(slug: string, ctx: Ctx): Promise<CityView> {
  if (!CITY_SLUG.test(slug)) notFound();
  const page = dataOrThrow(await ctx.api<ApiAnswer<"getCityPage">>(`/order/cities/${slug}`));
  const { city } = page;
  return {
    kind: "city",
    page,
    seo: {
      title: `Alcohol delivery in ${city.name}, ${city.state}`,
      description: clampDescription(
        `Beer, wine and spirits delivered in ${city.name} in about 30 minutes from local stores. ${page.intro}`,
      ),
      canonical: absoluteUrl(ctx.origin, `/${CITY_PREFIX}${city.slug}`),
    },
  };
}
