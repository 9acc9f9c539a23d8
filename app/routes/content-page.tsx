import { entriesForOrder } from "#domain/loyalty/giveaway.ts";
import { Block, Inline } from "../features/content/blocks.tsx";
import { CONTENT_PAGES } from "../features/content/pages.server.ts";
import type { ApiAnswer } from "../lib/api-answers.ts";
import { notFound } from "../lib/loader-errors.ts";
import { absoluteUrl, pageMeta } from "../lib/seo.ts";
import type { SharedPageHandle } from "../lib/shared-page.ts";
import type { Route } from "./+types/content-page";

/** The giveaway's configuration (GET /giveaway/config) and, signed in, the shopper's entries in it. */
type RunningGiveaway = ApiAnswer<"getGiveawayConfig"> & { entries: number | null };

/** /sweepstakes-rules shows the giveaway's own rules above the standing ones when administrators set one. */
async function giveawayFor(context: Route.LoaderArgs["context"]): Promise<RunningGiveaway | null> {
  const config = await context.api<ApiAnswer<"getGiveawayConfig">>("/giveaway/config");
  if (!config.ok || !config.data.giveaway) return null;
  const mine = await context.api<ApiAnswer<"getLoyalty">>("/me/loyalty");
  const id = config.data.giveaway.id;
  const entries = mine.ok
    ? (mine.data.giveaway.entries.find((e) => e.giveawayId === id)?.entries ?? 0)
    : null;
  return { ...config.data, entries };
}

/** /sweepstakes-rules shows the signed-in shopper's own entries: rendered for each shopper. */
export const handle: SharedPageHandle = {
  sharedPage: (pathname) => !pathname.startsWith("/sweepstakes-rules"),
};
export async function loader({ request, context }: Route.LoaderArgs) {
  const path = new URL(request.url).pathname.replace(/\/+$/, "");
  const page = CONTENT_PAGES[path];
  if (!page) notFound();
  return {
    page,
    giveaway: path === "/sweepstakes-rules" ? await giveawayFor(context) : null,
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

const whenText = (iso: string) =>
  new Date(iso).toLocaleDateString("en-US", {
    year: "numeric",
    month: "long",
    day: "numeric",
    timeZone: "UTC",
  });

function CurrentGiveaway({ g }: { g: RunningGiveaway }) {
  if (!g.giveaway) return null;
  const { title, rules, startsAt, endsAt } = g.giveaway;
  return (
    <section className="content-giveaway" aria-labelledby="current-giveaway">
      <h2 id="current-giveaway">{title}</h2>
      <p>
        {g.isActive ? "Running now" : "Not running right now"}
        {startsAt ? ` · from ${whenText(startsAt)}` : ""}
        {endsAt ? ` · until ${whenText(endsAt)}` : ""} · each order delivered during the entry period earns{" "}
        {entriesForOrder({ isActive: true, entriesMultiplier: g.entriesMultiplier })} entries.
      </p>
      {g.entries !== null ? (
        <p>
          Your entries: <strong data-testid="sweepstakes-entries">{g.entries}</strong>
        </p>
      ) : null}
      {rules.split(/\n\s*\n/).map((para, i) => (
        <p key={i}>{para}</p>
      ))}
    </section>
  );
}

export default function ContentPageRoute({ loaderData }: Route.ComponentProps) {
  const { page, giveaway } = loaderData;
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
      {giveaway ? <CurrentGiveaway g={giveaway} /> : null}
      {page.blocks.map((block, i) => (
        <Block key={i} block={block} />
      ))}
    </article>
  );
}
