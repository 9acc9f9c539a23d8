import { Block, ContentHead } from "../features/content/blocks.tsx";
import { CONTENT_PAGES } from "../features/content/pages.server.ts";
import { enquiryAction } from "../features/enquiries/action.server.ts";
import { EnquiryForm } from "../features/enquiries/enquiry-form.tsx";
import { absoluteUrl, pageMeta } from "../lib/seo.ts";
import type { Route } from "./+types/retailers";

/** /retailers (spec §2, in the shell): selling on Nightcap, and the partner application (issue 17). */
export function loader({ context }: Route.LoaderArgs) {
  const page = CONTENT_PAGES["/retailers"];
  return {
    page,
    seo: {
      title: page.title,
      description: page.description,
      canonical: absoluteUrl(context.origin, "/retailers"),
    },
  };
}

export const meta: Route.MetaFunction = ({ data }) => pageMeta(data?.seo);

export async function action({ request, context }: Route.ActionArgs) {
  return enquiryAction(request, context, "partner");
}

export default function Retailers({ loaderData, actionData }: Route.ComponentProps) {
  const { page } = loaderData;
  return (
    <article className="page page--narrow content">
      <ContentHead page={page} />
      {page.blocks.map((block, i) => (
        <Block key={i} block={block} />
      ))}
      <EnquiryForm kind="partner" title="Apply to become a partner store" result={actionData} />
    </article>
  );
}
