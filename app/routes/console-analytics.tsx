import { data } from "react-router";
import { formatCount } from "#domain/number.ts";
import { CONSOLE_HANDLE, ConsoleBar, ConsoleRefused, consoleMeta } from "../features/console/console-bar.tsx";
import { apiErrorMessage } from "../lib/api.ts";
import type { ApiAnswer } from "../lib/api-answers.ts";
import type { Route } from "./+types/console-analytics";

export const handle = CONSOLE_HANDLE;

export const meta = consoleMeta("Analytics");

/** /console/analytics (administrators): the funnel by day and the searches that found nothing. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const days = Number(url.searchParams.get("days") ?? 14);
  const res = await context.api<ApiAnswer<"getConsoleAnalytics">>(
    `/api/console/analytics?days=${Number.isInteger(days) ? days : 14}`,
  );
  if (!res.ok) {
    const message = apiErrorMessage(res.data, "The analytics are for administrators.");
    return data({ analytics: null, forbidden: message }, { status: res.status === 400 ? 400 : 403 });
  }
  return { analytics: res.data, forbidden: null };
}

const percent = (rate: number) => `${Math.round(rate * 100)}%`;

export default function ConsoleAnalytics({ loaderData }: Route.ComponentProps) {
  const { analytics, forbidden } = loaderData;
  if (!analytics) return <ConsoleRefused title="Analytics" message={forbidden} />;
  const { steps, funnel, zeroResultSearches, days } = analytics;
  return (
    <div className="page console">
      <ConsoleBar admin />
      <header className="page-head">
        <h1 className="page-head__title">Analytics</h1>
        <p className="page-head__lead">
          The last {days} days (UTC): distinct visitors at each step of the funnel, and what shoppers searched
          for without finding anything.
        </p>
      </header>

      <section className="console-section" aria-labelledby="funnel-title">
        <h2 id="funnel-title">Funnel by day</h2>
        {funnel.length === 0 ? (
          <p>No visits yet.</p>
        ) : (
          <div className="console-table-wrap">
            <table className="console-table" data-testid="funnel">
              <caption className="visually-hidden">
                Distinct visitors per day at each step, with each step's share of the step before
              </caption>
              <thead>
                <tr>
                  <th scope="col">Day</th>
                  {steps.map((s) => (
                    <th scope="col" key={s.key}>
                      {s.label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {funnel.map((d) => (
                  <tr key={d.day} data-day={d.day}>
                    <th scope="row">{d.day}</th>
                    {d.counts.map((count, i) => (
                      <td key={steps[i]?.key ?? i} data-step={steps[i]?.key}>
                        <span className="funnel-count">{formatCount(count)}</span>
                        {i > 0 ? <span className="funnel-rate"> ({percent(d.rates[i])})</span> : null}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <section className="console-section" aria-labelledby="zero-title">
        <h2 id="zero-title">Searches that found nothing</h2>
        {zeroResultSearches.length === 0 ? (
          <p>None: every search found something.</p>
        ) : (
          <div className="console-table-wrap">
            <table className="console-table" data-testid="zero-result-searches">
              <thead>
                <tr>
                  <th scope="col">Search</th>
                  <th scope="col">Times</th>
                  <th scope="col">Visitors</th>
                  <th scope="col">Last (UTC)</th>
                </tr>
              </thead>
              <tbody>
                {zeroResultSearches.map((s) => (
                  <tr key={s.query}>
                    <th scope="row">{s.query}</th>
                    <td>{formatCount(s.searches)}</td>
                    <td>{formatCount(s.visitors)}</td>
                    <td>{s.lastAt.slice(0, 16).replace("T", " ")}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}
