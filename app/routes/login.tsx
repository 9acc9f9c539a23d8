import { redirect } from "react-router";
import { safeReturnTo } from "../../domain/accounts/return-to.ts";
import type { SessionInfo, SsoProviderInfo, SsoResult } from "../../domain/accounts/types.ts";
import { loginAction } from "../features/accounts/actions.server.ts";
import { AuthLayout, FormError, FormNotice } from "../features/accounts/auth-layout.tsx";
import { usePageChannel } from "../features/accounts/form-channel.tsx";
import { LoginPanel, type LoginResult } from "../features/accounts/login-panel.tsx";
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

/** /login (spec §2, full screen): password or emailed code; ?link={provider} links a social sign-in. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const returnTo = safeReturnTo(url.searchParams.get("returnTo"));
  const [session, providers] = await Promise.all([
    context.api<SessionInfo>("/auth/session"),
    context.api<SsoProviderInfo[]>("/auth/providers"),
  ]);
  if (session.ok && session.data.user) throw redirect(returnTo);
  let link: { provider: string; email: string } | null = null;
  if (url.searchParams.has("link")) {
    const pending = await context.api<SsoResult>("/auth/sso/pending");
    if (pending.ok && pending.data.status === "link_required") {
      link = { provider: pending.data.provider, email: pending.data.email };
    }
  }
  return {
    returnTo,
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
