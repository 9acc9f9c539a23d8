import { type CatalogueView, resolveCataloguePath } from "../features/catalogue/catalogue-path.server.ts";
import { CategoryPage } from "../features/catalogue/category-page.tsx";
import { GroupPage } from "../features/catalogue/group-page.tsx";
import { namedByThePage } from "../features/catalogue/named-view.ts";
import { viewScript } from "../features/catalogue/view-scripts.server.ts";
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
  const view = await resolveCataloguePath(segments, new URL(request.url), context);
  return { ...view, script: viewScript(view.kind) };
}

/**
 * The product page and the city landing are in chunks of their own (vite.config.ts, `VIEW_FILES`): the document
 * names the one it shows (`ViewScript`), which the browser fetches with the page's other scripts and runs before
 * them, so its code is there when the page hydrates. A category or group page loads neither.
 */
const shows = (kind: "product" | "city") => () =>
  document.querySelector(`script[data-view="${kind}"]`) !== null;
const ProductPage = namedByThePage(
  () => import("../features/catalogue/product-page.tsx").then((m) => m.ProductPage),
  shows("product"),
);
const CityLanding = namedByThePage(
  () => import("../features/catalogue/city-landing.tsx").then((m) => m.CityLanding),
  shows("city"),
);

/** The view's chunk, named in the document (none in development: Vite serves the modules one by one). */
function ViewScript({ kind, src }: { kind: string; src: string | null }) {
  return src ? <script type="module" src={src} data-view={kind} /> : null;
}

export const meta: Route.MetaFunction = ({ data }) => pageMeta(data?.seo);

export default function CataloguePath({ loaderData }: Route.ComponentProps) {
  const view = loaderData;
  switch (view.kind) {
    case "product":
      return (
        <>
          <ViewScript kind="product" src={view.script} />
          <ProductPage key={view.product.sku_id} view={view} />
        </>
      );
    case "category":
      return <CategoryPage view={view} />;
    case "group":
      return <GroupPage view={view} />;
    case "city":
      return (
        <>
          <ViewScript kind="city" src={view.script} />
          <CityLanding view={view} />
        </>
      );
  }
}
