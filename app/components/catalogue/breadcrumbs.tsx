import { Link } from "react-router";
import type { Crumb } from "./structured-data.ts";

/** Where the page sits: Home › … › this page (the last crumb is the current page). */
export function Breadcrumbs({ crumbs }: { crumbs: Crumb[] }) {
  return (
    <nav className="breadcrumbs" aria-label="Breadcrumb">
      <ol>
        {crumbs.map((crumb, i) => {
          const last = i === crumbs.length - 1;
          return (
            <li key={`${crumb.name}-${i}`}>
              {last || !crumb.path ? (
                <span aria-current={last ? "page" : undefined}>{crumb.name}</span>
              ) : (
                <Link to={crumb.path}>{crumb.name}</Link>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
