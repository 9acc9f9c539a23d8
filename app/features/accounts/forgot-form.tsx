import { Link } from "react-router";
import { Field, FormError, FormNotice } from "./auth-layout.tsx";
import type { FormChannel } from "./form-channel.tsx";
import type { ActionFailure } from "./forms.server.ts";
import { CsrfField } from "./session.tsx";

export type ForgotResult = { ok: true; intent: "forgot"; message: string } | ActionFailure;

/** Forgot password: a single-use reset link by email; the same answer for any email. */
export function ForgotForm({
  channel,
  idPrefix = "forgot",
  onShowLogin,
}: {
  channel: FormChannel<ForgotResult>;
  idPrefix?: string;
  onShowLogin?: () => void;
}) {
  const { Form, data, busy } = channel;
  const sent = data?.ok ? data.message : null;
  return (
    <div className="auth-panel">
      {sent ? (
        <FormNotice message={sent} />
      ) : (
        <Form method="post" action="/forgot-password" className="auth-form" aria-label="Reset your password">
          <CsrfField />
          <Field label="Email" hint="We'll email you a link to choose a new password.">
            <input
              id={`${idPrefix}-email`}
              className="input"
              name="email"
              type="email"
              autoComplete="email"
              required
            />
          </Field>
          <FormError message={data && !data.ok ? data.error : null} />
          <button
            type="submit"
            className="button button--primary button--block button--large"
            disabled={busy}
          >
            {busy ? "Sending…" : "Email me a link"}
          </button>
        </Form>
      )}
      <p className="auth-panel__switch">
        Remembered it?{" "}
        {onShowLogin ? (
          <button type="button" className="link-button" onClick={onShowLogin}>
            Log in
          </button>
        ) : (
          <Link to="/login">Log in</Link>
        )}
      </p>
    </div>
  );
}
