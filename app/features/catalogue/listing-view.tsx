import { useEffect, useRef, useState } from "react";
import { Form, Link, useLocation, useNavigation, useSubmit } from "react-router";
import { ChevronLeftIcon, ChevronRightIcon, CloseIcon, FilterIcon } from "#app/components/icons.tsx";
import { onFirstInteraction } from "#app/components/on-demand.tsx";
import { WhenHydrated } from "#app/lib/use-hydrated.ts";
import type { Facets, FacetValue } from "#domain/catalogue/types.ts";
import { formatCount } from "#domain/number.ts";
import type { ListingResults } from "./catalogue-path.server.ts";
import {
  activeFilterCount,
  clearFilters,
  FACET_KEYS,
  type FacetKey,
  type ListingQuery,
  listingSearch,
  pagerPages,
  SORT_CHOICES,
  toggleFilter,
  withPage,
} from "./listing-query.ts";
import { ProductGrid } from "./product-grid.tsx";

const FACET_TITLES: Record<FacetKey, string> = {
  category: "Category",
  brand: "Brand",
  price: "Price",
  volume: "Size",
  country: "Country",
};

/** Values shown before "Show more". */
const VISIBLE_VALUES = 6;

/**
 * Product listing of category and search pages: facets (a sheet on phones, a sidebar on wide screens), sort,
 * products and pages. Every state is in the URL query: the form works without JavaScript, and with it every
 * change submits at once and only the results change.
 */
export function ListingView({
  query,
  results,
  emptyState,
  bannerUnit,
}: {
  query: ListingQuery;
  results: ListingResults;
  emptyState?: React.ReactNode;
  /** Whose banners the grid shows (GET /mc/serve?u=): a category's url name, or 'storefront'. */
  bannerUnit?: string;
}) {
  const location = useLocation();
  const navigation = useNavigation();
  const submit = useSubmit();
  const formRef = useRef<HTMLFormElement>(null);
  const [sheetOpen, setSheetOpen] = useState(false);
  const sheetHeadingRef = useRef<HTMLHeadingElement>(null);
  const sheetRef = useRef<HTMLDivElement>(null);
  // On phones the filters are a sheet over the page: Tab stays in it, and closing it gives focus back.
  useSheetFocus(sheetOpen, sheetRef);
  const filterCount = activeFilterCount(query);
  const loadingHere = navigation.state === "loading" && navigation.location.pathname === location.pathname;

  useEffect(() => {
    if (!sheetOpen) return;
    sheetHeadingRef.current?.focus();
    document.documentElement.classList.add("sheet-open");
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") setSheetOpen(false);
    };
    document.addEventListener("keydown", onKey);
    return () => {
      document.documentElement.classList.remove("sheet-open");
      document.removeEventListener("keydown", onKey);
    };
  }, [sheetOpen]);

  const apply = () => {
    const form = formRef.current;
    if (!form) return;
    const data = new FormData(form);
    // Relevance is the default: leave it out of the URL.
    if (data.get("sort") === "") data.delete("sort");
    submit(data, { method: "get", action: location.pathname, preventScrollReset: true });
  };
  const hrefFor = (q: ListingQuery) => `${location.pathname}${listingSearch(q)}`;
  const anyFacets = FACET_KEYS.some((key) => results.facets[key].length > 0);
  if (results.count === 0 && filterCount === 0) return <div className="listing">{emptyState}</div>;
  const first = (results.page - 1) * 60 + 1;
  const lastShown = first + results.products.length - 1;

  return (
    <div className="listing">
      <div className="listing__toolbar">
        <p className="listing__count" aria-live="polite">
          {results.count === 0
            ? "No products"
            : results.products.length === 0
              ? `${formatCount(results.count)} products`
              : `${formatCount(first)}–${formatCount(lastShown)} of ${formatCount(results.count)} products`}
        </p>
        <div className="listing__controls">
          {anyFacets || filterCount > 0 ? (
            <WhenHydrated
              fallback={
                // Without JavaScript the sheet opens as the link's target (:target in catalogue.css).
                <a className="button button--ghost button--small listing__filter-button" href="#filters">
                  <FilterIcon size={16} />
                  Filters{filterCount > 0 ? ` (${filterCount})` : ""}
                </a>
              }
            >
              <button
                type="button"
                className="button button--ghost button--small listing__filter-button"
                aria-controls="filters"
                aria-expanded={sheetOpen}
                onClick={() => setSheetOpen(true)}
              >
                <FilterIcon size={16} />
                Filters{filterCount > 0 ? ` (${filterCount})` : ""}
              </button>
            </WhenHydrated>
          ) : null}
          <label className="sort-select">
            <span>Sort</span>
            <select
              name="sort"
              form="listing-form"
              defaultValue={query.sort === "relevance" ? "" : query.sort}
              key={query.sort}
              onChange={apply}
            >
              {SORT_CHOICES.map((s) => (
                <option key={s.value} value={s.value === "relevance" ? "" : s.value}>
                  {s.label}
                </option>
              ))}
            </select>
          </label>
          <WhenHydrated
            fallback={
              <button type="submit" form="listing-form" className="button button--small">
                Apply
              </button>
            }
          />
        </div>
      </div>

      <div className="listing__body">
        <Form
          method="get"
          action={location.pathname}
          id="listing-form"
          ref={formRef}
          preventScrollReset
          className={`filters${sheetOpen ? " is-open" : ""}`}
          onChange={(event) => {
            // The sort select lives outside the form and submits by itself.
            if ((event.target as HTMLElement).getAttribute("name") !== "sort") apply();
          }}
        >
          {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: aria-modal is set only while the role is dialog */}
          <div
            ref={sheetRef}
            id="filters"
            className="filters__sheet"
            role={sheetOpen ? "dialog" : "region"}
            aria-modal={sheetOpen || undefined}
            aria-labelledby="filters-heading"
          >
            <div className="filters__head">
              <h2 id="filters-heading" className="filters__title" tabIndex={-1} ref={sheetHeadingRef}>
                Filters
              </h2>
              {filterCount > 0 ? (
                <Link className="filters__clear" to={hrefFor(clearFilters(query))} preventScrollReset>
                  Clear all
                </Link>
              ) : null}
              <WhenHydrated
                fallback={
                  <a className="icon-button filters__close" href="#main" aria-label="Close filters">
                    <CloseIcon />
                  </a>
                }
              >
                <button
                  type="button"
                  className="icon-button filters__close"
                  aria-label="Close filters"
                  onClick={() => setSheetOpen(false)}
                >
                  <CloseIcon />
                </button>
              </WhenHydrated>
            </div>
            <div className="filters__groups">
              {FACET_KEYS.map((key) => (
                <FacetGroup
                  key={key}
                  name={key}
                  values={withSelected(results.facets, key, query)}
                  query={query}
                />
              ))}
            </div>
            <div className="filters__foot">
              <WhenHydrated
                fallback={
                  <button type="submit" className="button button--primary button--block">
                    Show results
                  </button>
                }
              >
                <button
                  type="button"
                  className="button button--primary button--block"
                  onClick={() => setSheetOpen(false)}
                >
                  Show {formatCount(results.count)} results
                </button>
              </WhenHydrated>
            </div>
          </div>
        </Form>
        {sheetOpen ? (
          <div className="filters__backdrop" aria-hidden="true" onClick={() => setSheetOpen(false)} />
        ) : null}

        <div
          className={`listing__results${loadingHere ? " is-loading" : ""}`}
          aria-busy={loadingHere || undefined}
        >
          {filterCount > 0 ? <ActiveFilters query={query} results={results} hrefFor={hrefFor} /> : null}
          {results.products.length > 0 ? (
            <ProductGrid products={results.products} bannerUnit={bannerUnit} />
          ) : results.count > 0 ? (
            <div className="empty-state">
              <p>There are no products on this page.</p>
              <Link className="button" to={hrefFor(withPage(query, 1))}>
                Go to the first page
              </Link>
            </div>
          ) : filterCount > 0 ? (
            <div className="empty-state">
              <p>No products match these filters.</p>
              <Link className="button" to={hrefFor(clearFilters(query))} preventScrollReset>
                Clear filters
              </Link>
            </div>
          ) : (
            emptyState
          )}
          <Pager query={query} results={results} hrefFor={hrefFor} />
        </div>
      </div>
    </div>
  );
}

const loadFocusCode = () => import("#app/lib/modal-dialog.ts");

/**
 * The sheet's focus handling (app/lib/modal-dialog.ts), whose code is fetched at the shopper's first touch, click or
 * key press rather than with the page (issue 35 §3, as the shell's parts: app/components/on-demand.tsx). What had
 * focus as the sheet opened is noted at once, so focus goes back to it even if the code came after the sheet opened.
 * Code that cannot load leaves the sheet working without the trap: its buttons and Escape still close it.
 */
function useSheetFocus(open: boolean, sheet: React.RefObject<HTMLElement | null>) {
  useEffect(() => onFirstInteraction(() => loadFocusCode().catch(() => {})), []);
  useEffect(() => {
    if (!open) return;
    const active = document.activeElement;
    const openers = active instanceof HTMLElement && active !== document.body ? [active] : [];
    let closed = false;
    let release = () => {};
    loadFocusCode()
      .then(({ trapFocus }) => {
        if (!closed) release = trapFocus(() => sheet.current, openers);
      })
      .catch(() => {});
    return () => {
      closed = true;
      release();
    };
  }, [open, sheet]);
}

/** The facet's values, plus any selected value the answer did not list (so submitting keeps it). */
function withSelected(facets: Facets, key: FacetKey, query: ListingQuery): FacetValue[] {
  const values = facets[key] ?? [];
  const listed = new Set(values.map((v) => v.value));
  const missing = (query.filters[key] as string[])
    .filter((v) => !listed.has(v))
    .map((value) => ({ value, label: value, count: 0 }));
  return [...missing, ...values];
}

function FacetGroup({ name, values, query }: { name: FacetKey; values: FacetValue[]; query: ListingQuery }) {
  const selected = new Set(query.filters[name] as string[]);
  // A single value with nothing chosen narrows nothing (a category page's own category, say).
  if (values.length === 0 || (values.length === 1 && selected.size === 0)) return null;
  const head = values.slice(0, VISIBLE_VALUES);
  const rest = values.slice(VISIBLE_VALUES);
  const option = (v: FacetValue) => (
    <li key={v.value}>
      <label className="facet-option">
        <input
          type="checkbox"
          name={name}
          value={v.value}
          defaultChecked={selected.has(v.value)}
          key={`${v.value}-${selected.has(v.value)}`}
        />
        <span className="facet-option__label">{v.label}</span>
        <span className="facet-option__count">{formatCount(v.count)}</span>
      </label>
    </li>
  );
  return (
    <fieldset className="facet">
      <legend className="facet__title">{FACET_TITLES[name]}</legend>
      <ul className="facet__list">{head.map(option)}</ul>
      {rest.length > 0 ? (
        <details className="facet__more" open={rest.some((v) => selected.has(v.value)) || undefined}>
          <summary>Show {rest.length} more</summary>
          <ul className="facet__list">{rest.map(option)}</ul>
        </details>
      ) : null}
    </fieldset>
  );
}

function ActiveFilters({
  query,
  results,
  hrefFor,
}: {
  query: ListingQuery;
  results: ListingResults;
  hrefFor: (q: ListingQuery) => string;
}) {
  const labelOf = (key: FacetKey, value: string) =>
    results.facets[key]?.find((v) => v.value === value)?.label ?? value;
  return (
    <ul className="active-filters" aria-label="Active filters">
      {FACET_KEYS.flatMap((key) =>
        (query.filters[key] as string[]).map((value) => (
          <li key={`${key}-${value}`}>
            <Link
              className="chip chip--removable"
              to={hrefFor(toggleFilter(query, key, value))}
              preventScrollReset
            >
              <span className="visually-hidden">Remove filter </span>
              {labelOf(key, value)}
              <CloseIcon size={14} />
            </Link>
          </li>
        )),
      )}
    </ul>
  );
}

function Pager({
  query,
  results,
  hrefFor,
}: {
  query: ListingQuery;
  results: ListingResults;
  hrefFor: (q: ListingQuery) => string;
}) {
  if (results.pages <= 1) return null;
  const { page, pages } = results;
  return (
    <nav className="pager" aria-label="Pages">
      {page > 1 ? (
        <Link className="pager__step" to={hrefFor(withPage(query, page - 1))} rel="prev">
          <ChevronLeftIcon size={16} />
          Previous
        </Link>
      ) : (
        <span className="pager__step is-disabled" aria-hidden="true">
          <ChevronLeftIcon size={16} />
          Previous
        </span>
      )}
      <ol className="pager__pages">
        {pagerPages(Math.min(page, pages), pages).map((p, i) =>
          p === null ? (
            <li key={`gap-${i}`} className="pager__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={p}>
              <Link
                className="pager__page"
                to={hrefFor(withPage(query, p))}
                aria-current={p === page ? "page" : undefined}
                aria-label={`Page ${p}`}
              >
                {p}
              </Link>
            </li>
          ),
        )}
      </ol>
      {page < pages ? (
        <Link className="pager__step" to={hrefFor(withPage(query, page + 1))} rel="next">
          Next
          <ChevronRightIcon size={16} />
        </Link>
      ) : (
        <span className="pager__step is-disabled" aria-hidden="true">
          Next
          <ChevronRightIcon size={16} />
        </span>
      )}
    </nav>
  );
}
