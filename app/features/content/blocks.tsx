import { Link } from "react-router";
import type { ContentBlock, ContentPage } from "./content-types.ts";
import { inlineParts } from "./inline-links.ts";

/** A content page's blocks and inline links, as /privacy-policy and the pages that take input show them. */
export function Inline({ text }: { text: string }) {
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

export function Block({ block }: { block: ContentBlock }) {
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

/** A content page's heading and lead, for the pages that put a form or the catalogue under them. */
export function ContentHead({ page }: { page: ContentPage }) {
  return (
    <header className="page-head">
      <h1 className="page-head__title">{page.title}</h1>
      {page.lead ? (
        <p className="page-head__lead">
          <Inline text={page.lead} />
        </p>
      ) : null}
    </header>
  );
}
