import { data, Form, useNavigation } from "react-router";
import { FormError } from "../features/accounts/auth-layout.tsx";
import { CsrfField } from "../features/accounts/session.tsx";
import { CONSOLE_HANDLE, ConsoleBar, ConsoleRefused, consoleMeta } from "../features/console/console-bar.tsx";
import { useKeptActionData } from "../features/forms/kept-action-data.ts";
import { apiErrorMessage } from "../lib/api.ts";
import type { ApiAnswer } from "../lib/api-answers.ts";
import type { Route } from "./+types/console-id-checks";

export const handle = CONSOLE_HANDLE;

export const meta = consoleMeta("ID checks");

type CustomerChecks = ApiAnswer<"getConsoleAgeChecks">;

const STANDING: Record<CustomerChecks["standing"], string> = {
  verified: "Verified: their ID check holds.",
  locked: "Locked: an ID check found them under 21, and a new scan cannot lift it.",
  open: "Not verified now: their next scan at checkout decides.",
};

/**
 * /console/id-checks (docs/adr/0051-console-safeguards.md): staff look up a customer's ID checks by email to answer
 * them; an administrator clears an under-age refusal that locks the account, with a reason (audited).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const email = url.searchParams.get("email")?.trim() ?? "";
  const session = await context.api<ApiAnswer<"getSession">>("/auth/session");
  const user = session.ok ? session.data.user : null;
  if (user?.role !== "store_staff" && user?.role !== "admin")
    return data(
      {
        forbidden: "The store console is for store staff.",
        email,
        found: null,
        lookupError: null,
        admin: false,
      },
      { status: 403 },
    );
  let found: CustomerChecks | null = null;
  let lookupError: string | null = null;
  if (email) {
    const res = await context.api<ApiAnswer<"getConsoleAgeChecks">>(
      `/api/console/age/customer?email=${encodeURIComponent(email)}`,
    );
    if (res.ok) found = res.data;
    else lookupError = apiErrorMessage(res.data, "No customer has that email.");
  }
  return { forbidden: null, email, found, lookupError, admin: user.role === "admin" };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const id = String(form.get("id") ?? "");
  const reason = String(form.get("reason") ?? "").trim();
  const res = await context.api<ApiAnswer<"clearAgeRefusal">>(
    `/api/console/age/customer/${encodeURIComponent(id)}/clear`,
    { method: "POST", body: { reason } },
  );
  if (res.ok) return { ok: true, message: "Cleared: the customer can scan their ID again at checkout." };
  const message =
    res.status === 400
      ? "Give the reason for clearing it (at least 3 characters)."
      : apiErrorMessage(res.data, "That did not work. Please try again.");
  return data({ ok: false, message }, { status: res.status });
}

export default function ConsoleIdChecks({ loaderData, actionData: answer }: Route.ComponentProps) {
  const actionData = useKeptActionData(answer);
  const { forbidden, email, found, lookupError, admin } = loaderData;
  const busy = useNavigation().state !== "idle";
  if (forbidden) return <ConsoleRefused title="ID checks" message={forbidden} />;
  return (
    <div className="page page--narrow console">
      <ConsoleBar admin={admin} />
      <header className="page-head">
        <h1 className="page-head__title">ID checks</h1>
        <p className="page-head__lead">
          A customer's ID checks for nicotine and tobacco
          {admin ? " · clear a refusal that was wrong" : " · administrators clear a refusal that was wrong"}
        </p>
      </header>
      <section className="console-section" aria-labelledby="id-customer-title">
        <h2 id="id-customer-title">Customer</h2>
        <Form method="get" className="console-form" aria-label="Find a customer">
          <label htmlFor="id-email">Customer's email</label>
          <input id="id-email" name="email" type="email" required defaultValue={email} />
          <button type="submit" className="button">
            Find
          </button>
        </Form>
        {lookupError ? <FormError message={lookupError} /> : null}
        {actionData?.ok ? (
          <p className="form-message form-message--success" role="status">
            {actionData.message}
          </p>
        ) : (
          <FormError message={actionData?.message} />
        )}
        {found ? (
          <>
            <p>
              <strong>
                {found.customer.firstname} {found.customer.lastname}
              </strong>{" "}
              ({found.customer.email}): <span data-testid="id-standing">{STANDING[found.standing]}</span>
            </p>
            {found.clearable && admin ? (
              <Form method="post" className="console-form" aria-label="Clear the refusal">
                <CsrfField />
                <input type="hidden" name="id" value={found.customer.id} />
                <label htmlFor="clear-reason">Why it was wrong (kept in the audit)</label>
                <input id="clear-reason" name="reason" required minLength={3} maxLength={300} />
                <button type="submit" className="button button--primary" disabled={busy}>
                  Clear the refusal
                </button>
              </Form>
            ) : null}
            {found.clearable && !admin ? (
              <p className="console-hint">Only an administrator can clear it: pass the customer's case on.</p>
            ) : null}
            <ul className="console-list" aria-label="ID checks">
              {found.checks.map((c) => (
                <li key={c.id}>
                  <strong>{c.result === "success" ? "Verified" : `Refused (${c.reason})`}</strong>{" "}
                  <span>{c.decidedAt?.slice(0, 10)}</span> <span>{c.jurisdiction}</span>
                  {c.holdsThrough ? <span>holds through {c.holdsThrough}</span> : null}
                  {c.cleared ? (
                    <span>
                      cleared {c.cleared.at.slice(0, 10)}: {c.cleared.reason}
                    </span>
                  ) : null}
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </section>
    </div>
  );
}
