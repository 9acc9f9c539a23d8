import { useEffect } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import { AuthLayout, FormError } from "../features/accounts/auth-layout.tsx";
import { formFields } from "../features/accounts/forms.server.ts";
import { CsrfField } from "../features/accounts/session.tsx";
import { useKeptActionData } from "../features/forms/kept-action-data.ts";
import { apiErrorMessage } from "../lib/api.ts";
import type { ApiAnswer } from "../lib/api-answers.ts";
import type { Route } from "./+types/sos";

export const handle = { fullScreen: true };

export const meta: Route.MetaFunction = () => [
  { title: "Sign on | Nightcap" },
  { name: "robots", content: "noindex" },
];

/**
 * /sos (spec §2, §6): a merchant sends the shopper here (?merchant_id, redirect_uri, state). Once signed in, the
 * account is linked to the merchant and a session token is posted back to the merchant's registered address —
 * any other address is refused — and the shopper returns to the merchant.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const merchantId = url.searchParams.get("merchant_id") ?? "";
  const redirectUri = url.searchParams.get("redirect_uri") ?? undefined;
  const request_ = {
    merchantId,
    redirectUri: redirectUri ?? "",
    state: url.searchParams.get("state") ?? "",
    isSignup: url.searchParams.get("signup") === "1",
  };
  const here = `${url.pathname}${url.search}`;
  if (!merchantId)
    return { error: "This sign-on link is incomplete.", merchant: null, user: null, request: request_, here };
  const query = new URLSearchParams({
    merchant_id: merchantId,
    ...(redirectUri ? { redirect_uri: redirectUri } : {}),
  });
  const [merchant, session] = await Promise.all([
    context.api<ApiAnswer<"getSosMerchant">>(`/auth/sos/merchant?${query}`),
    context.api<ApiAnswer<"getSession">>("/auth/session"),
  ]);
  if (!merchant.ok)
    return { error: "We don't know that merchant.", merchant: null, user: null, request: request_, here };
  if (!merchant.data.redirect_allowed) {
    return {
      error: "This merchant has not registered that return address, so we won't send your sign-in there.",
      merchant: merchant.data,
      user: null,
      request: request_,
      here,
    };
  }
  return {
    error: null,
    merchant: merchant.data,
    user: session.ok ? session.data.user : null,
    request: request_,
    here,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const f = await formFields(request);
  const res = await context.api<ApiAnswer<"postSosToken">>("/auth/sos/postback", {
    method: "POST",
    body: {
      merchant_id: f.merchant_id ?? "",
      redirect_uri: f.redirect_uri || undefined,
      state: f.state || undefined,
      is_signup: f.is_signup === "true",
    },
  });
  if (!res.ok)
    return data(
      { redirect: null, error: apiErrorMessage(res.data, "Please try again.") },
      { status: res.status },
    );
  return { redirect: res.data.redirect, error: null };
}

export default function Sos({ loaderData, actionData: answer }: Route.ComponentProps) {
  const actionData = useKeptActionData(answer);
  const { error, merchant, user, request, here } = loaderData;
  const busy = useNavigation().state === "submitting";
  const redirect = actionData?.redirect ?? null;

  useEffect(() => {
    if (redirect) window.location.assign(redirect);
  }, [redirect]);

  if (error || !merchant) {
    return (
      <AuthLayout title="Sign on">
        <FormError message={error} />
        <Link to="/">Go to Nightcap</Link>
      </AuthLayout>
    );
  }
  if (redirect) {
    return (
      <AuthLayout title={`Back to ${merchant.name}`}>
        <p>You're signed on. Taking you back to {merchant.name}…</p>
        <a className="button button--primary button--block" href={redirect}>
          Continue to {merchant.name}
        </a>
      </AuthLayout>
    );
  }
  if (!user) {
    const back = encodeURIComponent(here);
    const signupBack = encodeURIComponent(`${here}${here.includes("?") ? "&" : "?"}signup=1`);
    return (
      <AuthLayout
        title={`Sign on to ${merchant.name}`}
        lead={`${merchant.name} uses your Nightcap account. Log in or sign up to continue.`}
      >
        <div className="auth-panel">
          <Link className="button button--primary button--block button--large" to={`/login?returnTo=${back}`}>
            Log in
          </Link>
          <Link className="button button--block button--large" to={`/signup?direct=1&returnTo=${signupBack}`}>
            Sign up
          </Link>
        </div>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout
      title={`Continue to ${merchant.name}`}
      lead={`Signed in as ${user.firstname} ${user.lastname} (${user.email}).`}
    >
      <Form method="post" className="auth-form">
        <CsrfField />
        <input type="hidden" name="merchant_id" value={request.merchantId} />
        <input type="hidden" name="redirect_uri" value={request.redirectUri} />
        <input type="hidden" name="state" value={request.state} />
        <input type="hidden" name="is_signup" value={String(request.isSignup)} />
        <p>
          {merchant.name} will be able to act for your Nightcap account. You can sign it out any time from
          your account page.
        </p>
        <FormError message={actionData?.error} />
        <button type="submit" className="button button--primary button--block button--large" disabled={busy}>
          Continue to {merchant.name}
        </button>
      </Form>
    </AuthLayout>
  );
}
