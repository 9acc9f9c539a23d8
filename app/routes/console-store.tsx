import { data, Form, useNavigation } from "react-router";
import type { Weekday } from "#domain/availability/hours.ts";
import { MAX_RETURN_FEE } from "#domain/door/handover.ts";
import { formatCents } from "#domain/money.ts";
import { FormError } from "../features/accounts/auth-layout.tsx";
import { CsrfField } from "../features/accounts/session.tsx";
import { dollarsToCents } from "../features/console/console-actions.ts";
import { CONSOLE_HANDLE, ConsoleBar, consoleMeta } from "../features/console/console-bar.tsx";
import { hoursFromText, hoursText, weekdays } from "../features/console/hours-text.ts";
import { StorePicker, storesForAdmin } from "../features/console/store-picker.tsx";
import { useKeptActionData } from "../features/forms/kept-action-data.ts";
import { apiErrorMessage } from "../lib/api.ts";
import type { ApiAnswer } from "../lib/api-answers.ts";
import type { Route } from "./+types/console-store";

export const handle = CONSOLE_HANDLE;

export const meta = consoleMeta("Store hours and fees");

type AuditEntry = ApiAnswer<"listConsoleAudit">["entries"][number];

const ACTIONS: Record<string, string> = {
  "stock.update": "changed the shelf",
  "store.update": "changed the store",
  "store.create": "opened the store",
  "store.zone": "replaced the delivery zone",
};

function changeText(e: AuditEntry): string {
  const what = ACTIONS[e.action] ?? e.action;
  if (e.detail.sku_id) return `${what}: ${e.detail.sku_id}`;
  if (e.detail.fields?.length) return `${what}: ${e.detail.fields.join(", ").replaceAll("_", " ")}`;
  return what;
}

/** /console/store: the store's opening hours, minimum order, delivery fee and ETA. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const storeId = url.searchParams.get("store_id") ?? "";
  const stores = await storesForAdmin(context.api);
  const res = await context.api<ApiAnswer<"getConsoleStore">>(
    `/api/console/store${storeId ? `?store_id=${encodeURIComponent(storeId)}` : ""}`,
  );
  if (res.status === 403 || res.status === 404)
    return data(
      {
        forbidden: apiErrorMessage(res.data, "The store console is for store staff."),
        store: null,
        stores,
        storeId,
        changes: [],
      },
      { status: res.status },
    );
  if (res.status === 400) return { forbidden: null, store: null, stores, storeId, changes: [] };
  if (!res.ok) throw new Response(null, { status: 500 });
  const audit = await context.api<ApiAnswer<"listConsoleAudit">>(
    `/api/console/audit?limit=10&store_id=${encodeURIComponent(res.data.id)}`,
  );
  return { forbidden: null, store: res.data, stores, storeId, changes: audit.ok ? audit.data.entries : [] };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const f = (name: string) => String(form.get(name) ?? "");
  const fail = (message: string, status = 400) => data({ ok: false as const, message }, { status });
  const { hours, problems } = hoursFromText(
    Object.fromEntries(weekdays.map(({ day }) => [day, f(`hours_${day}`)])) as Record<Weekday, string>,
  );
  const min = dollarsToCents(f("min_order"));
  const fee = dollarsToCents(f("delivery_fee"));
  const returnFee = dollarsToCents(f("return_fee"));
  if (min === null || Number.isNaN(min)) problems.push("Enter the minimum order in dollars, like 20.00.");
  if (fee === null || Number.isNaN(fee))
    problems.push("Enter the delivery fee in dollars, like 3.99 (0 for free).");
  if (returnFee === null || Number.isNaN(returnFee) || returnFee > MAX_RETURN_FEE)
    problems.push(`Enter the return fee in dollars, from 0 to ${formatCents(MAX_RETURN_FEE, true)}.`);
  if (!/^\d{1,4}$/.test(f("eta").trim())) problems.push("Enter the delivery time in minutes, like 30.");
  if (problems.length > 0) return fail(problems.join(" "));
  const body: Record<string, unknown> = {
    hours,
    min_order_cents: min,
    delivery_fee_cents: fee,
    return_fee_cents: returnFee,
    eta_minutes: Number.parseInt(f("eta"), 10),
  };
  if (f("store_id")) body.store_id = f("store_id");
  const res = await context.api("/api/console/store", { method: "PATCH", body });
  if (res.ok) return { ok: true as const, message: "Saved. Shoppers see the new hours and fees now." };
  return fail(apiErrorMessage(res.data, "That did not save. Please try again."), res.status);
}

export default function ConsoleStore({ loaderData, actionData: answer }: Route.ComponentProps) {
  const actionData = useKeptActionData(answer);
  const { forbidden, store, stores, storeId, changes } = loaderData;
  const busy = useNavigation().state !== "idle";
  return (
    <div className="page page--narrow console">
      <ConsoleBar admin={stores !== null} />
      <header className="page-head">
        <h1 className="page-head__title">Hours and fees</h1>
        {store ? (
          <p className="page-head__lead">
            {store.name} · times in {store.timezone}
          </p>
        ) : null}
      </header>
      {forbidden ? (
        <p className="form-message form-message--error" role="alert">
          {forbidden}
        </p>
      ) : null}
      {stores ? <StorePicker stores={stores} current={store?.id ?? null} /> : null}
      {actionData?.ok ? (
        <p className="form-message form-message--success" role="status">
          {actionData.message}
        </p>
      ) : (
        <FormError message={actionData?.message} />
      )}
      {store ? (
        <Form method="post" className="console-form" aria-label="Hours and fees" key={JSON.stringify(store)}>
          <CsrfField />
          <input type="hidden" name="store_id" value={storeId} />
          <fieldset className="console-form__group">
            <legend>Opening hours</legend>
            <p className="console-form__hint">
              Like 10:00-22:00; two windows: 09:00-12:00, 13:00-18:00; past midnight: 18:00-02:00; empty:
              closed.
            </p>
            {weekdays.map(({ day, name }) => (
              <label key={day}>
                {name}
                <input
                  name={`hours_${day}`}
                  defaultValue={hoursText(store.hours[day])}
                  placeholder="Closed"
                />
              </label>
            ))}
          </fieldset>
          <fieldset className="console-form__group">
            <legend>Delivery</legend>
            <label>
              Minimum order ($)
              <input
                name="min_order"
                inputMode="decimal"
                defaultValue={(store.min_order_cents / 100).toFixed(2)}
              />
            </label>
            <label>
              Delivery fee ($)
              <input
                name="delivery_fee"
                inputMode="decimal"
                defaultValue={(store.delivery_fee_cents / 100).toFixed(2)}
              />
            </label>
            <label>
              Return fee ($), kept of an order refused at the door
              <input
                name="return_fee"
                inputMode="decimal"
                defaultValue={(store.return_fee_cents / 100).toFixed(2)}
              />
            </label>
            <label>
              Delivery time (minutes)
              <input name="eta" inputMode="numeric" defaultValue={store.eta_minutes} />
            </label>
          </fieldset>
          <button type="submit" className="button button--primary" disabled={busy}>
            Save
          </button>
        </Form>
      ) : null}
      {store ? (
        <section className="console-section" aria-labelledby="compliance-title">
          <h2 id="compliance-title">Compliance log</h2>
          <p>
            Every ID check at the door, handover and refusal, with who recorded it, for an inspector.{" "}
            <a href={`/api/console/compliance.csv?store_id=${encodeURIComponent(store.id)}`} download>
              Download the log (CSV)
            </a>
          </p>
        </section>
      ) : null}
      {changes.length > 0 ? (
        <section className="console-section" aria-labelledby="changes-title">
          <h2 id="changes-title">Recent changes</h2>
          <ol className="console-events">
            {changes.map((e) => (
              <li key={e.id}>
                {new Date(e.created_at).toLocaleString("en-US")}: {e.actor} {changeText(e)}
              </li>
            ))}
          </ol>
        </section>
      ) : null}
    </div>
  );
}
