import { type CatalogueView, resolveCataloguePath } from "../features/catalogue/catalogue-path.server.ts";
import { CategoryPage } from "../features/catalogue/category-page.tsx";
import { CityLanding } from "../features/catalogue/city-landing.tsx";
import { GroupPage } from "../features/catalogue/group-page.tsx";
import { ProductPage } from "../features/catalogue/product-page.tsx";
import type { FullScreenHandle } from "../lib/full-screen.ts";
import { pageMeta } from "../lib/seo.ts";
import type { SharedPageHandle } from "../lib/shared-page.ts";
import type { Route } from "./+types/catalogue-path";

/** City landing pages are full-screen (spec §2); every other catalogue page sits in the shell. */
export const handle: FullScreenHandle & SharedPageHandle = {
  sharedPage: true,
  fullScreen: (data) => (data as CatalogueView | undefined)?.kind === "city",
};

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const segments = (params["*"] ?? "").split("/").filter(Boolean);
  return resolveCataloguePath(segments, new URL(request.url), context);
}

export const meta: Route.MetaFunction = ({ data }) => pageMeta(data?.seo);

export default function CataloguePath({ loaderData }: Route.ComponentProps) {
  const view = loaderData;
  switch (view.kind) {
    case "product":
      return <ProductPage key={view.product.sku_id} view={view} />;
    case "category":
      return <CategoryPage view={view} />;
    case "group":
      return <GroupPage view={view} />;
    case "city":
      return <CityLanding view={view} />;
  }
}
