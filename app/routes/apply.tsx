import { OPEN_ROLES } from "#domain/leads/forms.ts";
import { Block, ContentHead } from "../features/content/blocks.tsx";
import { CONTENT_PAGES } from "../features/content/pages.server.ts";
import { enquiryAction } from "../features/enquiries/action.server.ts";
import { EnquiryForm } from "../features/enquiries/enquiry-form.tsx";
import { useKeptActionData } from "../features/forms/kept-action-data.ts";
import { absoluteUrl, pageMeta } from "../lib/seo.ts";
import type { Route } from "./+types/apply";

/** /apply (/join redirects here): the job application; `?role=` (from /careers) chooses the role. */
export function loader({ request, context }: Route.LoaderArgs) {
  const page = CONTENT_PAGES["/apply"];
  const asked = new URL(request.url).searchParams.get("role") ?? "";
  return {
    page,
    role: OPEN_ROLES.some((r) => r.id === asked) ? asked : "",
    seo: {
      title: page.title,
      description: page.description,
      canonical: absoluteUrl(context.origin, "/apply"),
    },
  };
}

export const meta: Route.MetaFunction = ({ data }) => pageMeta(data?.seo);

export async function action({ request, context }: Route.ActionArgs) {
  return enquiryAction(request, context, "job");
}

export default function Apply({ loaderData, actionData: answer }: Route.ComponentProps) {
  const actionData = useKeptActionData(answer);
  const { page, role } = loaderData;
  return (
    <article className="page page--narrow content">
      <ContentHead page={page} />
      <EnquiryForm kind="job" title="Your application" result={actionData} initial={{ role }} />
      {page.blocks.map((block, i) => (
        <Block key={i} block={block} />
      ))}
    </article>
  );
}
