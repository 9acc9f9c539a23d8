import { Link } from "react-router";
import { Breadcrumbs } from "#app/components/catalogue/breadcrumbs.tsx";
import { breadcrumbListLd } from "#app/components/catalogue/structured-data.ts";
import { JsonLd, useSiteOrigin } from "#app/components/json-ld.tsx";
import type { CategoryView } from "./catalogue-path.server.ts";
import { ListingView } from "./listing-view.tsx";

export function CategoryPage({ view }: { view: CategoryView }) {
  const origin = useSiteOrigin();
  return (
    <div className="page page--listing">
      <Breadcrumbs crumbs={view.crumbs} />
      <header className="page-head">
        <h1 className="page-head__title">{view.name}</h1>
        {view.description ? <p className="page-head__lead">{view.description}</p> : null}
      </header>
      {view.related.length > 0 ? (
        <nav className="chip-row" aria-label={`Kinds of ${view.name}`}>
          <ul>
            {view.related.map((c) => (
              <li key={c.path}>
                <Link className="chip" to={c.path} aria-current={c.current ? "page" : undefined}>
                  {c.name}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      <ListingView
        bannerUnit={view.path.split("/").filter(Boolean).pop()}
        query={view.query}
        results={view.results}
        emptyState={
          <div className="empty-state">
            <p>Nothing in {view.name} at your store right now.</p>
            <Link className="button" to="/">
              Keep shopping
            </Link>
          </div>
        }
      />
      <JsonLd data={import.meta.env.SSR ? breadcrumbListLd(origin, view.crumbs, view.path) : null} />
    </div>
  );
}
