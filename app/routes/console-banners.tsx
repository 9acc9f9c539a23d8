import { data, Form, useNavigation } from "react-router";
import { FormError } from "../features/accounts/auth-layout.tsx";
import { CsrfField } from "../features/accounts/session.tsx";
import { CONSOLE_HANDLE, ConsoleBar, ConsoleRefused, consoleMeta } from "../features/console/console-bar.tsx";
import { useKeptActionData } from "../features/forms/kept-action-data.ts";
import { apiErrorMessage } from "../lib/api.ts";
import type { ApiAnswer, ApiShape } from "../lib/api-answers.ts";
import type { Route } from "./+types/console-banners";

export const handle = CONSOLE_HANDLE;

export const meta = consoleMeta("Banners");

type Banner = ApiShape<"ConsoleBanner">;

/** /console/banners: store staff and administrators make, schedule and target the grids' banners. */
export async function loader({ context }: Route.LoaderArgs) {
  const res = await context.api<ApiAnswer<"listBanners">>("/api/console/banners");
  if (!res.ok)
    return data(
      {
        banners: [],
        admin: false,
        forbidden: apiErrorMessage(res.data, "The store console is for store staff."),
      },
      { status: 403 },
    );
  // Administrators also see the analytics link.
  const session = await context.api<ApiAnswer<"getSession">>("/auth/session");
  return {
    banners: res.data.banners,
    admin: session.ok && session.data.user?.role === "admin",
    forbidden: null,
  };
}

type Said = { ok: boolean; message: string };

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
  const say = (ok: boolean, message: string, status = 200) => data<Said>({ ok, message }, { status });
  const call = async (path: string, method: "POST" | "PATCH", body: unknown, done: string) => {
    const res = await context.api(path, { method, body });
    if (!res.ok)
      return say(false, apiErrorMessage(res.data, "That did not work. Please try again."), res.status);
    return say(true, done);
  };
  const id = encodeURIComponent(f("id"));
  switch (intent) {
    case "create":
    case "update": {
      const row = Number(f("after_row_of_result"));
      if (!Number.isInteger(row) || row < 0)
        return say(false, "Give the row as a whole number (0 or more).", 400);
      const body = {
        title: f("title"),
        text: f("text"),
        link: f("link"),
        image_url: f("image_url") || null,
        location: f("location") === "storefront" ? "storefront" : "category",
        categories: f("categories")
          .split(",")
          .map((c) => c.trim().toLowerCase())
          .filter(Boolean),
        after_row_of_result: row,
        active: f("active") === "on",
        starts_at: isoOrNull(f("starts_at")),
        ends_at: isoOrNull(f("ends_at")),
      };
      return intent === "create"
        ? call("/api/console/banners", "POST", body, `${body.title} is saved.`)
        : call(`/api/console/banners/${id}`, "PATCH", body, `${body.title} is saved.`);
    }
    case "toggle":
      return call(
        `/api/console/banners/${id}`,
        "PATCH",
        { active: f("active") === "true" },
        f("active") === "true" ? "Switched on." : "Switched off.",
      );
    default:
      return say(false, "Choose what to do.", 400);
  }
}

/** A datetime-local input's value (UTC) from an ISO time. */
const localValue = (iso: string | null) => (iso ? iso.slice(0, 16) : "");

function BannerFields({ b }: { b?: Banner }) {
  const p = b ? `b-${b.id}` : "b-new";
  return (
    <>
      <label htmlFor={`${p}-title`}>Title</label>
      <input id={`${p}-title`} name="title" required minLength={2} maxLength={80} defaultValue={b?.title} />
      <label htmlFor={`${p}-text`}>Text (plain text)</label>
      <input id={`${p}-text`} name="text" maxLength={200} defaultValue={b?.text} />
      <label htmlFor={`${p}-link`}>Link (a path of ours like /beer, or https://…)</label>
      <input id={`${p}-link`} name="link" required maxLength={500} defaultValue={b?.link} />
      <label htmlFor={`${p}-image`}>Image (a path of ours, optional)</label>
      <input id={`${p}-image`} name="image_url" maxLength={500} defaultValue={b?.image_url ?? ""} />
      <fieldset>
        <legend>Where</legend>
        <label className="console-check">
          <input
            type="radio"
            name="location"
            value="category"
            defaultChecked={(b?.location ?? "category") === "category"}
          />{" "}
          Category pages
        </label>
        <label className="console-check">
          <input
            type="radio"
            name="location"
            value="storefront"
            defaultChecked={b?.location === "storefront"}
          />{" "}
          Storefront (search results)
        </label>
      </fieldset>
      <label htmlFor={`${p}-categories`}>
        Categories (url names, comma-separated; empty: every category)
      </label>
      <input
        id={`${p}-categories`}
        name="categories"
        maxLength={2000}
        defaultValue={b?.categories.join(", ")}
      />
      <label htmlFor={`${p}-row`}>After result row</label>
      <input
        id={`${p}-row`}
        name="after_row_of_result"
        type="number"
        min={0}
        max={20}
        step={1}
        required
        defaultValue={b?.after_row_of_result ?? 1}
      />
      <label htmlFor={`${p}-starts`}>Starts (UTC, empty: now)</label>
      <input
        id={`${p}-starts`}
        name="starts_at"
        type="datetime-local"
        defaultValue={localValue(b?.starts_at ?? null)}
      />
      <label htmlFor={`${p}-ends`}>Ends (UTC, empty: until switched off)</label>
      <input
        id={`${p}-ends`}
        name="ends_at"
        type="datetime-local"
        defaultValue={localValue(b?.ends_at ?? null)}
      />
      <label className="console-check">
        <input name="active" type="checkbox" defaultChecked={b?.active ?? true} /> Switched on
      </label>
    </>
  );
}

function scheduleText(b: Banner) {
  const from = b.starts_at ? `from ${b.starts_at.slice(0, 16).replace("T", " ")} UTC` : "from now";
  const to = b.ends_at ? ` until ${b.ends_at.slice(0, 16).replace("T", " ")} UTC` : "";
  return `${from}${to}`;
}

export default function ConsoleBanners({ loaderData, actionData: answer }: Route.ComponentProps) {
  const actionData = useKeptActionData(answer);
  const { banners, admin, forbidden } = loaderData;
  const busy = useNavigation().state !== "idle";
  const said = actionData as Said | undefined;
  if (forbidden) return <ConsoleRefused title="Banners" message={forbidden} />;
  return (
    <div className="page page--narrow console">
      <ConsoleBar admin={admin} />
      <header className="page-head">
        <h1 className="page-head__title">Banners</h1>
        <p className="page-head__lead">
          Banners show inside category and search grids after the row you choose, while switched on and
          scheduled.
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

      <section className="console-section" aria-labelledby="banners-title">
        <h2 id="banners-title">Banners</h2>
        {banners.length === 0 ? <p>No banners yet.</p> : null}
        {banners.map((b) => (
          <article key={b.id} className="console-card" aria-label={b.title}>
            <h3>{b.title}</h3>
            <p>
              {b.running ? "Showing" : b.active ? "Scheduled (not showing now)" : "Switched off"} ·{" "}
              {b.location === "storefront"
                ? "storefront"
                : b.categories.length > 0
                  ? `categories ${b.categories.join(", ")}`
                  : "every category"}{" "}
              · after row {b.after_row_of_result} · {scheduleText(b)}
            </p>
            <p data-testid="banner-counts">
              <strong data-testid="banner-impressions">{b.impressions}</strong> impressions ·{" "}
              <strong data-testid="banner-clicks">{b.clicks}</strong> clicks
            </p>
            <Form method="post" className="console-form" aria-label={`Switch ${b.title}`}>
              <CsrfField />
              <input type="hidden" name="intent" value="toggle" />
              <input type="hidden" name="id" value={b.id} />
              <input type="hidden" name="active" value={b.active ? "false" : "true"} />
              <button type="submit" className="button button--small" disabled={busy}>
                {b.active ? "Switch off" : "Switch on"}
              </button>
            </Form>
            <details>
              <summary>Change</summary>
              <Form method="post" className="console-form" aria-label={`Change ${b.title}`}>
                <CsrfField />
                <input type="hidden" name="intent" value="update" />
                <input type="hidden" name="id" value={b.id} />
                <BannerFields b={b} />
                <button type="submit" className="button" disabled={busy}>
                  Save
                </button>
              </Form>
            </details>
          </article>
        ))}
      </section>

      <section className="console-section" aria-labelledby="new-banner-title">
        <h2 id="new-banner-title">New banner</h2>
        <Form method="post" className="console-form" aria-label="New banner" key={banners.length}>
          <CsrfField />
          <input type="hidden" name="intent" value="create" />
          <BannerFields />
          <button type="submit" className="button button--primary" disabled={busy}>
            Create
          </button>
        </Form>
      </section>
    </div>
  );
}
