import { Block, ContentHead } from "../features/content/blocks.tsx";
import { CONTENT_PAGES } from "../features/content/pages.server.ts";
import { enquiryAction } from "../features/enquiries/action.server.ts";
import { EnquiryForm } from "../features/enquiries/enquiry-form.tsx";
import { useKeptActionData } from "../features/forms/kept-action-data.ts";
import { absoluteUrl, pageMeta } from "../lib/seo.ts";
import type { Route } from "./+types/enquiry-page";

/** The pages whose text ends in an enquiry form (spec §2, in the shell; issue 17), by path. */
const ENQUIRY_PAGES = {
  /** Selling on Nightcap, and the partner application. */
  "/retailers": { kind: "partner", form: "Apply to become a partner store" },
  /** Corporate accounts, and the enquiry form. */
  "/business": { kind: "business", form: "Open a corporate account" },
} as const;

type EnquiryPath = keyof typeof ENQUIRY_PAGES;

const enquiryOf = (request: Request) => {
  const path = new URL(request.url).pathname.replace(/\/$/, "") as EnquiryPath;
  const enquiry = ENQUIRY_PAGES[path];
  if (!enquiry) throw new Response(null, { status: 404 });
  return { path, ...enquiry };
};

export function loader({ request, context }: Route.LoaderArgs) {
  const { path, kind, form } = enquiryOf(request);
  const page = CONTENT_PAGES[path];
  return {
    page,
    kind,
    form,
    seo: { title: page.title, description: page.description, canonical: absoluteUrl(context.origin, path) },
  };
}

export const meta: Route.MetaFunction = ({ data }) => pageMeta(data?.seo);

export async function action({ request, context }: Route.ActionArgs) {
  return enquiryAction(request, context, enquiryOf(request).kind);
}

export default function EnquiryPage({ loaderData, actionData: answer }: Route.ComponentProps) {
  const actionData = useKeptActionData(answer);
  const { page, kind, form } = loaderData;
  return (
    <article className="page page--narrow content">
      <ContentHead page={page} />
      {page.blocks.map((block, i) => (
        <Block key={i} block={block} />
      ))}
      <EnquiryForm kind={kind} title={form} result={actionData} />
    </article>
  );
}
