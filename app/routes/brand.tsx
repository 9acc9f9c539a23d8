import { formatCount } from "#domain/number.ts";
import { Breadcrumbs } from "../components/catalogue/breadcrumbs.tsx";
import { toCards } from "../components/catalogue/card-data.ts";
import { breadcrumbListLd, type Crumb } from "../components/catalogue/structured-data.ts";
import { JsonLd, useSiteOrigin } from "../components/json-ld.tsx";
import { ProductGrid } from "../features/catalogue/product-grid.tsx";
import type { ApiFetch } from "../lib/api.ts";
import type { ApiAnswer } from "../lib/api-answers.ts";
import { dataOrThrow, notFound } from "../lib/loader-errors.ts";
import { absoluteUrl, clampDescription, pageMeta } from "../lib/seo.ts";
import { SHARED_PAGE } from "../lib/shared-page.ts";
import type { Route } from "./+types/brand";

const BRAND_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/i;

/** A brand's header or footer block: HTML the server has sanitized; absent when it does not load (spec §2). */
async function fragment(api: ApiFetch, file: string): Promise<string | null> {
  const res = await api<string>(`/menu/brand-fragment/${file}`).catch(() => null);
  if (
    !res?.ok ||
    typeof res.data !== "string" ||
    !String(res.headers["content-type"] ?? "").includes("text/html")
  ) {
    return null;
  }
  return res.data.trim() || null;
}

export const handle = SHARED_PAGE;
export async function loader({ params, context }: Route.LoaderArgs) {
  const name = params.brandname ?? "";
  if (!BRAND_SLUG.test(name)) notFound();
  const slug = name.toLowerCase();
  const [pageRes, header, footer] = await Promise.all([
    context.api<ApiAnswer<"getBrandPage">>(`/menu/brands?name=${encodeURIComponent(slug)}`, {
      method: "POST",
      headers: { "accept-version": "4" },
    }),
    fragment(context.api, `${slug}-header.html`),
    fragment(context.api, `${slug}-footer.html`),
  ]);
  const page = dataOrThrow(pageRes);
  const path = `/brands/${page.brand.slug}`;
  const crumbs: Crumb[] = [
    { name: "Home", path: "/" },
    { name: "Brands", path: "/brands" },
    { name: page.brand.name, path },
  ];
  return {
    brand: page.brand,
    products: toCards(page.products),
    header,
    footer,
    crumbs,
    path,
    seo: {
      title: `${page.brand.name} delivery`,
      description: clampDescription(
        `Shop ${page.brand.name}: ${page.products.length} products from stores near you, delivered in about 30 minutes.`,
      ),
      canonical: absoluteUrl(context.origin, path),
    },
  };
}

export const meta: Route.MetaFunction = ({ data }) => pageMeta(data?.seo);

export default function Brand({ loaderData }: Route.ComponentProps) {
  const { brand, products, header, footer, crumbs, path } = loaderData;
  const origin = useSiteOrigin();
  return (
    <div className="page page--brand">
      <Breadcrumbs crumbs={crumbs} />
      <header className="page-head">
        <p className="page-head__eyebrow">Brand</p>
        <h1 className="page-head__title">{brand.name}</h1>
        <p className="page-head__lead">
          {products.length === 1 ? "1 product" : `${formatCount(products.length)} products`}
        </p>
      </header>
      {/* Sanitized on the server (server/modules/content/brand-fragments.ts). */}
      {header ? (
        <div className="brand-fragment brand-fragment--header" dangerouslySetInnerHTML={{ __html: header }} />
      ) : null}
      {products.length > 0 ? (
        <ProductGrid products={products} label={`${brand.name} products`} />
      ) : (
        <p className="empty-state">No {brand.name} products at your store right now.</p>
      )}
      {footer ? (
        <div className="brand-fragment brand-fragment--footer" dangerouslySetInnerHTML={{ __html: footer }} />
      ) : null}
      <JsonLd data={import.meta.env.SSR ? breadcrumbListLd(origin, crumbs, path) : null} />
    </div>
  );
}
