import { Breadcrumbs } from "#app/components/catalogue/breadcrumbs.tsx";
import { breadcrumbListLd } from "#app/components/catalogue/structured-data.ts";
import { JsonLd, useSiteOrigin } from "#app/components/json-ld.tsx";
import type { GroupView } from "./catalogue-path.server.ts";
import { ProductRow } from "./product-row.tsx";

/** A category-group page (spec §2): one row of up to 12 products per child group, each with "See all". */
export function GroupPage({ view }: { view: GroupView }) {
  const origin = useSiteOrigin();
  return (
    <div className="page page--group">
      <Breadcrumbs crumbs={view.crumbs} />
      <header className="page-head">
        <h1 className="page-head__title">{view.name}</h1>
        {view.description ? <p className="page-head__lead">{view.description}</p> : null}
      </header>
      {view.groups.length === 0 ? (
        <p className="empty-state">Nothing here at your store right now.</p>
      ) : (
        view.groups.map((g, i) => (
          <ProductRow
            key={g.key}
            title={g.title}
            products={g.products}
            seeAll={g.url}
            count={g.count}
            eager={i === 0}
          />
        ))
      )}
      <JsonLd data={import.meta.env.SSR ? breadcrumbListLd(origin, view.crumbs, view.path) : null} />
    </div>
  );
}
