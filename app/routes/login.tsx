import { redirect } from "react-router";
import { landingAfterSignIn } from "#domain/accounts/landing.ts";
import { returnPathOf } from "#domain/accounts/return-to.ts";
import { loginAction } from "../features/accounts/actions.server.ts";
import { AuthLayout, FormError, FormNotice } from "../features/accounts/auth-layout.tsx";
import { usePageChannel } from "../features/accounts/form-channel.tsx";
import { LoginPanel, type LoginResult } from "../features/accounts/login-panel.tsx";
import type { ApiAnswer } from "../lib/api-answers.ts";
import type { Route } from "./+types/login";

export const handle = { fullScreen: true };

export const meta: Route.MetaFunction = () => [
  { title: "Log in | Nightcap" },
  { name: "robots", content: "noindex" },
];

const SSO_ERRORS: Record<string, string> = {
  expired: "That sign-in took too long or was started elsewhere. Please try again.",
  cancelled: "Sign-in was cancelled.",
  failed: "We could not verify that sign-in. Please try again.",
};

/**
 * /login (spec §2, full screen): password or emailed code; ?link={provider} links a social sign-in. Without a
 * returnTo, a sign-in lands where the account's role does (staff: /console; domain/accounts/landing.ts).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const asked = returnPathOf(url.searchParams.get("returnTo"));
  // Back to /login itself says nothing of where to go: the role decides.
  const returnTo = asked && new URL(asked, url).pathname !== "/login" ? asked : null;
  const [session, providers] = await Promise.all([
    context.api<ApiAnswer<"getSession">>("/auth/session"),
    context.api<ApiAnswer<"listSsoProviders">>("/auth/providers"),
  ]);
  if (session.ok && session.data.user) throw redirect(landingAfterSignIn(session.data.user.role, returnTo));
  let link: { provider: string; email: string } | null = null;
  if (url.searchParams.has("link")) {
    const pending = await context.api<ApiAnswer<"getPendingSso">>("/auth/sso/pending");
    if (pending.ok && pending.data.status === "link_required") {
      link = { provider: pending.data.provider, email: pending.data.email };
    }
  }
  return {
    // Empty: the form's sign-in lands by role. A social sign-in comes back here, and this loader sends it on.
    returnTo: returnTo ?? "",
    link,
    providers: providers.ok ? providers.data : [],
    notice: url.searchParams.has("reset") ? "Your password has been changed. Log in with the new one." : null,
    ssoError: SSO_ERRORS[url.searchParams.get("sso_error") ?? ""] ?? null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  return loginAction(request, context);
}

export default function Login({ loaderData }: Route.ComponentProps) {
  const channel = usePageChannel<LoginResult>();
  const { returnTo, providers, link, notice, ssoError } = loaderData;
  return (
    <AuthLayout title={link ? "Link your account" : "Log in"} lead={link ? undefined : "Welcome back."}>
      <FormNotice message={notice} />
      <FormError message={ssoError} />
      <LoginPanel channel={channel} returnTo={returnTo} providers={providers} link={link} />
    </AuthLayout>
  );
}
