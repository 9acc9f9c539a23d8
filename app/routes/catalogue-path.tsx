import { type CatalogueView, resolveCataloguePath } from "../features/catalogue/catalogue-path.server.ts";
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
 * Each view is in a chunk of its own (vite.config.ts, `VIEW_FILES`): the document names the one it shows
 * (`ViewScript`), which the browser fetches with the page's other scripts and runs before them, so its code is there
 * when the page hydrates. A category page loads neither the product page's code nor the city landing's, and a
 * product page not the listing's (docs/adr/0082-parts-hydrated-later.md).
 */
const shows = (kind: CatalogueView["kind"]) => () =>
  document.querySelector(`script[data-view="${kind}"]`) !== null;
const ProductPage = namedByThePage(
  () => import("../features/catalogue/product-page.tsx").then((m) => m.ProductPage),
  shows("product"),
);
const CategoryPage = namedByThePage(
  () => import("../features/catalogue/category-page.tsx").then((m) => m.CategoryPage),
  shows("category"),
);
const GroupPage = namedByThePage(
  () => import("../features/catalogue/group-page.tsx").then((m) => m.GroupPage),
  shows("group"),
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

export default function CataloguePath({ loaderData: view }: Route.ComponentProps) {
  return (
    <>
      <ViewScript kind={view.kind} src={view.script} />
      <CatalogueViewOf view={view} />
    </>
  );
}

function CatalogueViewOf({ view }: { view: Route.ComponentProps["loaderData"] }) {
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
