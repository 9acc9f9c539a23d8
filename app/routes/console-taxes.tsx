import { data, Form, Link } from "react-router";
import { addDays, isoDate, type LocalDate, localDateOf } from "#domain/availability/hours.ts";
import { formatCents } from "#domain/money.ts";
import { formatCount } from "#domain/number.ts";
import { monthPeriod, type TaxPeriod } from "#domain/tax/report.ts";
import { FormError } from "../features/accounts/auth-layout.tsx";
import { CONSOLE_HANDLE, ConsoleBar, consoleMeta } from "../features/console/console-bar.tsx";
import { StorePicker, storesForAdmin } from "../features/console/store-picker.tsx";
import { apiErrorMessage } from "../lib/api.ts";
import type { ApiAnswer } from "../lib/api-answers.ts";
import type { Route } from "./+types/console-taxes";

export const handle = CONSOLE_HANDLE;

export const meta = consoleMeta("Taxes");

type Report = ApiAnswer<"getConsoleTaxReport">;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const MONTH = /^(\d{4})-(\d{2})$/;

function dayOf(text: string): LocalDate | null {
  const m = DAY.exec(text);
  return m ? { year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) } : null;
}

/**
 * The period the page asks for: `month=2026-11`, or `from` and `through` (both days included, as a person picks them),
 * or nothing (the API's default: this month in the store's time zone). A day that is not one goes to the API as it
 * is, which says what is wrong.
 */
function askedPeriod(url: URL): { from: string; to: string } | null {
  const month = MONTH.exec(url.searchParams.get("month") ?? "");
  if (month) return monthPeriod(Number(month[1]), Number(month[2]));
  const from = url.searchParams.get("from")?.trim() ?? "";
  const through = url.searchParams.get("through")?.trim() ?? "";
  if (!from && !through) return null;
  const last = dayOf(through);
  return { from, to: last ? isoDate(addDays(last, 1)) : through };
}

const monthLabel = (period: TaxPeriod) =>
  new Date(`${period.from}T12:00:00Z`).toLocaleDateString("en-US", {
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  });

/**
 * /console/taxes (issue 33 §1): the store's tax of a period by jurisdiction and tax type, to file: charged, refunded
 * and net, with the CSV to download. Staff see their own store's; administrators choose the store.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const storeId = url.searchParams.get("store_id") ?? "";
  const asked = askedPeriod(url);
  const stores = await storesForAdmin(context.api);
  const query = new URLSearchParams();
  if (storeId) query.set("store_id", storeId);
  if (asked) {
    query.set("from", asked.from);
    query.set("to", asked.to);
  }
  const res = await context.api<Report>(`/api/console/taxes?${query}`);
  const base = {
    stores,
    storeId,
    from: url.searchParams.get("from") ?? "",
    through: url.searchParams.get("through") ?? "",
  };
  if (res.status === 403 || res.status === 404)
    return data(
      {
        ...base,
        forbidden: apiErrorMessage(res.data, "The store console is for store staff."),
        problem: null,
        report: null,
        csv: null,
        months: null,
      },
      { status: res.status },
    );
  if (res.status === 400) {
    // An administrator who has not chosen a store yet sees the picker; a bad period is said as the API says it.
    const problem = storeId || !stores ? apiErrorMessage(res.data, "Choose the period again.") : null;
    return data(
      { ...base, forbidden: null, problem, report: null, csv: null, months: null },
      { status: problem ? 400 : 200 },
    );
  }
  if (!res.ok) throw new Response(null, { status: 500 });
  const report = res.data;
  const csv = new URLSearchParams({ from: report.period.from, to: report.period.to });
  if (storeId) csv.set("store_id", storeId);
  const today = localDateOf(new Date(), report.store.time_zone);
  const thisMonth = monthPeriod(today.year, today.month);
  const previous =
    today.month === 1 ? monthPeriod(today.year - 1, 12) : monthPeriod(today.year, today.month - 1);
  return {
    ...base,
    forbidden: null,
    problem: null,
    report,
    csv: `/api/console/taxes.csv?${csv}`,
    months: { thisMonth, previous },
  };
}

export default function ConsoleTaxes({ loaderData }: Route.ComponentProps) {
  const { forbidden, problem, report, csv, months, stores, storeId, from, through } = loaderData;
  const here = (over: Record<string, string>) => {
    const p = new URLSearchParams();
    if (storeId) p.set("store_id", storeId);
    for (const [k, v] of Object.entries(over)) p.set(k, v);
    const q = p.toString();
    return q ? `/console/taxes?${q}` : "/console/taxes";
  };
  const money = (cents: number) => formatCents(cents, true);
  const period = report?.period;
  const isMonth = (m: TaxPeriod | undefined) => !!m && period?.from === m.from && period?.to === m.to;
  return (
    <div className="page console">
      <ConsoleBar admin={stores !== null} />
      <header className="page-head">
        <h1 className="page-head__title">Taxes</h1>
        <p className="page-head__lead">
          {report ? `${report.store.name} · ` : null}
          Tax charged on orders, by jurisdiction and tax type, for filing. Orders count on the day they were
          placed, refunds on the day they were made (the store's time zone), so a filed month never changes.
        </p>
      </header>
      {forbidden ? (
        <p className="form-message form-message--error" role="alert">
          {forbidden}
        </p>
      ) : null}
      {stores ? <StorePicker stores={stores} current={report?.store.id ?? (storeId || null)} /> : null}
      {forbidden || (stores && !report && !problem) ? null : (
        <section className="console-section" aria-labelledby="tax-period-title">
          <h2 id="tax-period-title">Period</h2>
          {months ? (
            <p className="console-paging">
              <Link to={here({})} aria-current={isMonth(months.thisMonth) ? "page" : undefined}>
                This month ({monthLabel(months.thisMonth)})
              </Link>
              <Link
                to={here({ month: months.previous.from.slice(0, 7) })}
                aria-current={isMonth(months.previous) ? "page" : undefined}
              >
                Previous month ({monthLabel(months.previous)})
              </Link>
            </p>
          ) : null}
          <Form method="get" className="console-search" aria-label="Choose the days">
            {storeId ? <input type="hidden" name="store_id" value={storeId} /> : null}
            <label>
              From
              <input type="date" name="from" required defaultValue={from || period?.from} />
            </label>
            <label>
              Through
              <input type="date" name="through" required defaultValue={through || period?.last_day} />
            </label>
            <button type="submit" className="button">
              Show
            </button>
          </Form>
          <FormError message={problem} />
        </section>
      )}
      {report && period ? (
        <section className="console-section" aria-labelledby="tax-rows-title">
          <h2 id="tax-rows-title">
            {period.from} to {period.last_day}
          </h2>
          <p className="console-hint" data-testid="tax-orders">
            {formatCount(report.orders.delivered)} delivered, {formatCount(report.orders.undelivered)} ended
            undelivered (all their tax given back), {formatCount(report.orders.open)} not ended yet
            {report.orders.open > 0 ? " (their figures may still change)" : ""}.
          </p>
          {report.rows.length === 0 ? (
            <p>No tax was charged on orders placed in this period.</p>
          ) : (
            <div className="console-table-wrap">
              <table className="console-table" data-testid="tax-report">
                <caption className="visually-hidden">
                  Tax charged, refunded and net by jurisdiction and tax type
                </caption>
                <thead>
                  <tr>
                    <th scope="col">Jurisdiction</th>
                    <th scope="col">Tax</th>
                    <th scope="col" className="console-table__num">
                      Orders
                    </th>
                    <th scope="col" className="console-table__num">
                      Charged
                    </th>
                    <th scope="col" className="console-table__num">
                      Refunded
                    </th>
                    <th scope="col" className="console-table__num">
                      Net
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {report.rows.map((r) => (
                    <tr key={`${r.jurisdiction} ${r.tax_type}`}>
                      <th scope="row">{r.jurisdiction_name}</th>
                      <td>{r.tax_type}</td>
                      <td className="console-table__num">{formatCount(r.orders)}</td>
                      <td className="console-table__num">{money(r.charged)}</td>
                      <td className="console-table__num">{money(r.refunded)}</td>
                      <td className="console-table__num">{money(r.net)}</td>
                    </tr>
                  ))}
                </tbody>
                <tfoot>
                  <tr>
                    <th scope="row" colSpan={2}>
                      Total
                    </th>
                    <td className="console-table__num">{formatCount(report.total.orders)}</td>
                    <td className="console-table__num">{money(report.total.charged)}</td>
                    <td className="console-table__num">{money(report.total.refunded)}</td>
                    <td className="console-table__num" data-testid="tax-net">
                      {money(report.total.net)}
                    </td>
                  </tr>
                </tfoot>
              </table>
            </div>
          )}
          {csv ? (
            <p>
              <a className="button" href={csv} download={report.file_name}>
                Download CSV
              </a>
            </p>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}
