import { useState } from "react";
import {
  brandIndexJumpLetters,
  groupBrandsByLetter,
  NON_LETTER_BUCKET,
} from "#domain/catalogue/brand-index.ts";
import { formatCount } from "#domain/number.ts";
import { slugify } from "#domain/slug.ts";
import { useLinksFollowedInApp } from "../features/shell/follow-in-app.ts";
import type { ApiAnswer } from "../lib/api-answers.ts";
import { dataOrThrow } from "../lib/loader-errors.ts";
import { absoluteUrl, pageMeta } from "../lib/seo.ts";
import { SHARED_PAGE } from "../lib/shared-page.ts";
import { staticMarkup } from "../lib/static-markup.ts";
import type { Route } from "./+types/brands";

const anchorOf = (letter: string) => (letter === NON_LETTER_BUCKET ? "brands-0-9" : `brands-${letter}`);

export const handle = SHARED_PAGE;
export async function loader({ context }: Route.LoaderArgs) {
  const brands = dataOrThrow(await context.api<ApiAnswer<"listBrands">>("/menu/brands"));
  // Only what the page shows, and the slug only when it is not the name's slug: thousands of brands stay small.
  const sections = groupBrandsByLetter(brands).map((s) => ({
    letter: s.letter,
    brands: s.brands.map((b): string | [string, string] =>
      slugify(b.name) === b.slug ? b.name : [b.name, b.slug],
    ),
  }));
  return {
    sections,
    total: brands.length,
    seo: {
      title: "All brands A–Z",
      description: `Browse ${formatCount(brands.length)} beer, wine and spirits brands from A to Z and get them delivered in about 30 minutes.`,
      canonical: absoluteUrl(context.origin, "/brands"),
    },
  };
}

export const meta: Route.MetaFunction = ({ data }) => pageMeta(data?.seo);

export default function Brands({ loaderData }: Route.ComponentProps) {
  const { sections, total } = loaderData;
  const jump = brandIndexJumpLetters(sections);
  return (
    <div className="page page--brands">
      <header className="page-head">
        <h1 className="page-head__title">Brands</h1>
        <p className="page-head__lead">{formatCount(total)} brands, from craft breweries to cult bourbons.</p>
      </header>
      <nav className="jump-bar" aria-label="Brands by letter">
        <ul>
          {jump.map(({ letter, present }) => (
            <li key={letter}>
              {present ? (
                <a
                  href={`#${anchorOf(letter)}`}
                  aria-label={letter === NON_LETTER_BUCKET ? "Numbers and symbols" : letter}
                >
                  {letter}
                </a>
              ) : (
                <span aria-hidden="true">{letter}</span>
              )}
            </li>
          ))}
        </ul>
      </nav>
      <BrandIndex sections={sections} />
    </div>
  );
}

type Section = Route.ComponentProps["loaderData"]["sections"][number];

/**
 * The index of every brand (4,400 links), written by the server as static markup
 * (docs/adr/0098-the-brand-index-written-by-the-server.md): the browser keeps the document's markup instead of
 * hydrating a component per link, which held a phone's main thread for about half a second. A click on one of its
 * plain anchors navigates in the app. Shown after a client navigation, the index is rendered here.
 */
function BrandIndex({ sections }: { sections: Section[] }) {
  const [html] = useState(() => {
    if (import.meta.env.SSR)
      return staticMarkup(`brands:${JSON.stringify(sections)}`, () => <BrandSections sections={sections} />);
    // The document's own markup: if React ever renders the index afresh (a hydration it gave up), it writes it back.
    return document.querySelector(".brand-index")?.innerHTML ?? null;
  });
  const ref = useLinksFollowedInApp<HTMLDivElement>();
  if (html === null) {
    return (
      <div ref={ref} className="brand-index">
        <BrandSections sections={sections} />
      </div>
    );
  }
  return (
    <div
      ref={ref}
      className="brand-index"
      dangerouslySetInnerHTML={{ __html: html }}
      suppressHydrationWarning
    />
  );
}

/** The sections, letter by letter; each link as a `<Link>` renders it, so React Router learns its route ahead. */
function BrandSections({ sections }: { sections: Section[] }) {
  return sections.map((section) => (
    <section
      key={section.letter}
      id={anchorOf(section.letter)}
      className="brand-index__section"
      aria-labelledby={`${anchorOf(section.letter)}-h`}
    >
      <h2 id={`${anchorOf(section.letter)}-h`} className="brand-index__letter">
        {section.letter}
      </h2>
      <ul className="brand-index__list">
        {section.brands.map((entry) => {
          const [name, slug] = typeof entry === "string" ? [entry, slugify(entry)] : entry;
          return (
            <li key={slug}>
              <a href={`/brands/${slug}`} data-discover="true">
                {name}
              </a>
            </li>
          );
        })}
      </ul>
    </section>
  ));
}
