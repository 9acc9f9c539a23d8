import { Link } from "react-router";
import { OPEN_ROLES } from "#domain/leads/forms.ts";
import { Block, ContentHead } from "../features/content/blocks.tsx";
import { CONTENT_PAGES } from "../features/content/pages.server.ts";
import { absoluteUrl, pageMeta } from "../lib/seo.ts";
import type { Route } from "./+types/careers";

/** /careers (spec §2; /jobs redirects here): how we work, the open roles, each linking to /apply. */
export function loader({ context }: Route.LoaderArgs) {
  const page = CONTENT_PAGES["/careers"];
  return {
    page,
    seo: {
      title: page.title,
      description: page.description,
      canonical: absoluteUrl(context.origin, "/careers"),
    },
  };
}

export const meta: Route.MetaFunction = ({ data }) => pageMeta(data?.seo);

export default function Careers({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  return (
    <article className="page page--narrow content">
      <ContentHead page={page} />
      <section aria-labelledby="open-roles">
        <h2 id="open-roles">Open roles</h2>
        <ul className="roles">
          {OPEN_ROLES.map((r) => (
            <li className="roles__item" key={r.id}>
              <span>
                <strong>{r.title}</strong> <span className="roles__where">({r.where})</span>
              </span>
              <Link to={`/apply?role=${r.id}`} aria-label={`Apply for ${r.title}`}>
                Apply
              </Link>
            </li>
          ))}
        </ul>
      </section>
      {page.blocks.map((block, i) => (
        <Block key={i} block={block} />
      ))}
    </article>
  );
}
