import { data, Form, Link, redirect, useNavigation } from "react-router";
import { ageInYears, parseBirthday, todayForAgeCheck } from "#domain/accounts/age.ts";
import { formatPhone } from "#domain/accounts/phone.ts";
import { PageLoading } from "../components/page-loading.tsx";
import { PAYING_PAGES } from "../features/accounts/account-menu.tsx";
import { Field, FormError } from "../features/accounts/auth-layout.tsx";
import { formFields } from "../features/accounts/forms.server.ts";
import { CsrfField } from "../features/accounts/session.tsx";
import { useKeptActionData } from "../features/forms/kept-action-data.ts";
import { type ApiFetch, apiErrorMessage, browserApi } from "../lib/api.ts";
import type { ApiAnswer } from "../lib/api-answers.ts";
import { PERSONAL_FRAME, serverDataOr } from "../lib/shared-page.ts";
import type { Route } from "./+types/account";

export const meta: Route.MetaFunction = () => [
  { title: "Your account | Nightcap" },
  { name: "robots", content: "noindex" },
];

const DISPLAY_MODES = [
  { value: "system", label: "Match my device" },
  { value: "light", label: "Light" },
  { value: "dark", label: "Dark" },
] as const;

export const handle = PERSONAL_FRAME;

/** /account (spec §2, in the shell): profile, birthday → age, phone 3-3-rest, display mode, round-up, devices. */
async function loadAccount(api: ApiFetch) {
  const [me, sessions, providers] = await Promise.all([
    api<ApiAnswer<"getMe">>("/me"),
    api<ApiAnswer<"listSessions">>("/me/sessions"),
    api<ApiAnswer<"listSsoProviders">>("/auth/providers"),
  ]);
  if (me.status === 401) throw redirect("/login?returnTo=%2Faccount");
  if (!me.ok) throw data(null, { status: 500 });
  return {
    me: me.data,
    sessions: sessions.ok ? sessions.data : [],
    providers: providers.ok ? providers.data : [],
  };
}

export async function loader({ context }: Route.LoaderArgs) {
  return context.sharedPage ? null : loadAccount(context.api);
}

export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  return serverDataOr(serverLoader, () => loadAccount(browserApi));
}
clientLoader.hydrate = true as const;

export async function action({ request, context }: Route.ActionArgs) {
  const f = await formFields(request);
  if (f.intent === "end-session") {
    const res = await context.api(`/me/sessions/${encodeURIComponent(f.session ?? "")}`, {
      method: "DELETE",
    });
    return res.ok
      ? { ok: true, intent: f.intent }
      : data(
          { ok: false, intent: f.intent, error: apiErrorMessage(res.data, "Please try again.") },
          { status: res.status },
        );
  }
  const res = await context.api("/me", {
    method: "PATCH",
    body: {
      firstname: f.firstname,
      lastname: f.lastname,
      mobile: f.mobile ?? null,
      gender: f.gender ? f.gender : null,
      display_mode: f.display_mode,
    },
  });
  if (res.status === 401) return redirect("/login?returnTo=%2Faccount");
  return res.ok
    ? { ok: true, intent: "profile", message: "Saved." }
    : data(
        {
          ok: false,
          intent: "profile",
          error: apiErrorMessage(res.data, "We could not save that. Please try again."),
        },
        { status: 400 },
      );
}

export default function Account({ loaderData, actionData: answer }: Route.ComponentProps) {
  const actionData = useKeptActionData(answer);
  return loaderData ? (
    <AccountPage loaderData={loaderData} actionData={actionData} />
  ) : (
    <div className="account-page">
      <PageLoading title="Your account" />
    </div>
  );
}

function AccountPage({
  loaderData,
  actionData,
}: {
  loaderData: NonNullable<Route.ComponentProps["loaderData"]>;
  actionData: Route.ComponentProps["actionData"];
}) {
  const { me, sessions, providers } = loaderData;
  const user = me.user;
  const busy = useNavigation().state === "submitting";
  const birthday = parseBirthday(user.birthday);
  const age = birthday ? ageInYears(birthday, todayForAgeCheck(new Date())) : null;
  const unlinked = providers.filter((p) => !user.linkedProviders.includes(p.id));
  const result = actionData as { ok: boolean; intent: string; message?: string; error?: string } | undefined;

  return (
    <div className="account-page">
      <h1 className="account-page__title">Hi, {user.firstname}</h1>
      <p className="account-page__lead">
        {/* Orders (/orders) and rewards (/loyalty) join this line with the checkout and loyalty issues. */}
        <Link to="/account/favourites">Favourites</Link> ·{" "}
        <Link to="/contact-preferences">Contact preferences</Link>
      </p>

      <section className="account-section" aria-labelledby="profile-title">
        <h2 id="profile-title" className="account-section__title">
          Profile
        </h2>
        <dl className="account-facts">
          <dt>Name</dt>
          <dd>
            {user.firstname} {user.lastname}
          </dd>
          <dt>Email</dt>
          <dd>{user.email}</dd>
          <dt>Birthday</dt>
          <dd>
            {user.birthday}
            {age !== null ? ` (age ${age})` : null}
          </dd>
          <dt>Mobile</dt>
          <dd>{user.mobile ? formatPhone(user.mobile) : "Not added"}</dd>
          <dt>Points</dt>
          <dd>
            {me.loyalty.currentPoints} ({me.loyalty.currentStatus}) · <Link to="/loyalty">Rewards</Link>
          </dd>
        </dl>
      </section>

      <section className="account-section" aria-labelledby="edit-title">
        <h2 id="edit-title" className="account-section__title">
          Edit profile
        </h2>
        <Form method="post" className="auth-form">
          <CsrfField />
          <input type="hidden" name="intent" value="profile" />
          <div className="auth-form__pair">
            <Field label="First name">
              <input
                id="account-firstname"
                className="input"
                name="firstname"
                defaultValue={user.firstname}
                required
                maxLength={50}
              />
            </Field>
            <Field label="Last name">
              <input
                id="account-lastname"
                className="input"
                name="lastname"
                defaultValue={user.lastname}
                required
                maxLength={50}
              />
            </Field>
          </div>
          <Field label="Mobile" hint="US numbers, shown as 555-123-4567.">
            <input
              id="account-mobile"
              className="input"
              name="mobile"
              type="tel"
              inputMode="tel"
              autoComplete="tel-national"
              defaultValue={user.mobile ? formatPhone(user.mobile) : ""}
            />
          </Field>
          <Field label="Gender">
            <select id="account-gender" className="input" name="gender" defaultValue={user.gender ?? ""}>
              <option value="">Prefer not to say</option>
              <option value="female">Female</option>
              <option value="male">Male</option>
              <option value="nonbinary">Non-binary</option>
            </select>
          </Field>
          <fieldset className="choice-list">
            <legend>Display mode</legend>
            {DISPLAY_MODES.map((mode) => (
              <label key={mode.value} className="choice">
                <input
                  type="radio"
                  name="display_mode"
                  value={mode.value}
                  defaultChecked={user.display_mode === mode.value}
                />
                {mode.label}
              </label>
            ))}
          </fieldset>
          {result?.intent === "profile" && result.ok ? (
            <p className="form-message form-message--success" role="status">
              {result.message}
            </p>
          ) : null}
          <FormError message={result?.intent === "profile" ? result.error : null} />
          <button type="submit" className="button button--primary" disabled={busy}>
            Save changes
          </button>
        </Form>
      </section>

      <section className="account-section" aria-labelledby="roundup-title">
        <h2 id="roundup-title" className="account-section__title">
          Round up for good
        </h2>
        <p>
          Round each order up to the next dollar for an organisation you choose.{" "}
          {user.roundUpEnabled ? "Round-up is on." : "Turn it on at checkout."}
        </p>
      </section>

      <section className="account-section" aria-labelledby="wallet-title">
        <h2 id="wallet-title" className="account-section__title">
          Paying
        </h2>
        <ul>
          {PAYING_PAGES.map((p) => (
            <li key={p.to}>
              <Link to={p.to}>{p.label}</Link>
            </li>
          ))}
        </ul>
      </section>

      <section className="account-section" aria-labelledby="signin-title">
        <h2 id="signin-title" className="account-section__title">
          Sign-in
        </h2>
        {user.linkedProviders.length ? <p>Linked: {user.linkedProviders.join(", ")}</p> : null}
        {unlinked.length ? (
          <div className="button-row">
            {unlinked.map((p) => (
              <a key={p.id} className="button button--small" href={`${p.start}?returnTo=%2Faccount`}>
                Connect {p.name}
              </a>
            ))}
          </div>
        ) : null}
        <ul className="device-list" aria-label="Signed-in devices">
          {sessions.map((s) => (
            <li key={s.id} className="device">
              <span>
                {s.kind === "merchant" ? "Merchant sign-on" : s.platform === "web" ? "Browser" : s.platform} ·
                since {s.createdAt.slice(0, 10)}
                {s.current ? " · this device" : ""}
              </span>
              {s.current ? null : (
                <Form method="post">
                  <CsrfField />
                  <input type="hidden" name="intent" value="end-session" />
                  <input type="hidden" name="session" value={s.id} />
                  <button type="submit" className="button button--small">
                    Sign out
                  </button>
                </Form>
              )}
            </li>
          ))}
        </ul>
        <Form method="post" action="/logout">
          <CsrfField />
          <button type="submit" className="button">
            Log out
          </button>
        </Form>
      </section>
    </div>
  );
}
