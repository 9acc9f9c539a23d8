import { Block, ContentHead } from "../features/content/blocks.tsx";
import { CONTENT_PAGES } from "../features/content/pages.server.ts";
import { enquiryAction } from "../features/enquiries/action.server.ts";
import { EnquiryForm } from "../features/enquiries/enquiry-form.tsx";
import { absoluteUrl, pageMeta } from "../lib/seo.ts";
import type { Route } from "./+types/business";

/** /business (spec §2, in the shell): corporate accounts, and the enquiry form (issue 17). */
export function loader({ context }: Route.LoaderArgs) {
  const page = CONTENT_PAGES["/business"];
  return {
    page,
    seo: {
      title: page.title,
      description: page.description,
      canonical: absoluteUrl(context.origin, "/business"),
    },
  };
}

export const meta: Route.MetaFunction = ({ data }) => pageMeta(data?.seo);

export async function action({ request, context }: Route.ActionArgs) {
  return enquiryAction(request, context, "business");
}

export default function Business({ loaderData, actionData }: Route.ComponentProps) {
  const { page } = loaderData;
  return (
    <article className="page page--narrow content">
      <ContentHead page={page} />
      {page.blocks.map((block, i) => (
        <Block key={i} block={block} />
      ))}
      <EnquiryForm kind="business" title="Open a corporate account" result={actionData} />
    </article>
  );
}
