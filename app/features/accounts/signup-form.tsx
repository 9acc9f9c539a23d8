import { useState } from "react";
import { Link } from "react-router";
import {
  INVALID_BIRTHDAY,
  isUnderAge,
  parseBirthday,
  todayForAgeCheck,
  UNDER_AGE_MESSAGE,
} from "#domain/accounts/age.ts";
import { PASSWORD_MIN_LENGTH } from "#domain/accounts/password.ts";
import type { SsoProfile, SsoProviderInfo } from "#domain/accounts/types.ts";
import type { CodeStep } from "./actions.server.ts";
import { Field, FormError } from "./auth-layout.tsx";
import { CodeForm } from "./code-form.tsx";
import type { FormChannel } from "./form-channel.tsx";
import type { ActionFailure } from "./forms.server.ts";
import { CsrfField } from "./session.tsx";
import { SocialButtons } from "./social-buttons.tsx";

export type SignupResult = CodeStep | ActionFailure;

/**
 * Sign up (spec §5): first name, last name, email (the username) and birthday required; password, gender,
 * mobile and source optional. Under 21 is refused here at once and again by the server.
 */
export function SignupForm({
  channel,
  action,
  returnTo,
  providers,
  sso,
  promo,
  referral = null,
  directOnly = false,
  idPrefix = "signup",
  onShowLogin,
}: {
  channel: FormChannel<SignupResult>;
  action: string;
  returnTo: string;
  providers: SsoProviderInfo[];
  sso?: { provider: string; profile: SsoProfile } | null;
  promo?: { code: string; desc: string } | null;
  /** The invite link this signup came through (/signup?ref=): whose it is, and its code, carried as `ref`. */
  referral?: { code: string; name: string } | null;
  directOnly?: boolean;
  idPrefix?: string;
  onShowLogin?: () => void;
}) {
  const { Form, data, busy } = channel;
  const [localError, setLocalError] = useState<string | null>(null);
  const codeStep = data?.step === "code" && data.oid ? data : null;
  const failed = data && !data.ok ? data : null;

  if (codeStep) {
    return (
      <CodeForm
        channel={channel as FormChannel<unknown>}
        action={action}
        intent="code-verify"
        oid={codeStep.oid!}
        email={codeStep.email ?? ""}
        message={codeStep.message ?? ""}
        error={failed ? failed.error : null}
        returnTo={codeStep.returnTo ?? returnTo}
        idPrefix={idPrefix}
      />
    );
  }

  const checkAge = (event: React.FormEvent<HTMLFormElement>) => {
    const birthday = parseBirthday(String(new FormData(event.currentTarget).get("birthday") ?? ""));
    const today = todayForAgeCheck(new Date());
    const problem = !birthday ? INVALID_BIRTHDAY : isUnderAge(birthday, today) ? UNDER_AGE_MESSAGE : null;
    setLocalError(problem);
    if (problem) event.preventDefault();
  };

  const error = localError ?? failed?.error ?? null;
  const id = (name: string) => `${idPrefix}-${name}`;
  return (
    <div className="auth-panel">
      {promo ? (
        <p className="promo-banner">
          <strong>{promo.desc}</strong> — code <span className="promo-banner__code">{promo.code}</span> is
          added to your account.
        </p>
      ) : null}
      {referral ? (
        <p className="promo-banner">
          <strong>{referral.name} invited you.</strong> When your first order is delivered, you both get store
          credit.
        </p>
      ) : null}
      {sso ? (
        <p className="form-message form-message--info">
          Signed in with{" "}
          {sso.provider === "google" ? "Google" : sso.provider === "apple" ? "Apple" : "Facebook"}. Add your
          birthday to finish your profile.
        </p>
      ) : null}
      <Form
        method="post"
        action={action}
        className="auth-form"
        aria-label="Sign up"
        onSubmit={checkAge}
        noValidate={false}
      >
        <CsrfField />
        <input type="hidden" name="intent" value="signup" />
        <input type="hidden" name="returnTo" value={returnTo} />
        {directOnly ? <input type="hidden" name="direct_only" value="true" /> : null}
        {referral ? <input type="hidden" name="ref" value={referral.code} /> : null}
        <div className="auth-form__pair">
          <Field label="First name">
            <input
              id={id("firstname")}
              className="input"
              name="firstname"
              autoComplete="given-name"
              required
              maxLength={50}
              defaultValue={sso?.profile.firstname ?? ""}
            />
          </Field>
          <Field label="Last name">
            <input
              id={id("lastname")}
              className="input"
              name="lastname"
              autoComplete="family-name"
              required
              maxLength={50}
              defaultValue={sso?.profile.lastname ?? ""}
            />
          </Field>
        </div>
        <Field label="Email" hint="You'll log in with it.">
          <input
            id={id("email")}
            className="input"
            name="email"
            type="email"
            autoComplete="email"
            required
            defaultValue={sso?.profile.email ?? ""}
          />
        </Field>
        <Field label="Birthday" hint="You must be 21 or older.">
          <input
            id={id("birthday")}
            className="input"
            name="birthday"
            type="date"
            autoComplete="bday"
            required
            min="1900-01-01"
          />
        </Field>
        <Field
          label="Password (optional)"
          hint={`At least ${PASSWORD_MIN_LENGTH} characters. Without one, we email you a code to log in.`}
        >
          <input
            id={id("password")}
            className="input"
            name="password"
            type="password"
            autoComplete="new-password"
            minLength={PASSWORD_MIN_LENGTH}
            maxLength={128}
          />
        </Field>
        <details className="auth-form__more">
          <summary>More about you (optional)</summary>
          <Field label="Mobile" hint="For order updates by text.">
            <input
              id={id("mobile")}
              className="input"
              name="mobile"
              type="tel"
              autoComplete="tel-national"
              inputMode="tel"
            />
          </Field>
          <Field label="Gender">
            <select id={id("gender")} className="input" name="gender" defaultValue="">
              <option value="">Prefer not to say</option>
              <option value="female">Female</option>
              <option value="male">Male</option>
              <option value="nonbinary">Non-binary</option>
            </select>
          </Field>
          <Field label="How did you hear about us?">
            <input id={id("source")} className="input" name="source" maxLength={100} />
          </Field>
        </details>
        <FormError message={error} />
        <button type="submit" className="button button--primary button--block button--large" disabled={busy}>
          {busy ? "Signing up…" : "Sign up"}
        </button>
        <p className="auth-form__fine">
          By signing up you agree to our <Link to="/terms-of-service">terms</Link> and{" "}
          <Link to="/privacy-policy">privacy policy</Link>.
        </p>
      </Form>
      {sso ? null : (
        <SocialButtons providers={providers} returnTo={returnTo} referral={referral?.code ?? null} />
      )}
      <p className="auth-panel__switch">
        Have an account?{" "}
        {onShowLogin ? (
          <button type="button" className="link-button" onClick={onShowLogin}>
            Log in
          </button>
        ) : (
          <Link to={`/login?returnTo=${encodeURIComponent(returnTo)}`}>Log in</Link>
        )}
      </p>
    </div>
  );
}
