import { data, Form, useNavigation } from "react-router";
import { formatCount } from "#domain/number.ts";
import { FormError } from "../features/accounts/auth-layout.tsx";
import { CsrfField } from "../features/accounts/session.tsx";
import { CONSOLE_HANDLE, ConsoleBar, ConsoleRefused, consoleMeta } from "../features/console/console-bar.tsx";
import { useKeptActionData } from "../features/forms/kept-action-data.ts";
import { apiErrorMessage } from "../lib/api.ts";
import type { ApiAnswer, ApiShape } from "../lib/api-answers.ts";
import type { Route } from "./+types/console-loyalty";

export const handle = CONSOLE_HANDLE;

export const meta = consoleMeta("Loyalty");

type Customer = ApiAnswer<"getConsoleLoyaltyCustomer">;
type Giveaway = ApiShape<"Giveaway">;

/** /console/loyalty: staff look a customer up by email and adjust their points; administrators run the giveaway. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const email = url.searchParams.get("email")?.trim() ?? "";
  const giveaways = await context.api<ApiAnswer<"listGiveaways">>("/api/console/giveaways");
  const admin = giveaways.ok;
  let customer: Customer | null = null;
  let lookupError: string | null = null;
  let forbidden: string | null = null;
  if (email) {
    const res = await context.api<ApiAnswer<"getConsoleLoyaltyCustomer">>(
      `/api/console/loyalty/customer?email=${encodeURIComponent(email)}`,
    );
    if (res.ok) customer = res.data;
    else if (res.status === 403)
      forbidden = apiErrorMessage(res.data, "The store console is for store staff.");
    else lookupError = apiErrorMessage(res.data, "No customer has that email.");
  } else if (!admin && giveaways.status === 403) {
    const probe = await context.api("/api/console/loyalty/customer?email=probe%40example.com");
    if (probe.status === 403)
      forbidden = apiErrorMessage(probe.data, "The store console is for store staff.");
  }
  const status = forbidden ? 403 : 200;
  return data(
    { email, customer, lookupError, forbidden, admin, giveaways: admin ? giveaways.data.giveaways : [] },
    { status },
  );
}

type Said = { ok: boolean; section: string; message: string };

/** A datetime-local value, read as UTC (the form says so); text that is no date goes on for the API to refuse. */
function isoOrNull(v: string): string | null {
  if (!v) return null;
  const at = new Date(/[zZ]|[+-]\d\d:\d\d$/.test(v) ? v : `${v}Z`);
  return Number.isNaN(at.getTime()) ? v : at.toISOString();
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const f = (name: string) => String(form.get(name) ?? "").trim();
  const intent = f("intent");
  const section = intent === "adjust" ? "customer" : "giveaway";
  const say = (ok: boolean, message: string, status = 200) =>
    data<Said>({ ok, section, message }, { status });
  const call = async (path: string, method: "POST" | "PATCH", body: unknown, done: string) => {
    const res = await context.api(path, { method, body });
    if (!res.ok)
      return say(false, apiErrorMessage(res.data, "That did not work. Please try again."), res.status);
    return say(true, done);
  };
  const settings = () => ({
    title: f("title"),
    rules: f("rules"),
    active: f("active") === "on",
    entriesMultiplier: f("entriesMultiplier"),
    startsAt: isoOrNull(f("startsAt")),
    endsAt: isoOrNull(f("endsAt")),
  });
  switch (intent) {
    case "adjust": {
      const points = Number(f("points"));
      if (!Number.isInteger(points) || points === 0)
        return say(false, "Give a whole number of points to add, or a negative one to take.", 400);
      return call(
        `/api/console/loyalty/customer/${encodeURIComponent(f("id"))}/adjust`,
        "POST",
        { points, reason: f("reason") },
        `${points > 0 ? "Added" : "Took"} ${Math.abs(points)} points.`,
      );
    }
    case "giveaway_create":
      return call("/api/console/giveaways", "POST", settings(), `${f("title")} is saved.`);
    case "giveaway_update":
      return call(`/api/console/giveaways/${encodeURIComponent(f("id"))}`, "PATCH", settings(), "Saved.");
    case "giveaway_draw":
      return call(
        `/api/console/giveaways/${encodeURIComponent(f("id"))}/draw`,
        "POST",
        { publishedValue: f("publishedValue") },
        "The winner is drawn and recorded.",
      );
    default:
      return say(false, "Choose what to do.", 400);
  }
}

function Message({ said, section }: { said: Said | undefined; section: string }) {
  if (!said || said.section !== section) return null;
  return said.ok ? (
    <p className="form-message form-message--success" role="status">
      {said.message}
    </p>
  ) : (
    <FormError message={said.message} />
  );
}

/** A datetime-local input's value (UTC) from an ISO time. */
const localValue = (iso: string | null) => (iso ? iso.slice(0, 16) : "");

function GiveawayFields({ g }: { g?: Giveaway }) {
  const p = g ? `g-${g.id}` : "g-new";
  return (
    <>
      <label htmlFor={`${p}-title`}>Title</label>
      <input id={`${p}-title`} name="title" required minLength={3} maxLength={120} defaultValue={g?.title} />
      <label htmlFor={`${p}-multiplier`}>Entries per completed order (multiplier)</label>
      <input
        id={`${p}-multiplier`}
        name="entriesMultiplier"
        required
        defaultValue={g?.entriesMultiplier ?? "50"}
      />
      <label htmlFor={`${p}-starts`}>Starts (UTC, empty: now)</label>
      <input
        id={`${p}-starts`}
        name="startsAt"
        type="datetime-local"
        defaultValue={localValue(g?.startsAt ?? null)}
      />
      <label htmlFor={`${p}-ends`}>Ends (UTC, empty: until switched off)</label>
      <input
        id={`${p}-ends`}
        name="endsAt"
        type="datetime-local"
        defaultValue={localValue(g?.endsAt ?? null)}
      />
      <label htmlFor={`${p}-rules`}>Official rules</label>
      <textarea id={`${p}-rules`} name="rules" required rows={5} maxLength={20000} defaultValue={g?.rules} />
      <label className="console-check">
        <input name="active" type="checkbox" defaultChecked={g?.active ?? false} /> Switched on
      </label>
    </>
  );
}

export default function ConsoleLoyalty({ loaderData, actionData: answer }: Route.ComponentProps) {
  const actionData = useKeptActionData(answer);
  const { email, customer, lookupError, forbidden, admin, giveaways } = loaderData;
  const busy = useNavigation().state !== "idle";
  const said = actionData as Said | undefined;
  if (forbidden) return <ConsoleRefused title="Loyalty" message={forbidden} />;
  return (
    <div className="page page--narrow console">
      <ConsoleBar admin={admin} />
      <header className="page-head">
        <h1 className="page-head__title">Loyalty</h1>
        <p className="page-head__lead">A customer's points{admin ? " · the giveaway" : ""}</p>
      </header>

      <section className="console-section" aria-labelledby="customer-title">
        <h2 id="customer-title">Customer points</h2>
        <Form method="get" className="console-form" aria-label="Find a customer">
          <label htmlFor="customer-email">Customer's email</label>
          <input id="customer-email" name="email" type="email" required defaultValue={email} />
          <button type="submit" className="button">
            Find
          </button>
        </Form>
        {lookupError ? <FormError message={lookupError} /> : null}
        <Message said={said} section="customer" />
        {customer ? (
          <>
            <p>
              <strong>
                {customer.customer.firstname} {customer.customer.lastname}
              </strong>{" "}
              ({customer.customer.email}):{" "}
              <strong data-testid="console-points">{customer.loyalty.currentPoints}</strong> points,{" "}
              {customer.loyalty.currentStatus} ({customer.loyalty.lifetimePoints} lifetime)
            </p>
            {/* Keyed by the history: an adjustment done, the form comes back empty (no second one by a second tap). */}
            <Form
              key={customer.history.length}
              method="post"
              className="console-form"
              aria-label="Adjust points"
            >
              <CsrfField />
              <input type="hidden" name="intent" value="adjust" />
              <input type="hidden" name="id" value={customer.customer.id} />
              <label htmlFor="adjust-points">Points (negative to take)</label>
              <input
                id="adjust-points"
                name="points"
                type="number"
                step={1}
                required
                aria-describedby={customer.adjustAllowance ? "adjust-allowance" : undefined}
              />
              {customer.adjustAllowance ? (
                <p id="adjust-allowance" className="console-hint">
                  Up to {formatCount(customer.adjustAllowance.perAdjustment)} points at a time and{" "}
                  {formatCount(customer.adjustAllowance.perDay)} added in 24 hours (
                  {formatCount(customer.adjustAllowance.leftToday)} left); more needs an administrator.
                </p>
              ) : null}
              <label htmlFor="adjust-reason">Reason</label>
              <input id="adjust-reason" name="reason" required minLength={3} maxLength={300} />
              <button type="submit" className="button" disabled={busy}>
                Adjust
              </button>
            </Form>
            <ul className="console-list" aria-label="Points history">
              {customer.history.map((h) => (
                <li key={h.id}>
                  <strong>{h.points > 0 ? `+${h.points}` : h.points}</strong> <span>{h.kind}</span>{" "}
                  <span>{h.reason}</span> <span>{h.createdAt.slice(0, 10)}</span>
                  {h.staffId ? <span>by staff {h.staffId.slice(0, 8)}</span> : null}
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </section>

      {admin ? (
        <section className="console-section" id="giveaway" aria-labelledby="giveaway-title">
          <h2 id="giveaway-title">Giveaway</h2>
          <Message said={said} section="giveaway" />
          {giveaways.map((g) => (
            <article key={g.id} className="console-card" aria-label={g.title}>
              <h3>{g.title}</h3>
              <p>
                {g.running ? "Running" : "Not running"} · clients read:{" "}
                {g.config.isActive ? "active" : "inactive"}, multiplier {g.config.entriesMultiplier}
              </p>
              {g.draw ? (
                <p data-testid="giveaway-draw">
                  Winner: <strong>{g.draw.winnerName}</strong> (ticket {g.draw.ticket} of{" "}
                  {g.draw.totalEntries}), drawn {g.draw.drawnAt.slice(0, 16).replace("T", " ")} UTC from “
                  {g.draw.publishedValue}”; seed <code>{g.draw.seed}</code>
                </p>
              ) : (
                <>
                  <Form method="post" className="console-form" aria-label={`Change ${g.title}`}>
                    <CsrfField />
                    <input type="hidden" name="intent" value="giveaway_update" />
                    <input type="hidden" name="id" value={g.id} />
                    <GiveawayFields g={g} />
                    <button type="submit" className="button" disabled={busy}>
                      Save
                    </button>
                  </Form>
                  <Form method="post" className="console-form" aria-label={`Draw ${g.title}`}>
                    <CsrfField />
                    <input type="hidden" name="intent" value="giveaway_draw" />
                    <input type="hidden" name="id" value={g.id} />
                    <label htmlFor={`draw-${g.id}`}>
                      Published value (the seed is its sha256 with the giveaway's id)
                    </label>
                    <input id={`draw-${g.id}`} name="publishedValue" required minLength={3} maxLength={200} />
                    <button type="submit" className="button" disabled={busy}>
                      Draw the winner
                    </button>
                  </Form>
                </>
              )}
            </article>
          ))}
          <Form method="post" className="console-form" aria-label="New giveaway">
            <CsrfField />
            <input type="hidden" name="intent" value="giveaway_create" />
            <h3>New giveaway</h3>
            <GiveawayFields />
            <button type="submit" className="button button--primary" disabled={busy}>
              Create
            </button>
          </Form>
        </section>
      ) : null}
    </div>
  );
}
