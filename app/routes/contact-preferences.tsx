import { data, Form, redirect, useNavigation } from "react-router";
import { FormError } from "../features/accounts/auth-layout.tsx";
import { formFields } from "../features/accounts/forms.server.ts";
import { CsrfField } from "../features/accounts/session.tsx";
import { useKeptActionData } from "../features/forms/kept-action-data.ts";
import { apiErrorMessage } from "../lib/api.ts";
import type { ApiAnswer } from "../lib/api-answers.ts";
import type { Route } from "./+types/contact-preferences";

export const meta: Route.MetaFunction = () => [
  { title: "Contact preferences | Nightcap" },
  { name: "robots", content: "noindex" },
];

/**
 * /contact-preferences (spec §2, in the shell): offers and order updates by email, text and push, each on or off
 * (docs/adr/0030-order-notifications.md).
 */
export async function loader({ context }: Route.LoaderArgs) {
  const me = await context.api<ApiAnswer<"getMe">>("/me");
  if (me.status === 401) throw redirect("/login?returnTo=%2Fcontact-preferences");
  if (!me.ok) throw data(null, { status: 500 });
  return { preferences: me.data.user.contactPreferences, hasMobile: me.data.user.mobile !== null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const f = await formFields(request);
  const res = await context.api("/me/contact-preferences", {
    method: "PUT",
    body: { email: f.email === "on", sms: f.sms === "on", push: f.push === "on" },
  });
  if (res.status === 401) return redirect("/login?returnTo=%2Fcontact-preferences");
  return res.ok
    ? { ok: true as const, message: "Your preferences are saved." }
    : data(
        {
          ok: false as const,
          message: apiErrorMessage(res.data, "We could not save that. Please try again."),
        },
        { status: 400 },
      );
}

export default function ContactPreferences({ loaderData, actionData: answer }: Route.ComponentProps) {
  const actionData = useKeptActionData(answer);
  const busy = useNavigation().state === "submitting";
  const { preferences, hasMobile } = loaderData;
  return (
    <div className="account-page">
      <h1 className="account-page__title">Contact preferences</h1>
      <p className="account-page__lead">
        Choose how we may reach you with offers and your orders' updates. Emails about a failed, cancelled or
        refunded order always reach you.
      </p>
      <section className="account-section">
        <Form method="post" className="auth-form">
          <CsrfField />
          <fieldset className="choice-list">
            <legend>Send me offers and order updates by</legend>
            <label className="choice">
              <input type="checkbox" name="email" defaultChecked={preferences.email} /> Email
            </label>
            <label className="choice">
              <input type="checkbox" name="sms" defaultChecked={preferences.sms} /> Text message
              {hasMobile ? null : " (add a mobile number on your account first)"}
            </label>
            <label className="choice">
              <input type="checkbox" name="push" defaultChecked={preferences.push} /> Push notifications
            </label>
          </fieldset>
          {actionData?.ok ? (
            <p className="form-message form-message--success" role="status">
              {actionData.message}
            </p>
          ) : (
            <FormError message={actionData?.message} />
          )}
          <button type="submit" className="button button--primary" disabled={busy}>
            Save
          </button>
        </Form>
      </section>
    </div>
  );
}
