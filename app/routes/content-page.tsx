import { Link } from "react-router";
import type { ContentBlock } from "../features/content/content-types.ts";
import { inlineParts } from "../features/content/inline-links.ts";
import { CONTENT_PAGES } from "../features/content/pages.server.ts";
import { notFound } from "../lib/loader-errors.ts";
import { absoluteUrl, pageMeta } from "../lib/seo.ts";
import type { Route } from "./+types/content-page";

export function loader({ request, context }: Route.LoaderArgs) {
  const path = new URL(request.url).pathname.replace(/\/+$/, "");
  const page = CONTENT_PAGES[path];
  if (!page) notFound();
  return {
    page,
    seo: { title: page.title, description: page.description, canonical: absoluteUrl(context.origin, path) },
  };
}

export const meta: Route.MetaFunction = ({ data }) => pageMeta(data?.seo);

const dateText = (iso: string) =>
  new Date(`${iso}T12:00:00Z`).toLocaleDateString("en-US", {
    year: "numeric",
    month: "long",
    day: "numeric",
    timeZone: "UTC",
  });

export default function ContentPageRoute({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  return (
    <article className="page page--narrow content">
      <header className="page-head">
        <h1 className="page-head__title">{page.title}</h1>
        {page.lead ? (
          <p className="page-head__lead">
            <Inline text={page.lead} />
          </p>
        ) : null}
        {page.updated ? <p className="content__updated">Last updated {dateText(page.updated)}</p> : null}
      </header>
      {page.blocks.map((block, i) => (
        <Block key={i} block={block} />
      ))}
    </article>
  );
}

function Inline({ text }: { text: string }) {
  return (
    <>
      {inlineParts(text).map((part, i) =>
        "to" in part ? (
          <Link key={i} to={part.to}>
            {part.text}
          </Link>
        ) : (
          part.text
        ),
      )}
    </>
  );
}

function Block({ block }: { block: ContentBlock }) {
  if ("h2" in block) return <h2>{block.h2}</h2>;
  if ("h3" in block) return <h3>{block.h3}</h3>;
  if ("p" in block)
    return (
      <p>
        <Inline text={block.p} />
      </p>
    );
  if ("ul" in block || "ol" in block) {
    const items = "ul" in block ? block.ul : block.ol;
    const List = "ul" in block ? "ul" : "ol";
    return (
      <List>
        {items.map((item, i) => (
          <li key={i}>
            <Inline text={item} />
          </li>
        ))}
      </List>
    );
  }
  if ("faq" in block)
    return (
      <div className="faq">
        {block.faq.map((f) => (
          <details key={f.q} className="faq__item">
            <summary>{f.q}</summary>
            <p>
              <Inline text={f.a} />
            </p>
          </details>
        ))}
      </div>
    );
  return (
    <p>
      <Link className="button button--primary" to={block.cta.to}>
        {block.cta.label}
      </Link>
    </p>
  );
}
