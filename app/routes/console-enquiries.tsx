import { data, Link } from "react-router";
import { ENQUIRY_KIND_LABELS, type EnquiryKind } from "#domain/leads/forms.ts";
import { CONSOLE_HANDLE, ConsoleBar, ConsoleRefused, consoleMeta } from "../features/console/console-bar.tsx";
import { apiErrorMessage } from "../lib/api.ts";
import type { ApiAnswer } from "../lib/api-answers.ts";
import type { Route } from "./+types/console-enquiries";

export const handle = CONSOLE_HANDLE;

export const meta = consoleMeta("Enquiries");

type Kind = "lead" | EnquiryKind;

const KINDS = Object.keys(ENQUIRY_KIND_LABELS) as Kind[];

const DETAIL_LABELS: Record<string, string> = {
  store_name: "Store",
  phone: "Phone",
  address: "Address",
  licence_number: "Licence",
  company: "Company",
  cities: "Cities",
  message: "Message",
  role: "Role",
  cover_note: "Cover note",
  page: "Page",
  times: "Times given",
};

/** /console/enquiries (administrators): leads, partner stores, business accounts, job applications, newest first. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const asked = url.searchParams.get("kind") as Kind | null;
  const kind = asked && KINDS.includes(asked) ? asked : null;
  const res = await context.api<ApiAnswer<"listConsoleEnquiries">>(
    `/api/console/enquiries${kind ? `?kind=${kind}` : ""}`,
  );
  if (res.status === 403)
    return data(
      { forbidden: apiErrorMessage(res.data, "Only administrators can do this."), entries: [], kind },
      { status: 403 },
    );
  if (!res.ok) throw new Response(null, { status: 500 });
  return { forbidden: null, entries: res.data.entries, kind };
}

const when = (iso: string) =>
  new Date(iso).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

export default function ConsoleEnquiries({ loaderData }: Route.ComponentProps) {
  const { forbidden, entries, kind } = loaderData;
  if (forbidden) return <ConsoleRefused title="Enquiries" message={forbidden} />;
  return (
    <div className="page page--narrow console">
      <ConsoleBar admin />
      <header className="page-head">
        <h1 className="page-head__title">Enquiries</h1>
        <p className="page-head__lead">
          {kind === null ? <strong>All</strong> : <Link to="/console/enquiries">All</Link>}
          {KINDS.map((k) => (
            <span key={k}>
              {" · "}
              {k === kind ? (
                <strong>{ENQUIRY_KIND_LABELS[k]}</strong>
              ) : (
                <Link to={`/console/enquiries?kind=${k}`}>{ENQUIRY_KIND_LABELS[k]}</Link>
              )}
            </span>
          ))}
        </p>
      </header>
      {entries.length === 0 ? <p>Nothing has arrived yet.</p> : null}
      <ol className="enquiries-list" aria-label="Enquiries, newest first">
        {entries.map((e) => (
          <li key={e.id} className="enquiries-list__item" data-kind={e.kind}>
            <div className="enquiries-list__head">
              <strong>{ENQUIRY_KIND_LABELS[e.kind]}</strong>
              <span>{e.name ? `${e.name} · ` : ""}</span>
              <a href={`mailto:${e.email}`}>{e.email}</a>
              <span>
                {when(e.createdAt)} UTC · {e.platform}
              </span>
            </div>
            {Object.keys(e.detail).length > 0 ? (
              <dl className="enquiries-list__detail">
                {Object.entries(e.detail)
                  .filter(([k]) => k !== "role_id")
                  .map(([k, v]) => (
                    <div key={k} className="enquiries-list__pair">
                      <dt>{DETAIL_LABELS[k] ?? k}</dt>
                      <dd>{v}</dd>
                    </div>
                  ))}
              </dl>
            ) : null}
          </li>
        ))}
      </ol>
    </div>
  );
}
