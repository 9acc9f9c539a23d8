import { data, Form, useNavigation } from "react-router";
import { formatCents } from "#domain/money.ts";
import { FormError } from "../features/accounts/auth-layout.tsx";
import { CsrfField } from "../features/accounts/session.tsx";
import { CONSOLE_HANDLE, ConsoleBar, consoleMeta } from "../features/console/console-bar.tsx";
import { useKeptActionData } from "../features/forms/kept-action-data.ts";
import { apiErrorMessage } from "../lib/api.ts";
import type { ApiAnswer } from "../lib/api-answers.ts";
import type { Route } from "./+types/console-proposals";

export const handle = CONSOLE_HANDLE;

export const meta = consoleMeta("Proposed products");

type Proposal = ApiAnswer<"listProductProposals">["proposals"][number];
type Category = ApiAnswer<"getCategoryTree">[number];

/**
 * /console/proposals (issue 34 §1): the products a store proposed from its file; administrators approve them into the
 * catalogue (choosing the category and the name shoppers read) or reject them, saying why.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const [list, session, tree] = await Promise.all([
    context.api<ApiAnswer<"listProductProposals">>("/api/console/proposals"),
    context.api<ApiAnswer<"listAdminStores">>("/api/console/admin/stores"),
    context.api<ApiAnswer<"getCategoryTree">>("/menu/categories"),
  ]);
  if (!list.ok)
    return data(
      {
        forbidden: apiErrorMessage(list.data, "The store console is for store staff."),
        proposals: [],
        admin: false,
        categories: [],
      },
      { status: list.status === 403 ? 403 : 500 },
    );
  const flat = (cs: Category[]): Category[] => cs.flatMap((c) => [c, ...flat(c.subcategories ?? [])]);
  return {
    forbidden: null,
    proposals: list.data.proposals,
    admin: session.ok,
    categories: tree.ok ? flat(tree.data).map((c) => ({ url_name: c.url_name, name: c.name })) : [],
  };
}

type Said = { ok: boolean; message: string };

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const f = (name: string) => String(form.get(name) ?? "").trim();
  const id = encodeURIComponent(f("id"));
  const res =
    f("intent") === "approve"
      ? await context.api<Proposal>(`/api/console/proposals/${id}/approve`, {
          method: "POST",
          body: {
            category: f("category"),
            ...(f("title") ? { title: f("title") } : {}),
            ...(f("brand") ? { brand: f("brand") } : {}),
          },
        })
      : await context.api<Proposal>(`/api/console/proposals/${id}/reject`, {
          method: "POST",
          body: { note: f("note") },
        });
  if (!res.ok)
    return data<Said>(
      { ok: false, message: apiErrorMessage(res.data, "That did not work. Please try again.") },
      { status: res.status },
    );
  return {
    ok: true,
    message:
      res.data.status === "approved"
        ? `${res.data.title} is in the catalogue as ${res.data.sku_id}, on ${res.data.store_name}'s shelf.`
        : `${res.data.title} was rejected; ${res.data.store_name} reads why.`,
  } satisfies Said;
}

const STATUS: Record<Proposal["status"], string> = {
  pending: "Waiting for an administrator",
  approved: "In the catalogue",
  rejected: "Not added",
};

export default function ConsoleProposals({ loaderData, actionData: answer }: Route.ComponentProps) {
  const actionData = useKeptActionData(answer);
  const busy = useNavigation().state !== "idle";
  const said = actionData as Said | undefined;
  const { proposals, admin, categories } = loaderData;
  if (loaderData.forbidden)
    return (
      <div className="page page--narrow console">
        <ConsoleBar />
        <h1 className="page-head__title">Proposed products</h1>
        <FormError message={loaderData.forbidden} />
      </div>
    );
  return (
    <div className="page page--narrow console">
      <ConsoleBar admin={admin} />
      <header className="page-head">
        <h1 className="page-head__title">Proposed products</h1>
        <p className="page-head__lead">
          {admin
            ? "Products stores proposed from their point-of-sale files. Approve one into the catalogue in its category, or say why not."
            : "Products your store proposed from its point-of-sale file (on the shelf feed page), and what became of them."}
        </p>
      </header>
      {said ? (
        said.ok ? (
          <p className="form-message form-message--success" role="status">
            {said.message}
          </p>
        ) : (
          <FormError message={said.message} />
        )
      ) : null}
      {proposals.length === 0 ? <p>No products proposed yet.</p> : null}
      <ul className="console-proposals">
        {proposals.map((p) => (
          <li key={p.id}>
            <h2>{p.title}</h2>
            <p>
              {p.store_name} · {formatCents(p.price_cents, true)} · {p.quantity} on hand
              {p.size ? ` · ${p.size}` : ""}
              {p.upc ? ` · UPC ${p.upc}` : ""}
              {p.store_sku ? ` · their SKU ${p.store_sku}` : ""}
            </p>
            <p>
              <strong>{STATUS[p.status]}</strong>
              {p.sku_id ? ` as ${p.sku_id}` : ""}
              {p.decision_note ? `: ${p.decision_note}` : ""}
            </p>
            {admin && p.status === "pending" ? (
              <div className="console-proposals__decide">
                <Form method="post" aria-label={`Approve ${p.title}`}>
                  <CsrfField />
                  <input type="hidden" name="intent" value="approve" />
                  <input type="hidden" name="id" value={p.id} />
                  <label>
                    Category
                    <select name="category" required defaultValue="">
                      <option value="" disabled>
                        Choose…
                      </option>
                      {categories.map((c) => (
                        <option key={c.url_name} value={c.url_name}>
                          {c.name}
                        </option>
                      ))}
                    </select>
                  </label>
                  <label>
                    Name shoppers read
                    <input name="title" defaultValue={p.title} />
                  </label>
                  <label>
                    Brand
                    <input name="brand" />
                  </label>
                  <button type="submit" className="button button--primary" disabled={busy}>
                    Approve into the catalogue
                  </button>
                </Form>
                <Form method="post" aria-label={`Reject ${p.title}`}>
                  <CsrfField />
                  <input type="hidden" name="intent" value="reject" />
                  <input type="hidden" name="id" value={p.id} />
                  <label>
                    Why not (the store reads it)
                    <input name="note" required />
                  </label>
                  <button type="submit" className="button" disabled={busy}>
                    Reject
                  </button>
                </Form>
              </div>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
