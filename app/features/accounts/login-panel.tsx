import { useState } from "react";
import { Link } from "react-router";
import type { SsoProviderInfo } from "#domain/accounts/types.ts";
import type { CodeStep } from "./actions.server.ts";
import { Field, FormError } from "./auth-layout.tsx";
import { CodeForm } from "./code-form.tsx";
import type { FormChannel } from "./form-channel.tsx";
import type { ActionFailure } from "./forms.server.ts";
import { CsrfField } from "./session.tsx";
import { SocialButtons } from "./social-buttons.tsx";

export type LoginResult = CodeStep | ActionFailure;

const PROVIDER_NAMES: Record<string, string> = { google: "Google", apple: "Apple", facebook: "Facebook" };

/**
 * Log in (spec §5): email or username and password, or a 6-digit code by email (two-step login). In link mode
 * (a social sign-in found an existing account) the same proofs link it.
 */
export function LoginPanel({
  channel,
  returnTo,
  providers,
  link,
  idPrefix = "login",
  onShowSignup,
  onShowForgot,
}: {
  channel: FormChannel<LoginResult>;
  returnTo: string;
  providers: SsoProviderInfo[];
  link?: { provider: string; email: string } | null;
  idPrefix?: string;
  onShowSignup?: () => void;
  onShowForgot?: () => void;
}) {
  const [mode, setMode] = useState<"password" | "code">("password");
  const { Form, data, busy } = channel;
  const codeStep = data?.step === "code" && data.oid ? data : null;
  const failed = data && !data.ok ? data : null;
  const linkName = link ? (PROVIDER_NAMES[link.provider] ?? link.provider) : null;

  if (codeStep) {
    return (
      <CodeForm
        channel={channel as FormChannel<unknown>}
        action="/login"
        intent={link ? "link-code-verify" : "code-verify"}
        oid={codeStep.oid!}
        email={codeStep.email ?? ""}
        message={codeStep.message ?? ""}
        error={failed ? failed.error : null}
        returnTo={codeStep.returnTo ?? returnTo}
        idPrefix={idPrefix}
      />
    );
  }
  return (
    <div className="auth-panel">
      {link ? (
        <p className="form-message form-message--info">
          You already have a Nightcap account for {link.email}. Prove it is yours once, and {linkName} will
          sign you in from now on.
        </p>
      ) : null}
      {mode === "password" ? (
        <Form method="post" action="/login" className="auth-form" aria-label="Log in with your password">
          <CsrfField />
          <input type="hidden" name="intent" value={link ? "link-password" : "password"} />
          <input type="hidden" name="returnTo" value={returnTo} />
          {link ? (
            <input type="hidden" name="username" value={link.email} />
          ) : (
            <Field label="Email">
              <input
                id={`${idPrefix}-username`}
                className="input"
                name="username"
                type="text"
                inputMode="email"
                autoComplete="username"
                required
              />
            </Field>
          )}
          <Field label="Password">
            <input
              id={`${idPrefix}-password`}
              className="input"
              name="password"
              type="password"
              autoComplete="current-password"
              required
            />
          </Field>
          <FormError
            message={
              failed && (failed.intent === "password" || failed.intent === "link-password")
                ? failed.error
                : null
            }
          />
          <button
            type="submit"
            className="button button--primary button--block button--large"
            disabled={busy}
          >
            {busy ? "Logging in…" : link ? `Link ${linkName} and log in` : "Log in"}
          </button>
          <div className="auth-form__row">
            <button type="button" className="link-button" onClick={() => setMode("code")}>
              Email me a code instead
            </button>
            {onShowForgot ? (
              <button type="button" className="link-button" onClick={onShowForgot}>
                Forgot password?
              </button>
            ) : (
              <Link to="/forgot-password">Forgot password?</Link>
            )}
          </div>
        </Form>
      ) : (
        <Form method="post" action="/login" className="auth-form" aria-label="Log in with a code">
          <CsrfField />
          <input type="hidden" name="intent" value={link ? "link-code-start" : "code-start"} />
          <input type="hidden" name="returnTo" value={returnTo} />
          {link ? (
            <input type="hidden" name="email" value={link.email} />
          ) : (
            <Field label="Email" hint="We'll email you a 6-digit code.">
              <input
                id={`${idPrefix}-code-email`}
                className="input"
                name="email"
                type="email"
                autoComplete="email"
                required
              />
            </Field>
          )}
          <FormError message={failed?.intent.endsWith("code-start") ? failed.error : null} />
          <button
            type="submit"
            className="button button--primary button--block button--large"
            disabled={busy}
          >
            {busy ? "Sending…" : "Email me a code"}
          </button>
          <div className="auth-form__row">
            <button type="button" className="link-button" onClick={() => setMode("password")}>
              Use my password instead
            </button>
          </div>
        </Form>
      )}
      {/* Without a returnTo, back to /login, which sends the signed-in account where its role lands. */}
      {link ? null : <SocialButtons providers={providers} returnTo={returnTo || "/login"} />}
      {link ? null : (
        <p className="auth-panel__switch">
          New to Nightcap?{" "}
          {onShowSignup ? (
            <button type="button" className="link-button" onClick={onShowSignup}>
              Sign up
            </button>
          ) : (
            <Link to={`/signup?returnTo=${encodeURIComponent(returnTo)}`}>Sign up</Link>
          )}
        </p>
      )}
    </div>
  );
}
