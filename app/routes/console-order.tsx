import { data, Form, Link, type ShouldRevalidateFunction, useNavigation } from "react-router";
import { dateWords } from "#domain/gifts/claim.ts";
import { formatCents } from "#domain/money.ts";
import { mayProposeSubstitutions } from "#domain/orders/substitution.ts";
import { FormError } from "../features/accounts/auth-layout.tsx";
import { CsrfField } from "../features/accounts/session.tsx";
import { BillLines } from "../features/checkout/bill-lines.tsx";
import { orderStatusText } from "../features/checkout/order-status.ts";
import {
  allowedVerbs,
  type ConsoleVerb,
  dollarsToCents,
  verbLabel,
} from "../features/console/console-actions.ts";
import { CONSOLE_HANDLE, ConsoleBar, ConsoleRefused } from "../features/console/console-bar.tsx";
import { needsConfirmation } from "../features/console/dispatch-confirm.ts";
import { shortLinesFrom } from "../features/console/short-lines.ts";
import { ShortLines, SubstitutionsPanel } from "../features/console/substitutions-panel.tsx";
import { usePolling } from "../features/console/use-polling.ts";
import { useKeptActionData } from "../features/forms/kept-action-data.ts";
import { apiErrorMessage } from "../lib/api.ts";
import type { ApiAnswer } from "../lib/api-answers.ts";
import type { Route } from "./+types/console-order";

export const handle = CONSOLE_HANDLE;

export const meta: Route.MetaFunction = ({ data: d }) => [
  { title: d && "order" in d && d.order ? `#${d.order.order_number} | Store console` : "Store console" },
  { name: "robots", content: "noindex" },
];

/** /console/orders/{id}: one order of the store with the moves staff can make from where it is. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const res = await context.api<ApiAnswer<"getConsoleOrder">>(
    `/api/console/orders/${encodeURIComponent(params.id)}`,
  );
  if (res.status === 403)
    return data(
      {
        order: null,
        forbidden: apiErrorMessage(res.data, "The store console is for store staff."),
        replacements: {},
      },
      { status: 403 },
    );
  if (res.status === 404 || res.status === 400) throw data(null, { status: 404 });
  if (!res.ok) throw new Response(null, { status: 500 });
  return { order: res.data, forbidden: null, replacements: await replacementsFor(context.api, res.data) };
}

/** While staff pick (nothing pending), what each line could be replaced with: in stock at the store. */
async function replacementsFor(
  api: Route.LoaderArgs["context"]["api"],
  order: ApiAnswer<"getConsoleOrder">,
): Promise<Record<string, ApiAnswer<"getRelatedProducts">["products"]>> {
  const pending = order.substitution_status === "Proposed" || order.substitution_status === "Viewing";
  if (pending || !mayProposeSubstitutions(order)) return {};
  const skus = [...new Set(order.products.map((p) => p.sku_id))];
  const answers = await Promise.all(
    skus.map((sku) =>
      api<ApiAnswer<"getRelatedProducts">>(
        `/menu/recommendation/related/${encodeURIComponent(sku)}?substitution=true&store_id=${encodeURIComponent(order.store.id)}&order_id=${encodeURIComponent(order._id)}`,
      ),
    ),
  );
  return Object.fromEntries(skus.map((sku, i) => [sku, answers[i].ok ? answers[i].data.products : []]));
}

/** After a refused move (409: another staff member moved the order), show where the order is now. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionStatus, defaultShouldRevalidate }) =>
  actionStatus === 409 ? true : defaultShouldRevalidate;

const VERBS = new Set<ConsoleVerb>(["accept", "dispatch", "deliver", "fail", "cancel", "refund"]);

export async function action({ params, request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const f: Record<string, string> = {};
  for (const [key, value] of form) if (typeof value === "string") f[key] = value;
  if (f.intent === "substitutions") return proposeAction(params.id, form, context);
  const verb = f.intent as ConsoleVerb;
  if (!VERBS.has(verb))
    return data({ ok: false as const, verb: null, message: "Choose what to do." }, { status: 400 });
  const body: Record<string, unknown> = {};
  if (verb === "dispatch" && f.confirm === "yes") body.confirm = true;
  if (verb === "fail")
    Object.assign(body, { state: f.state === "hard" ? "hard" : "soft", reason: f.reason ?? "" });
  if (verb === "cancel") body.reason = f.reason ?? "";
  if (verb === "refund") {
    const cents = dollarsToCents(f.amount);
    if (Number.isNaN(cents))
      return data(
        { ok: false as const, verb, message: "Enter the amount in dollars, like 12.50." },
        { status: 400 },
      );
    body.reason = f.reason ?? "";
    if (cents !== null) body.amount = cents;
  }
  const res = await context.api(`/api/console/orders/${encodeURIComponent(params.id)}/${verb}`, {
    method: "POST",
    body,
  });
  if (res.ok) return { ok: true as const, verb, message: "Done." };
  const message =
    res.status === 400 && verb !== "accept" && verb !== "dispatch" && verb !== "deliver"
      ? "Please give a reason the customer will read."
      : apiErrorMessage(res.data, "That did not work. Please try again.");
  // Too early for its slot, or the store closed: the page asks staff to confirm (docs/adr/0051).
  const confirm = verb === "dispatch" && needsConfirmation(res.data);
  return data({ ok: false as const, verb, message, confirm }, { status: res.status });
}

async function proposeAction(id: string, form: FormData, context: Route.ActionArgs["context"]) {
  const path = `/api/console/orders/${encodeURIComponent(id)}`;
  const current = await context.api<ApiAnswer<"getConsoleOrder">>(path);
  if (!current.ok)
    return data({ ok: false as const, verb: null, message: "This order is gone." }, { status: 404 });
  const read = shortLinesFrom(form, current.data.products);
  if (!read.ok) return data({ ok: false as const, verb: null, message: read.message }, { status: 400 });
  const res = await context.api(`${path}/substitutions`, { method: "POST", body: { lines: read.lines } });
  if (res.ok)
    return { ok: true as const, verb: null, message: "The customer is asked to review the substitutions." };
  return data(
    {
      ok: false as const,
      verb: null,
      message: apiErrorMessage(res.data, "That did not work. Please try again."),
    },
    { status: res.status },
  );
}

export default function ConsoleOrderPage({ loaderData, actionData: answer }: Route.ComponentProps) {
  const actionData = useKeptActionData(answer);
  usePolling(5000);
  const busy = useNavigation().state !== "idle";
  if (!loaderData.order) return <ConsoleRefused title="Store console" message={loaderData.forbidden} />;
  const order = loaderData.order;
  const verbs = allowedVerbs(order);
  const a = order.delivery_address_detail;
  const simple = verbs.filter((v) => v === "accept" || v === "dispatch" || v === "deliver");
  return (
    <div className="page page--narrow console">
      <ConsoleBar />
      <header className="page-head">
        <p className="page-head__eyebrow">
          <Link to="/console">All orders</Link>
        </p>
        <h1 className="page-head__title">Order #{order.order_number}</h1>
        <p className="page-head__lead" data-status={order.order_status} aria-live="polite">
          {orderStatusText(order)}
          {order.failed_status ? ` (${order.failed_status.state}): ${order.failed_status.reason}` : ""}
        </p>
      </header>
      {actionData?.ok ? (
        <p className="form-message form-message--success" role="status">
          {actionData.verb ? `${verbLabel(actionData.verb, order.shipping)}: done.` : actionData.message}
        </p>
      ) : (
        <FormError message={actionData?.message} />
      )}
      {actionData &&
      !actionData.ok &&
      "confirm" in actionData &&
      actionData.confirm &&
      verbs.includes("dispatch") ? (
        <Form method="post" className="console-actions" aria-label="Confirm sending out">
          <CsrfField />
          <input type="hidden" name="intent" value="dispatch" />
          <input type="hidden" name="confirm" value="yes" />
          <button type="submit" className="button button--primary" disabled={busy}>
            {verbLabel("dispatch", order.shipping)} anyway
          </button>
        </Form>
      ) : null}
      {order.scheduled && "label" in order.scheduled && !order.shipping ? (
        <p className="console-hint" data-testid="console-slot">
          Slot: {dateWords(order.scheduled.date)}, {order.scheduled.label}. It goes out from an hour before
          its slot, while the store is open.
        </p>
      ) : null}
      {verbs.length > 0 ? (
        <section className="console-actions" aria-label="Actions">
          {simple.map((verb) => (
            <Form method="post" key={verb}>
              <CsrfField />
              <input type="hidden" name="intent" value={verb} />
              <button type="submit" className="button button--primary" disabled={busy}>
                {verbLabel(verb, order.shipping)}
              </button>
            </Form>
          ))}
          {verbs.includes("fail") ? (
            <Form method="post">
              <CsrfField />
              <input type="hidden" name="intent" value="fail" />
              <label>
                Failure
                <select name="state" defaultValue="soft">
                  <option value="soft">Soft: try again</option>
                  <option value="hard">Hard: will not be delivered (money back)</option>
                </select>
              </label>
              <input
                name="reason"
                placeholder="Why (the customer reads this)"
                aria-label="Why the delivery failed"
              />
              <button type="submit" className="button" disabled={busy}>
                {verbLabel("fail", order.shipping)}
              </button>
            </Form>
          ) : null}
          {verbs.includes("cancel") ? (
            <Form method="post">
              <CsrfField />
              <input type="hidden" name="intent" value="cancel" />
              <input
                name="reason"
                placeholder="Why (the customer reads this)"
                aria-label="Why it is cancelled"
              />
              <button type="submit" className="button" disabled={busy}>
                Cancel order
              </button>
            </Form>
          ) : null}
          {verbs.includes("refund") && order.money.refundable > 0 ? (
            <Form method="post">
              <CsrfField />
              <input type="hidden" name="intent" value="refund" />
              <input
                name="amount"
                inputMode="decimal"
                placeholder={`Amount (up to ${formatCents(order.money.refundable, true)}; empty: all)`}
                aria-label="Amount to refund in dollars"
              />
              <input
                name="reason"
                placeholder="Why (the customer reads this)"
                aria-label="Why it is refunded"
              />
              <button type="submit" className="button" disabled={busy}>
                Refund
              </button>
            </Form>
          ) : null}
        </section>
      ) : null}
      <SubstitutionsPanel order={order} />
      {Object.keys(loaderData.replacements).length > 0 ? (
        <ShortLines order={order} replacements={loaderData.replacements} busy={busy} />
      ) : null}
      <section className="checkout__section">
        <h2 className="checkout__heading">
          {order.customer.firstname} {order.customer.lastname}
        </h2>
        <p>
          {order.customer.email}
          {order.customer.mobile ? ` · ${order.customer.mobile}` : ""}
        </p>
        <p>
          {order.shipping ? "Ship to" : "Deliver to"}: {a.address}
          {a.unit ? `, ${a.unit}` : ""} ({a.type})
        </p>
        {order.delivery_notes ? <p>Notes: {order.delivery_notes}</p> : null}
      </section>
      <section className="checkout__section">
        <h2 className="checkout__heading">Items</h2>
        <ul className="checkout__items">
          {order.products.map((p) => (
            <li key={p.sku_id + (p.engraving?.line_1 ?? "")}>
              <span>
                {p.qty} × {p.title}
                {p.substitution_preference === "refund" ? " (no substitutes)" : ""}
              </span>
              <span>{formatCents(p.subtotal, true)}</span>
            </li>
          ))}
        </ul>
        <BillLines lineItems={order.line_items} taxes={order.taxes} />
        <dl className="console-money">
          <dt>Charged to the card</dt>
          <dd>{formatCents(order.money.total, true)}</dd>
          {order.money.credit > 0 ? (
            <>
              <dt>Store credit</dt>
              <dd>{formatCents(order.money.credit, true)}</dd>
            </>
          ) : null}
          <dt>Captured</dt>
          <dd>{formatCents(order.money.captured, true)}</dd>
          <dt>Refunded</dt>
          <dd>{formatCents(order.money.refunded, true)}</dd>
        </dl>
      </section>
      <section className="checkout__section">
        <h2 className="checkout__heading">History</h2>
        <ol className="console-events">
          {order.events.map((e) => (
            <li key={`${e.at}-${e.type}`}>
              {new Date(e.at).toLocaleString("en-US")}: {e.type}
              {e.data?.reason ? ` (${e.data.reason})` : ""}
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}
