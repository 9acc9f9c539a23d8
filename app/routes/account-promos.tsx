import { data, Form, redirect, useNavigation } from "react-router";
import { formatCents } from "#domain/money.ts";
import { Field, FormError, FormNotice } from "../features/accounts/auth-layout.tsx";
import { formFields } from "../features/accounts/forms.server.ts";
import { CsrfField } from "../features/accounts/session.tsx";
import { useKeptActionData } from "../features/forms/kept-action-data.ts";
import { apiErrorMessage } from "../lib/api.ts";
import type { ApiAnswer } from "../lib/api-answers.ts";
import type { Route } from "./+types/account-promos";

export const meta: Route.MetaFunction = () => [
  { title: "Promos and credit | Nightcap" },
  { name: "robots", content: "noindex" },
];

/** /account/promos (spec §2 "promo and credit"; its path is not shown): the codes and credit, and adding a code. */
export async function loader({ context }: Route.LoaderArgs) {
  const res = await context.api<ApiAnswer<"listPromos">>("/promos");
  if (res.status === 401) throw redirect("/login?returnTo=%2Faccount%2Fpromos");
  if (!res.ok) throw new Response(null, { status: 500 });
  return res.data;
}

export async function action({ request, context }: Route.ActionArgs) {
  const f = await formFields(request);
  const res = await context.api<ApiAnswer<"addPromo">>("/order/promo", {
    method: "POST",
    body: { code: f.code ?? "" },
  });
  if (res.status === 401) return redirect("/login?returnTo=%2Faccount%2Fpromos");
  return res.ok
    ? { ok: true as const, message: `${res.data.promo.code} added: ${res.data.promo.desc}.` }
    : data(
        { ok: false as const, error: apiErrorMessage(res.data, "That code could not be added.") },
        { status: res.status },
      );
}

export default function AccountPromos({ loaderData, actionData: answer }: Route.ComponentProps) {
  const actionData = useKeptActionData(answer);
  const { promos, credit } = loaderData;
  const busy = useNavigation().state === "submitting";
  const codes = promos.filter((p) => p.value_type !== "credit");
  return (
    <div className="page page--narrow">
      <header className="page-head">
        <h1 className="page-head__title">Promos and credit</h1>
        <p className="page-head__lead">
          Store credit: <strong data-testid="credit-balance">{formatCents(credit, true)}</strong>
        </p>
      </header>
      {codes.length === 0 ? (
        <p>No promo codes waiting.</p>
      ) : (
        <ul className="cards-list">
          {codes.map((p) => (
            <li key={p.code} className="cards-list__item">
              <strong>{p.code}</strong> <span>{p.desc}</span>
            </li>
          ))}
        </ul>
      )}
      <Form method="post" className="auth-form" aria-label="Add a promo code">
        <CsrfField />
        <Field label="Promo code">
          <input id="code" name="code" className="input" required maxLength={40} autoComplete="off" />
        </Field>
        <FormError message={actionData && !actionData.ok ? actionData.error : null} />
        <FormNotice message={actionData?.ok ? actionData.message : null} />
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? "Adding…" : "Add code"}
        </button>
      </Form>
    </div>
  );
}
