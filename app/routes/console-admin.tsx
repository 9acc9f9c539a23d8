import { data, Form, Link, useNavigation } from "react-router";
import { formatCents } from "#domain/money.ts";
import { FormError } from "../features/accounts/auth-layout.tsx";
import { CsrfField } from "../features/accounts/session.tsx";
import { dollarsToCents } from "../features/console/console-actions.ts";
import { CONSOLE_HANDLE, ConsoleBar, consoleMeta } from "../features/console/console-bar.tsx";
import { useKeptActionData } from "../features/forms/kept-action-data.ts";
import { apiErrorMessage } from "../lib/api.ts";
import type { ApiAnswer, ApiShape } from "../lib/api-answers.ts";
import type { Route } from "./+types/console-admin";

export const handle = CONSOLE_HANDLE;

export const meta = consoleMeta("Admin");

type AdminPromo = ApiShape<"AdminPromo">;

/** /console/admin (administrators): stores and their zones, promos, staff accounts, merchants. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const stores = await context.api<ApiAnswer<"listAdminStores">>("/api/console/admin/stores");
  if (!stores.ok)
    return data(
      {
        forbidden: apiErrorMessage(stores.data, "Only administrators can do this."),
        stores: [],
        promos: [],
        staff: [],
        merchants: [],
        zoneStore: null,
      },
      { status: stores.status === 403 ? 403 : 500 },
    );
  const [promos, staff, merchants] = await Promise.all([
    context.api<ApiAnswer<"listAdminPromos">>("/api/console/admin/promos"),
    context.api<ApiAnswer<"listAdminStaff">>("/api/console/admin/staff"),
    context.api<ApiAnswer<"listAdminMerchants">>("/api/console/admin/merchants"),
  ]);
  const delivery = stores.data.stores.filter((s) => !s.is_shipping);
  const zoneStore =
    stores.data.stores.find((s) => s.id === url.searchParams.get("zone_store")) ?? delivery[0] ?? null;
  return {
    forbidden: null,
    stores: stores.data.stores,
    promos: promos.ok ? promos.data.promos : [],
    staff: staff.ok ? staff.data.staff : [],
    merchants: merchants.ok ? merchants.data.merchants : [],
    zoneStore,
  };
}

type Said = { ok: boolean; section: string; message: string };

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const f = (name: string) => String(form.get(name) ?? "").trim();
  const intent = f("intent");
  const say = (ok: boolean, message: string, status = 200) =>
    data<Said>({ ok, section: intent.split("_")[0], message }, { status });
  const call = async (
    path: string,
    method: "POST" | "PUT" | "PATCH" | "DELETE",
    body: unknown,
    done: string,
  ) => {
    const res = await context.api(path, { method, body });
    if (!res.ok)
      return say(false, apiErrorMessage(res.data, "That did not work. Please try again."), res.status);
    return say(true, typeof done === "string" ? done : "Done.");
  };
  switch (intent) {
    case "store_create": {
      const lat = Number(f("lat"));
      const lng = Number(f("lng"));
      if (!f("lat") || !f("lng") || Number.isNaN(lat) || Number.isNaN(lng))
        return say(false, "Give the store's latitude and longitude, like 40.7484 and -73.9967.", 400);
      return call(
        "/api/console/admin/stores",
        "POST",
        {
          name: f("name"),
          address: f("address"),
          lat,
          lng,
          timezone: f("timezone"),
          is_shipping: f("is_shipping") === "on",
        },
        `${f("name")} is open for business (closed every day until you set its hours).`,
      );
    }
    case "edit_store": {
      const lat = Number(f("lat"));
      const lng = Number(f("lng"));
      if (!f("lat") || !f("lng") || Number.isNaN(lat) || Number.isNaN(lng))
        return say(false, "Give the store's latitude and longitude, like 40.7484 and -73.9967.", 400);
      return call(
        `/api/console/admin/stores/${encodeURIComponent(f("store_id"))}`,
        "PATCH",
        {
          name: f("name"),
          address: f("address"),
          lat,
          lng,
          timezone: f("timezone"),
          is_shipping: f("is_shipping") === "on",
        },
        "Store saved.",
      );
    }
    case "zone_replace": {
      let zone: unknown = null;
      if (f("zone")) {
        try {
          zone = JSON.parse(f("zone"));
        } catch {
          return say(false, "The zone is not valid JSON.", 400);
        }
      }
      return call(
        `/api/console/admin/stores/${encodeURIComponent(f("store_id"))}/zone`,
        "PUT",
        { zone },
        zone === null
          ? "The store has no delivery zone now."
          : "Zone saved. Addresses in it are served by this store now.",
      );
    }
    case "promo_create": {
      const kind = f("kind");
      const value =
        kind === "percent"
          ? Number.parseInt(f("value"), 10)
          : kind === "free_delivery"
            ? 0
            : dollarsToCents(f("value"));
      if (value === null || Number.isNaN(value))
        return say(
          false,
          kind === "percent" ? "Enter the percent off, like 15." : "Enter the amount in dollars, like 5.00.",
          400,
        );
      const min = dollarsToCents(f("min_subtotal"));
      if (Number.isNaN(min))
        return say(false, "Enter the minimum in dollars, like 30.00, or leave it empty.", 400);
      const perCustomer = f("max_uses_per_customer");
      return call(
        "/api/console/admin/promos",
        "POST",
        {
          code: f("code"),
          kind,
          value,
          description: f("description"),
          funded_by: f("funded_by") === "store" ? "store" : "platform",
          ...(min !== null ? { min_subtotal: min } : {}),
          ...(perCustomer ? { max_uses_per_customer: Number.parseInt(perCustomer, 10) } : {}),
        },
        `${f("code").toUpperCase()} is live.`,
      );
    }
    case "promo_deactivate":
      return call(
        `/api/console/admin/promos/${encodeURIComponent(f("code"))}/deactivate`,
        "POST",
        {},
        `${f("code")} can no longer be used.`,
      );
    case "staff_add": {
      const res = await context.api<ApiAnswer<"addAdminStaff">>("/api/console/admin/staff", {
        method: "POST",
        body: { email: f("email"), role: f("role"), store_id: f("store_id") || null },
      });
      if (!res.ok)
        return say(false, apiErrorMessage(res.data, "That did not work. Please try again."), res.status);
      return say(
        true,
        res.data.password
          ? `${res.data.email} can sign in with the password ${res.data.password} (shown once: pass it on).`
          : `${res.data.email} can use the console with their own password.`,
      );
    }
    case "staff_remove":
      return call(
        `/api/console/admin/staff/${encodeURIComponent(f("id"))}`,
        "DELETE",
        undefined,
        `${f("email")} is a shopper's account again.`,
      );
    case "merchant_save":
      return call(
        "/api/console/admin/merchants",
        "POST",
        {
          id: f("id"),
          name: f("name"),
          redirect_urls: f("redirect_urls")
            .split(/\s+/)
            .filter((u) => u),
        },
        `${f("name")} can send shoppers to /sos?merchant_id=${f("id")}.`,
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

function promoValue(p: AdminPromo): string {
  if (p.kind === "percent") return `${p.value}% off`;
  if (p.kind === "free_delivery") return "free delivery";
  if (p.kind === "credit") return `${formatCents(p.value, true)} credit`;
  return `${formatCents(p.value, true)} off`;
}

export default function ConsoleAdmin({ loaderData, actionData: answer }: Route.ComponentProps) {
  const actionData = useKeptActionData(answer);
  const { forbidden, stores, promos, staff, merchants, zoneStore } = loaderData;
  const busy = useNavigation().state !== "idle";
  const said = actionData as Said | undefined;
  const storeName = new Map(stores.map((s) => [s.id, s.name]));
  if (forbidden)
    return (
      <div className="page page--narrow console">
        <ConsoleBar />
        <h1 className="page-head__title">Admin</h1>
        <p className="form-message form-message--error" role="alert">
          {forbidden}
        </p>
      </div>
    );
  return (
    <div className="page page--narrow console">
      <ConsoleBar admin />
      <header className="page-head">
        <h1 className="page-head__title">Admin</h1>
        <p className="page-head__lead">
          <a href="#stores">Stores</a> · <a href="#zones">Zones</a> · <a href="#promos">Promos</a> ·{" "}
          <a href="#staff">Staff</a> · <a href="#merchants">Merchants</a>
        </p>
      </header>

      <section className="console-section" id="stores" aria-labelledby="stores-title">
        <h2 id="stores-title">Stores</h2>
        <Message said={said} section="store" />
        <ul className="console-list">
          {stores.map((s) => (
            <li key={s.id}>
              <strong>{s.name}</strong> <span>({s.id})</span>
              <span>
                {s.is_shipping ? "Shipping" : s.zone ? "Delivery zone set" : "No zone yet"} · {s.timezone}
              </span>
              <span>
                <Link to={`/console/stock?store_id=${encodeURIComponent(s.id)}`}>Stock</Link> ·{" "}
                <Link to={`/console/store?store_id=${encodeURIComponent(s.id)}`}>Hours and fees</Link>
              </span>
            </li>
          ))}
        </ul>
        <Form method="post" className="console-form" aria-label="New store">
          <CsrfField />
          <input type="hidden" name="intent" value="store_create" />
          <label>
            Name
            <input name="name" required />
          </label>
          <label>
            Address
            <input name="address" required />
          </label>
          <div className="console-form__pair">
            <label>
              Latitude
              <input name="lat" inputMode="decimal" required />
            </label>
            <label>
              Longitude
              <input name="lng" inputMode="decimal" required />
            </label>
          </div>
          <label>
            Time zone
            <input name="timezone" defaultValue="America/New_York" required />
          </label>
          <label className="console-form__check">
            <input type="checkbox" name="is_shipping" /> Ships nationwide (no delivery zone)
          </label>
          <button type="submit" className="button" disabled={busy}>
            Add store
          </button>
        </Form>
      </section>

      <section className="console-section" id="zones" aria-labelledby="zones-title">
        <h2 id="zones-title">Edit a store and its zone</h2>
        <Message said={said} section="zone" />
        <Form method="get" className="console-picker" action="/console/admin#zones">
          <label>
            Store
            <select name="zone_store" defaultValue={zoneStore?.id ?? ""} aria-label="Store">
              {stores.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className="button">
            Edit
          </button>
        </Form>
        {zoneStore ? (
          <Form method="post" className="console-form" aria-label="Edit store" key={`edit-${zoneStore.id}`}>
            <CsrfField />
            <input type="hidden" name="intent" value="edit_store" />
            <input type="hidden" name="store_id" value={zoneStore.id} />
            <Message said={said} section="edit" />
            <label>
              Name
              <input name="name" defaultValue={zoneStore.name} required />
            </label>
            <label>
              Address
              <input name="address" defaultValue={zoneStore.address} required />
            </label>
            <div className="console-form__pair">
              <label>
                Latitude
                <input name="lat" inputMode="decimal" defaultValue={zoneStore.lat} required />
              </label>
              <label>
                Longitude
                <input name="lng" inputMode="decimal" defaultValue={zoneStore.lng} required />
              </label>
            </div>
            <label>
              Time zone
              <input name="timezone" defaultValue={zoneStore.timezone} required />
            </label>
            <label className="console-form__check">
              <input type="checkbox" name="is_shipping" defaultChecked={zoneStore.is_shipping} /> Ships
              nationwide
            </label>
            <button type="submit" className="button" disabled={busy}>
              Save store
            </button>
          </Form>
        ) : null}
        {zoneStore ? (
          <Form method="post" className="console-form" aria-label="Delivery zone" key={zoneStore.id}>
            <CsrfField />
            <input type="hidden" name="intent" value="zone_replace" />
            <input type="hidden" name="store_id" value={zoneStore.id} />
            <label>
              {zoneStore.name}: GeoJSON Polygon or MultiPolygon ([longitude, latitude]; empty: no zone)
              <textarea
                name="zone"
                rows={8}
                spellCheck={false}
                defaultValue={zoneStore.zone ? JSON.stringify(zoneStore.zone) : ""}
              />
            </label>
            <button type="submit" className="button" disabled={busy}>
              Save zone
            </button>
          </Form>
        ) : null}
      </section>

      <section className="console-section" id="promos" aria-labelledby="promos-title">
        <h2 id="promos-title">Promos</h2>
        <Message said={said} section="promo" />
        <ul className="console-list">
          {promos.map((p) => (
            <li key={p.code}>
              <strong>{p.code}</strong>
              <span>
                {promoValue(p)} · {p.description} · {p.active ? "active" : "stopped"}
              </span>
              {p.active ? (
                <Form method="post">
                  <CsrfField />
                  <input type="hidden" name="intent" value="promo_deactivate" />
                  <input type="hidden" name="code" value={p.code} />
                  <button
                    type="submit"
                    className="button button--small"
                    disabled={busy}
                    aria-label={`Stop ${p.code}`}
                  >
                    Stop
                  </button>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
        <Form method="post" className="console-form" aria-label="New promo">
          <CsrfField />
          <input type="hidden" name="intent" value="promo_create" />
          <label>
            Code
            <input name="code" required autoCapitalize="characters" />
          </label>
          <label>
            Kind
            <select name="kind" defaultValue="percent" aria-label="Kind">
              <option value="percent">Percent off</option>
              <option value="fixed">Amount off ($)</option>
              <option value="free_delivery">Free delivery</option>
              <option value="credit">Store credit ($)</option>
            </select>
          </label>
          <label>
            Value (percent, or dollars; none for free delivery)
            <input name="value" inputMode="decimal" />
          </label>
          <label>
            What shoppers read
            <input name="description" required />
          </label>
          <label>
            Who pays for the discount
            <select name="funded_by" defaultValue="platform">
              <option value="platform">Nightcap (the store is paid in full)</option>
              <option value="store">The store (it comes off its sales)</option>
            </select>
          </label>
          <div className="console-form__pair">
            <label>
              Minimum ($)
              <input name="min_subtotal" inputMode="decimal" />
            </label>
            <label>
              Uses per customer
              <input name="max_uses_per_customer" inputMode="numeric" />
            </label>
          </div>
          <button type="submit" className="button" disabled={busy}>
            Create promo
          </button>
        </Form>
      </section>

      <section className="console-section" id="staff" aria-labelledby="staff-title">
        <h2 id="staff-title">Staff</h2>
        <Message said={said} section="staff" />
        <ul className="console-list">
          {staff.map((a) => (
            <li key={a.id}>
              <strong>{a.email}</strong>
              <span>
                {a.role === "admin"
                  ? "Administrator"
                  : `Staff · ${storeName.get(a.store_id ?? "") ?? a.store_id}`}
              </span>
              <Form method="post">
                <CsrfField />
                <input type="hidden" name="intent" value="staff_remove" />
                <input type="hidden" name="id" value={a.id} />
                <input type="hidden" name="email" value={a.email} />
                <button
                  type="submit"
                  className="button button--small"
                  disabled={busy}
                  aria-label={`Remove ${a.email}`}
                >
                  Remove
                </button>
              </Form>
            </li>
          ))}
        </ul>
        <Form method="post" className="console-form" aria-label="Add staff">
          <CsrfField />
          <input type="hidden" name="intent" value="staff_add" />
          <label>
            Email
            <input name="email" type="email" required />
          </label>
          <label>
            Role
            <select name="role" defaultValue="store_staff" aria-label="Role">
              <option value="store_staff">Store staff</option>
              <option value="admin">Administrator</option>
            </select>
          </label>
          <label>
            Store
            <select name="store_id" defaultValue="" aria-label="Store">
              <option value="">None (administrators)</option>
              {stores.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className="button" disabled={busy}>
            Add staff
          </button>
        </Form>
      </section>

      <section className="console-section" id="merchants" aria-labelledby="merchants-title">
        <h2 id="merchants-title">Merchants</h2>
        <Message said={said} section="merchant" />
        <ul className="console-list">
          {merchants.map((m) => (
            <li key={m.id}>
              <strong>{m.name}</strong> <span>({m.id})</span>
              <span>{m.redirect_urls.join(", ")}</span>
            </li>
          ))}
        </ul>
        <Form method="post" className="console-form" aria-label="Merchant">
          <CsrfField />
          <input type="hidden" name="intent" value="merchant_save" />
          <label>
            Id
            <input name="id" required />
          </label>
          <label>
            Name
            <input name="name" required />
          </label>
          <label>
            Return addresses (one a line)
            <textarea name="redirect_urls" rows={3} required />
          </label>
          <button type="submit" className="button" disabled={busy}>
            Save merchant
          </button>
        </Form>
      </section>
    </div>
  );
}
