import { data, Form, Link, redirect, useNavigation } from "react-router";
import { PASSWORD_MIN_LENGTH } from "#domain/accounts/password.ts";
import { AuthLayout, Field, FormError } from "../features/accounts/auth-layout.tsx";
import { formFields } from "../features/accounts/forms.server.ts";
import { CsrfField } from "../features/accounts/session.tsx";
import { useKeptActionData } from "../features/forms/kept-action-data.ts";
import { apiErrorMessage } from "../lib/api.ts";
import type { Route } from "./+types/reset-password";

export const handle = { fullScreen: true };

export const meta: Route.MetaFunction = () => [
  { title: "Choose a new password | Nightcap" },
  { name: "robots", content: "noindex" },
  // The token is in this page's URL: it must not leak to other sites through the Referer header.
  { name: "referrer", content: "no-referrer" },
];

/** The page a reset link opens (/reset-password?token=…): a new password, once. */
export async function loader({ request }: Route.LoaderArgs) {
  return { token: new URL(request.url).searchParams.get("token") ?? "" };
}

export async function action({ request, context }: Route.ActionArgs) {
  const f = await formFields(request);
  const res = await context.api("/auth/reset-password", {
    method: "POST",
    body: { token: f.token ?? "", password: f.password ?? "" },
  });
  if (res.ok) return redirect("/login?reset=1");
  return data(
    { error: apiErrorMessage(res.data, "We could not change your password. Please try again.") },
    { status: 400 },
  );
}

export default function ResetPassword({ loaderData, actionData: answer }: Route.ComponentProps) {
  const actionData = useKeptActionData(answer);
  const busy = useNavigation().state === "submitting";
  if (!loaderData.token) {
    return (
      <AuthLayout title="Choose a new password">
        <FormError message="This reset link is incomplete. Please ask for a new one." />
        <Link to="/forgot-password">Email me a new link</Link>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title="Choose a new password">
      <Form method="post" className="auth-form">
        <CsrfField />
        <input type="hidden" name="token" value={loaderData.token} />
        <Field label="New password" hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}>
          <input
            id="reset-password"
            className="input"
            name="password"
            type="password"
            autoComplete="new-password"
            minLength={PASSWORD_MIN_LENGTH}
            maxLength={128}
            required
          />
        </Field>
        <FormError message={actionData?.error} />
        <button type="submit" className="button button--primary button--block button--large" disabled={busy}>
          Save password
        </button>
        {actionData?.error ? <Link to="/forgot-password">Email me a new link</Link> : null}
      </Form>
    </AuthLayout>
  );
}
