import { Link } from "react-router";
import {
  brandIndexJumpLetters,
  groupBrandsByLetter,
  NON_LETTER_BUCKET,
} from "#domain/catalogue/brand-index.ts";
import { formatCount } from "#domain/number.ts";
import { slugify } from "#domain/slug.ts";
import type { ApiAnswer } from "../lib/api-answers.ts";
import { dataOrThrow } from "../lib/loader-errors.ts";
import { absoluteUrl, pageMeta } from "../lib/seo.ts";
import { SHARED_PAGE } from "../lib/shared-page.ts";
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
      <div className="brand-index">
        {sections.map((section) => (
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
                    <Link to={`/brands/${slug}`} prefetch="none">
                      {name}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </section>
        ))}
      </div>
    </div>
  );
}
