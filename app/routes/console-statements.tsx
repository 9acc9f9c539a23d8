import { data, Form, Link, redirect } from "react-router";
import { formatCents } from "#domain/money.ts";
import { formatCount } from "#domain/number.ts";
import { FormError } from "../features/accounts/auth-layout.tsx";
import { CsrfField } from "../features/accounts/session.tsx";
import { CONSOLE_HANDLE, ConsoleBar, consoleMeta } from "../features/console/console-bar.tsx";
import { StorePicker, storesForAdmin } from "../features/console/store-picker.tsx";
import { useKeptActionData } from "../features/forms/kept-action-data.ts";
import { apiErrorMessage } from "../lib/api.ts";
import type { ApiAnswer } from "../lib/api-answers.ts";
import type { Route } from "./+types/console-statements";

export const handle = CONSOLE_HANDLE;

export const meta = consoleMeta("Statements");

type Overview = ApiAnswer<"getConsoleStatements">;
type Statement = ApiAnswer<"getConsoleStatement">;
type Line = Statement["lines"][number];

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * /console/statements (issue 34 §3): what the store sold and is owed, week by week (Monday to Sunday in its time
 * zone) or for a day: each figure with the orders behind it, the CSV of the lines and of the orders, the closed weeks
 * and their payouts. Staff see their own store's; administrators choose the store, set its commission and may close
 * ended weeks at once. Works without JavaScript: links, GET forms, and forms posted to the action.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const storeId = url.searchParams.get("store_id") ?? "";
  const asked = url.searchParams.get("statement") ?? "";
  const day = url.searchParams.get("day")?.trim() ?? "";
  const stores = await storesForAdmin(context.api);
  const query = new URLSearchParams();
  if (storeId) query.set("store_id", storeId);
  const base = { stores, storeId, day };
  const empty = { overview: null, statement: null, problem: null };
  const res = await context.api<Overview>(`/api/console/statements?${query}`);
  if (res.status === 403 || res.status === 404)
    return data(
      { ...base, ...empty, forbidden: apiErrorMessage(res.data, "The store console is for store staff.") },
      { status: res.status },
    );
  // An administrator who has not chosen a store yet sees the picker.
  if (res.status === 400) return { ...base, ...empty, forbidden: null };
  if (!res.ok) throw new Response(null, { status: 500 });
  const overview = res.data;
  let statement: Statement = overview.current;
  let problem: string | null = null;
  if (day) {
    const q = new URLSearchParams(query);
    q.set("date", day);
    const d = await context.api<Statement>(`/api/console/statements/day?${q}`);
    if (d.ok) statement = d.data;
    else
      problem = DAY.test(day)
        ? apiErrorMessage(d.data, "That day could not be read.")
        : "Give the day as a date.";
  } else if (asked && asked !== "current") {
    const s = await context.api<Statement>(`/api/console/statements/${encodeURIComponent(asked)}?${query}`);
    if (s.status === 404) problem = apiErrorMessage(s.data, "No statement of this store has that id.");
    else if (!s.ok) throw new Response(null, { status: 500 });
    else statement = s.data;
  }
  return data(
    { ...base, overview, statement, problem, forbidden: null },
    { status: problem && !day ? 404 : problem ? 400 : 200 },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const f = (name: string) => String(form.get(name) ?? "").trim();
  const storeId = f("store_id");
  const fail = (message: string, status: number) =>
    data({ message, done: null as string | null }, { status });
  const intent = f("intent");
  if (intent === "terms") {
    const percent = Number(f("commission_percent"));
    const perOrder = Number(f("commission_per_order"));
    if (!/^\d{1,3}(\.\d{1,4})?$/.test(f("commission_percent")) || percent > 100)
      return fail("Give the commission as a percentage from 0 to 100, such as 15 or 12.5.", 400);
    if (!/^\d{1,4}(\.\d{1,2})?$/.test(f("commission_per_order")))
      return fail("Give the amount per order in dollars, such as 0.50.", 400);
    const res = await context.api("/api/console/statements/terms", {
      method: "PUT",
      body: {
        store_id: storeId,
        commission_ppm: Math.round(percent * 10_000),
        commission_per_order: Math.round(perOrder * 100),
      },
    });
    if (!res.ok)
      return fail(apiErrorMessage(res.data, "The commission was not saved. Please try again."), res.status);
    return { message: null, done: "The commission is saved. It applies to the weeks closed from now on." };
  }
  if (intent === "close") {
    const res = await context.api<ApiAnswer<"closeConsoleStatements">>("/api/console/statements/close", {
      method: "POST",
      body: { store_id: storeId },
    });
    if (!res.ok)
      return fail(apiErrorMessage(res.data, "The weeks were not closed. Please try again."), res.status);
    const n = res.data.closed.length;
    return {
      message: null,
      done:
        n === 0
          ? "No ended week was left to close."
          : `${formatCount(n)} ${n === 1 ? "week" : "weeks"} closed.`,
    };
  }
  if (intent === "payouts") {
    const res = await context.api<ApiAnswer<"openConsolePayoutAccount">>(
      "/api/console/statements/payout-account",
      {
        method: "POST",
        body: storeId ? { store_id: storeId } : {},
      },
    );
    if (!res.ok)
      return fail(
        apiErrorMessage(res.data, "The payout account was not set up. Please try again."),
        res.status,
      );
    // Stripe's onboarding: the store's staff finish there and come back to this page.
    if (res.data.url) throw redirect(res.data.url);
    return { message: null, done: "Payouts are set up: each closed week is paid to this account." };
  }
  return fail("That is not something this page does.", 400);
}

const money = (cents: number) => formatCents(cents, true);

/** The lines by what they are, in the order the store reads them. */
const GROUPS: { title: string; hint: string; keys: (l: Line) => boolean }[] = [
  {
    title: "What the store sold",
    hint: "Charged to shoppers when their orders were captured, and by charges after (substitutions, tips).",
    keys: (l) => ["merchandise", "delivery_fees", "tips", "taxes", "donations"].includes(l.category),
  },
  {
    title: "Promos and credit",
    hint: "Taken off shoppers' bills. Nightcap pays for what it funds; the store's own promos come off its sales.",
    keys: (l) => l.category === "promos" || l.category === "credit",
  },
  {
    title: "Refunds",
    hint: "Given back to shoppers, by reason.",
    keys: (l) => l.category === "refunds",
  },
  {
    title: "What Nightcap keeps",
    hint: "The commission on goods sold (net of refunds and the store's promos), and the card processor's fees.",
    keys: (l) => l.category === "commission" || l.category === "processing_fees",
  },
];

function LineRow({ line }: { line: Line }) {
  return (
    <tr data-testid={`line-${line.key}`}>
      <th scope="row">{line.label}</th>
      <td className="console-table__num">{money(line.cents)}</td>
      <td>
        {line.orders.length === 0 ? (
          <span className="console-hint">No orders</span>
        ) : (
          <details>
            <summary>
              {formatCount(line.orders.length)} {line.orders.length === 1 ? "order" : "orders"}
            </summary>
            <ul className="console-statement__orders">
              {line.orders.map((o) => (
                <li key={o.order_id}>
                  <Link to={`/console/orders/${o.order_id}`}>Order {o.order_number ?? o.order_id}</Link>:{" "}
                  {money(o.cents)}
                </li>
              ))}
            </ul>
          </details>
        )}
      </td>
    </tr>
  );
}

const payoutWords = (p: NonNullable<Statement["payout"]>) =>
  p.status === "paid"
    ? `Paid ${money(p.amount)}${p.paid_at ? ` on ${new Date(p.paid_at).toLocaleDateString("en-US", { dateStyle: "medium" })}` : ""}`
    : p.status === "nothing_due"
      ? "Nothing to pay"
      : p.status === "failed"
        ? `Not paid: ${p.failure ?? "the payout was refused"}`
        : p.failure
          ? `Waiting: ${p.failure}`
          : "Being paid";

export default function ConsoleStatements({ loaderData, actionData: answer }: Route.ComponentProps) {
  const actionData = useKeptActionData(answer);
  const { forbidden, problem, overview, statement, stores, storeId, day } = loaderData;
  const admin = stores !== null;
  const here = (over: Record<string, string>) => {
    const p = new URLSearchParams();
    if (storeId) p.set("store_id", storeId);
    for (const [k, v] of Object.entries(over)) p.set(k, v);
    const q = p.toString();
    return q ? `/console/statements?${q}` : "/console/statements";
  };
  const store = storeId ? <input type="hidden" name="store_id" value={storeId} /> : null;
  const csvQuery = storeId ? `?store_id=${encodeURIComponent(storeId)}` : "";
  const csvId = statement?.kind === "week" ? (statement.id ?? "current") : null;
  const net = statement?.lines.find((l) => l.key === "net_payable");
  return (
    <div className="page console">
      <ConsoleBar admin={admin} />
      <header className="page-head">
        <h1 className="page-head__title">Statements</h1>
        <p className="page-head__lead">
          {overview ? `${overview.store.name} · ` : null}
          What the store sold and what it is owed, week by week (Monday to Sunday, in the store's time zone).
          A week closes once it has ended and is then paid; a refund made after its week closed counts in the
          next one.
        </p>
      </header>
      {forbidden ? (
        <p className="form-message form-message--error" role="alert">
          {forbidden}
        </p>
      ) : null}
      {stores ? <StorePicker stores={stores} current={overview?.store.id ?? (storeId || null)} /> : null}
      {actionData?.done ? (
        <p className="form-message" role="status">
          {actionData.done}
        </p>
      ) : null}
      <FormError message={actionData?.message ?? null} />
      {overview ? (
        <section className="console-section" aria-labelledby="periods-title">
          <h2 id="periods-title">Periods</h2>
          <p className="console-paging">
            <Link
              to={here({})}
              aria-current={statement?.status === "open" && statement.kind === "week" ? "page" : undefined}
            >
              This week ({overview.current.period.label})
            </Link>
          </p>
          {overview.past.length === 0 ? (
            <p className="console-hint">No week has closed yet.</p>
          ) : (
            <div className="console-table-wrap">
              <table className="console-table" data-testid="past-statements">
                <caption className="visually-hidden">Closed weeks, newest first</caption>
                <thead>
                  <tr>
                    <th scope="col">Week</th>
                    <th scope="col" className="console-table__num">
                      Net payable
                    </th>
                    <th scope="col">Payout</th>
                  </tr>
                </thead>
                <tbody>
                  {overview.past.map((p) => (
                    <tr key={p.id}>
                      <th scope="row">
                        <Link
                          to={here({ statement: p.id })}
                          aria-current={statement?.id === p.id ? "page" : undefined}
                        >
                          {p.period.label}
                        </Link>
                      </th>
                      <td className="console-table__num">{money(p.net_payable)}</td>
                      <td>{p.payout ? payoutWords(p.payout) : "Not paid yet"}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <Form method="get" className="console-search" aria-label="Read one day">
            {store}
            <label>
              Day
              <input type="date" name="day" required defaultValue={day} />
            </label>
            <button type="submit" className="button">
              Show the day
            </button>
          </Form>
          <FormError message={problem} />
        </section>
      ) : null}
      {overview && statement && !problem ? (
        <section
          // Another statement is another section: its lists of orders start closed.
          key={`${statement.kind} ${statement.id ?? statement.period.from}`}
          className="console-section"
          aria-labelledby="statement-title"
          data-testid="statement"
        >
          <h2 id="statement-title">
            {statement.kind === "day" ? "The day " : "The week "}
            {statement.period.label}
          </h2>
          <p className="console-hint">
            {statement.status === "closed"
              ? `Closed ${statement.closed_at ? new Date(statement.closed_at).toLocaleDateString("en-US", { dateStyle: "medium" }) : ""}: these figures never change.`
              : statement.kind === "day"
                ? "What happened that day. Its week's statement may also carry refunds made after an earlier week closed."
                : "Open: the figures change as orders are captured and refunded until the week ends."}{" "}
            {formatCount(statement.orders)} {statement.orders === 1 ? "order" : "orders"}.
            {statement.late_events > 0
              ? ` Includes ${formatCount(statement.late_events)} ${statement.late_events === 1 ? "refund or charge" : "refunds or charges"} of a closed week, made after it closed.`
              : ""}
          </p>
          <p className="console-statement__net" data-testid="net-payable">
            {net && net.cents < 0 ? "The store owes " : "Net payable to the store: "}
            <strong>{money(Math.abs(statement.net_payable))}</strong>
            {statement.payout ? ` · ${payoutWords(statement.payout)}` : null}
          </p>
          {GROUPS.map((g) => {
            const lines = statement.lines.filter(g.keys);
            if (lines.length === 0) return null;
            return (
              <div className="console-table-wrap" key={g.title}>
                <table className="console-table console-statement">
                  <caption>
                    {g.title}
                    <span className="console-hint"> · {g.hint}</span>
                  </caption>
                  <thead>
                    <tr>
                      <th scope="col">Figure</th>
                      <th scope="col" className="console-table__num">
                        Amount
                      </th>
                      <th scope="col">Orders behind it</th>
                    </tr>
                  </thead>
                  <tbody>
                    {lines.map((l) => (
                      <LineRow key={l.key} line={l} />
                    ))}
                  </tbody>
                </table>
              </div>
            );
          })}
          <p className="console-hint">
            Net payable: goods sold, delivery fees and tips the store keeps, less its own promos, the refunds
            of those, Nightcap's commission ({formatCount(statement.terms.commission_ppm / 10_000)}% of goods
            {statement.terms.commission_per_order > 0
              ? ` and ${money(statement.terms.commission_per_order)} an order`
              : ""}
            ) and card processing ({formatCount(statement.terms.processing_ppm / 10_000)}% +{" "}
            {money(statement.terms.processing_fixed)} a charge). Taxes are remitted by Nightcap; round-ups go
            to their charity; Nightcap pays for the promos and credit it funds.
          </p>
          {csvId ? (
            <p className="console-paging">
              <a className="button" href={`/api/console/statements/${csvId}/lines.csv${csvQuery}`} download>
                Download the statement (CSV)
              </a>
              <a className="button" href={`/api/console/statements/${csvId}/orders.csv${csvQuery}`} download>
                Download its orders (CSV)
              </a>
            </p>
          ) : null}
        </section>
      ) : null}
      {overview ? (
        <section className="console-section" aria-labelledby="payouts-title">
          <h2 id="payouts-title">Payouts</h2>
          <p className="console-hint">
            {overview.payout_account.account_id
              ? `Closed weeks are paid to the store's account (${overview.payout_account.provider === "stripe" ? "Stripe" : "sandbox"} ${overview.payout_account.account_id}).`
              : overview.payout_account.provider === "stripe"
                ? "Set up the store's Stripe account to be paid: Stripe asks for the store's bank details."
                : "Closed weeks are paid to the store's sandbox account: nothing leaves this machine."}
          </p>
          <Form method="post">
            <CsrfField />
            {store}
            <input type="hidden" name="intent" value="payouts" />
            <button type="submit" className="button">
              {overview.payout_account.account_id ? "Update the payout account" : "Set up payouts"}
            </button>
          </Form>
        </section>
      ) : null}
      {overview && admin ? (
        <section className="console-section" aria-labelledby="terms-title">
          <h2 id="terms-title">Commission</h2>
          <p className="console-hint">
            {overview.terms.default ? "This store has Nightcap's default commission. " : null}
            Changes apply to the weeks closed from now on; closed weeks keep theirs.
          </p>
          <Form method="post" className="console-search" aria-label="The store's commission">
            <CsrfField />
            {store}
            <input type="hidden" name="intent" value="terms" />
            <label>
              Percentage of goods sold
              <input
                name="commission_percent"
                inputMode="decimal"
                required
                defaultValue={String(overview.terms.commission_ppm / 10_000)}
              />
            </label>
            <label>
              Per order ($)
              <input
                name="commission_per_order"
                inputMode="decimal"
                required
                defaultValue={(overview.terms.commission_per_order / 100).toFixed(2)}
              />
            </label>
            <button type="submit" className="button">
              Save the commission
            </button>
          </Form>
          <Form method="post">
            <CsrfField />
            {store}
            <input type="hidden" name="intent" value="close" />
            <button type="submit" className="button button--ghost">
              Close ended weeks now
            </button>
          </Form>
        </section>
      ) : null}
    </div>
  );
}
