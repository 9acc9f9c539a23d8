import { Block, Inline } from "../features/content/blocks.tsx";
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
