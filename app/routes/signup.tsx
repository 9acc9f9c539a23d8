import { useEffect } from "react";
import { redirect, useNavigation } from "react-router";
import { safeReturnTo } from "#domain/accounts/return-to.ts";
import { SIGN_UP_FAILED, SIGNED_UP } from "#domain/analytics/events.ts";
import { signupAction } from "../features/accounts/actions.server.ts";
import { AuthLayout } from "../features/accounts/auth-layout.tsx";
import { usePageChannel } from "../features/accounts/form-channel.tsx";
import { SignupForm, type SignupResult } from "../features/accounts/signup-form.tsx";
import { track } from "../lib/analytics.ts";
import type { ApiAnswer, ApiShape } from "../lib/api-answers.ts";
import type { Route } from "./+types/signup";

export const handle = { fullScreen: true };

export const meta: Route.MetaFunction = () => [
  { title: "Sign up | Nightcap" },
  {
    name: "description",
    content: "Create your Nightcap account: drinks delivered in about 30 minutes. 21+ only.",
  },
];

/**
 * /signup and /signup/{promo} (spec §2, full screen). ?sso={provider} finishes a social sign-up with the
 * provider's kept data; ?direct=1 (from /sos) turns direct-merchant mode on; ?ref={code} (a shopper's invite link,
 * /share) carries the referral into the account.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const returnTo = safeReturnTo(url.searchParams.get("returnTo"));
  const promoCode = params.promo;
  const ref = url.searchParams.get("ref");
  const [session, providers, event, inviter] = await Promise.all([
    context.api<ApiAnswer<"getSession">>("/auth/session"),
    context.api<ApiAnswer<"listSsoProviders">>("/auth/providers"),
    promoCode
      ? context.api<ApiAnswer<"getSignupOffer">>(`/event/signup?promo=${encodeURIComponent(promoCode)}`)
      : null,
    ref && /^[A-Za-z0-9]{1,32}$/.test(ref)
      ? context.api<ApiAnswer<"getReferralCode">>(`/api/referrals/code/${encodeURIComponent(ref)}`)
      : null,
  ]);
  if (session.ok && session.data.user) throw redirect(returnTo);
  let sso: Extract<ApiShape<"SsoResult">, { status: "signup_required" }> | null = null;
  if (url.searchParams.has("sso")) {
    const pending = await context.api<ApiAnswer<"getPendingSso">>("/auth/sso/pending");
    if (pending.ok && pending.data.status === "signup_required") sso = pending.data;
  }
  return {
    returnTo,
    providers: providers.ok ? providers.data : [],
    promo:
      event?.ok && event.data.promo ? { code: event.data.promo.code, desc: event.data.promo.desc } : null,
    sso: sso ? { provider: sso.provider, profile: sso.profile } : null,
    directOnly: url.searchParams.get("direct") === "1",
    referral: inviter?.ok ? inviter.data : null,
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  return signupAction(request, context, params.promo);
}

export default function Signup({ loaderData, params }: Route.ComponentProps) {
  const channel = usePageChannel<SignupResult>();
  useSignupEvents(channel.data);
  const action = params.promo ? `/signup/${encodeURIComponent(params.promo)}` : "/signup";
  return (
    <AuthLayout title="Sign up" lead="Drinks, snacks and gifts delivered in about 30 minutes.">
      <SignupForm
        channel={channel}
        action={action}
        returnTo={loaderData.returnTo}
        providers={loaderData.providers}
        sso={loaderData.sso}
        promo={loaderData.promo}
        directOnly={loaderData.directOnly}
        referral={loaderData.referral}
      />
    </AuthLayout>
  );
}

/**
 * Sign-up events (spec §8: failed sign-ups are only reported): a refused form is 'Sign Up Failed'; a submission of
 * this page that the server answers by sending the shopper on (signed up, after the code if one was asked) is
 * 'Signed Up'.
 */
function useSignupEvents(result: SignupResult | undefined) {
  const navigation = useNavigation();
  useEffect(() => {
    if (result && result.ok === false && result.intent !== "code-verify") track(SIGN_UP_FAILED);
  }, [result]);
  const leaving =
    navigation.state === "loading" &&
    navigation.formMethod?.toUpperCase() === "POST" &&
    (navigation.formAction ?? "").startsWith("/signup") &&
    !navigation.location.pathname.startsWith("/signup");
  useEffect(() => {
    if (leaving) track(SIGNED_UP);
  }, [leaving]);
}
