import { useEffect } from "react";
import { Link, redirect, useLocation, useNavigation, useRouteLoaderData } from "react-router";
import { STOREFRONT_UNIT } from "#domain/banners/units.ts";
import type { SearchSuggestion } from "#domain/catalogue/types.ts";
import { toCards } from "../components/catalogue/card-data.ts";
import { queryFromPath } from "../components/shell/search-box.tsx";
import {
  activeFilterCount,
  pageCount,
  parseListingQuery,
  searchOptionsFor,
} from "../features/catalogue/listing-query.ts";
import { ListingView } from "../features/catalogue/listing-view.tsx";
import { trackSearch } from "../lib/analytics.ts";
import type { ApiAnswer } from "../lib/api-answers.ts";
import { dataOrThrow } from "../lib/loader-errors.ts";
import { absoluteUrl, pageMeta } from "../lib/seo.ts";
import { SHARED_PAGE } from "../lib/shared-page.ts";
import type { RootData } from "../root.tsx";
import type { Route } from "./+types/search";

const MAX_QUERY = 200;

export const handle = SHARED_PAGE;
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const term = (params.searchQuery ?? "").trim().slice(0, MAX_QUERY);
  if (!term) throw redirect("/search");
  const query = parseListingQuery(new URL(request.url).searchParams);
  const results = dataOrThrow(
    await context.api<ApiAnswer<"searchProducts">>("/menu/search/v4", {
      method: "POST",
      body: { query: term, ...searchOptionsFor(query) },
    }),
  );
  let suggestions: SearchSuggestion[] = [];
  if (results.count === 0 && activeFilterCount(query) === 0) {
    const quick = await context
      .api<ApiAnswer<"searchProducts">>("/menu/search/v4", {
        method: "POST",
        body: { query: term, autocomplete: true, facets: false, hitsPerPage: 8 },
      })
      .catch(() => null);
    suggestions = quick?.ok ? quick.data.suggestions : [];
  }
  return {
    term,
    query,
    // The words searched for when typos were corrected ("jak daniels" → "jack daniels").
    corrected: results.analytics.corrected_query,
    results: {
      products: toCards(results.products),
      count: results.count,
      facets: results.facets,
      page: query.page,
      pages: pageCount(results.count),
    },
    suggestions,
    seo: {
      title: `Results for “${term}”`,
      description: `Search results for ${term}: beer, wine, spirits and more delivered in about 30 minutes.`,
      canonical: absoluteUrl(context.origin, `/search/${encodeURIComponent(term)}`),
      noindex: true,
    },
  };
}

export const meta: Route.MetaFunction = ({ data }) => pageMeta(data?.seo);

export default function Search({ loaderData }: Route.ComponentProps) {
  const { term, query, corrected, results, suggestions } = loaderData;
  const filtered = activeFilterCount(query) > 0;
  // What was searched and how much it found: the console lists the searches that found nothing.
  useEffect(() => {
    if (query.page === 1) trackSearch(term, results.count, filtered);
  }, [term, results.count, filtered, query.page]);
  // Searching again from here: the results of this search are not shown as the next one's while it loads (and
  // while its page renders, after the address bar has changed).
  const next = useNextSearch();
  if (next !== null && next !== term) return <Searching term={next} />;
  return (
    <div className="page page--listing">
      <header className="page-head">
        <p className="page-head__eyebrow">Search</p>
        <h1 className="page-head__title">Results for “{term}”</h1>
        {corrected ? (
          <p className="page-head__lead">
            Showing results for “<strong>{corrected}</strong>”
          </p>
        ) : null}
      </header>
      <ListingView
        key={term}
        bannerUnit={STOREFRONT_UNIT}
        query={query}
        results={results}
        emptyState={<NoResults term={term} suggestions={suggestions} />}
      />
    </div>
  );
}

/** The term of the search the router is loading, if it is loading another search page; else null. */
function useNextSearch(): string | null {
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const to = navigation.location?.pathname;
  if (navigation.state === "idle" || !to || to === pathname) return null;
  return queryFromPath(to).trim() || null;
}

function Searching({ term }: { term: string }) {
  return (
    <div className="page page--listing" aria-busy="true">
      <header className="page-head">
        <p className="page-head__eyebrow">Search</p>
        <h1 className="page-head__title">Results for “{term}”</h1>
      </header>
      <p className="listing__searching" role="status">
        Searching for “{term}”…
      </p>
    </div>
  );
}

function NoResults({ term, suggestions }: { term: string; suggestions: SearchSuggestion[] }) {
  const root = useRouteLoaderData<RootData>("root");
  return (
    <div className="no-results">
      <h2 className="no-results__title">No results for “{term}”</h2>
      <p>Check the spelling, try a shorter or more general word, or browse a category below.</p>
      {suggestions.length > 0 ? (
        <>
          <h3 className="no-results__sub">Did you mean</h3>
          <ul className="chip-list">
            {suggestions.map((s) => (
              <li key={s.url}>
                <Link className="chip" to={s.url}>
                  {s.text}
                </Link>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {root && root.nav.length > 0 ? (
        <>
          <h3 className="no-results__sub">Popular categories</h3>
          <ul className="chip-list">
            {root.nav.map((item) => (
              <li key={item.url}>
                <Link className="chip" to={item.url}>
                  {item.name}
                </Link>
              </li>
            ))}
            <li>
              <Link className="chip" to="/brands">
                All brands
              </Link>
            </li>
          </ul>
        </>
      ) : null}
    </div>
  );
}
