import { Link, redirect } from "react-router";
import { absoluteUrl, pageMeta } from "../lib/seo.ts";
import { SHARED_PAGE } from "../lib/shared-page.ts";
import type { Route } from "./+types/search-form";

export const handle = SHARED_PAGE;
/** The header search without JavaScript posts here (?q=…): go to /search/{query}. */
export function loader({ request, context }: Route.LoaderArgs) {
  const q = new URL(request.url).searchParams.get("q")?.trim().slice(0, 200);
  if (q) throw redirect(`/search/${encodeURIComponent(q)}`);
  return {
    seo: {
      title: "Search",
      description: "Search beer, wine, spirits and more from stores near you.",
      canonical: absoluteUrl(context.origin, "/search"),
    },
  };
}

export const meta: Route.MetaFunction = ({ data }) => pageMeta(data?.seo);

export default function SearchForm() {
  return (
    <div className="page page--narrow">
      <header className="page-head">
        <h1 className="page-head__title">Search</h1>
        <p className="page-head__lead">
          Type a brand, a drink or a style in the search box above, or{" "}
          <Link to="/brands">browse every brand</Link>.
        </p>
      </header>
    </div>
  );
}
