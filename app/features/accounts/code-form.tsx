import { Field, FormError, FormNotice } from "./auth-layout.tsx";
import type { FormChannel } from "./form-channel.tsx";
import { CsrfField } from "./session.tsx";

/** Step 2 of a code login or signup: the 6-digit code, bound to the attempt's oid. */
export function CodeForm({
  channel,
  action,
  intent,
  oid,
  email,
  message,
  error,
  returnTo,
  idPrefix,
  onRestart,
}: {
  channel: FormChannel<unknown>;
  action: string;
  intent: string;
  oid: string;
  email: string;
  message: string;
  error?: string | null;
  returnTo: string;
  idPrefix: string;
  onRestart?: () => void;
}) {
  const { Form, busy } = channel;
  return (
    <Form method="post" action={action} className="auth-form" aria-label="Enter your code">
      <CsrfField />
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="oid" value={oid} />
      <input type="hidden" name="email" value={email} />
      <input type="hidden" name="returnTo" value={returnTo} />
      <FormNotice message={message} />
      <Field label="6-digit code" hint={email ? `Sent to ${email}. It expires in 10 minutes.` : undefined}>
        <input
          id={`${idPrefix}-code`}
          className="input input--code"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]{6}"
          maxLength={6}
          required
          // biome-ignore lint/a11y/noAutofocus: the code is the only thing to do on this step
          autoFocus
        />
      </Field>
      <FormError message={error} />
      <button type="submit" className="button button--primary button--block button--large" disabled={busy}>
        {busy ? "Checking…" : "Continue"}
      </button>
      {onRestart ? (
        <button type="button" className="link-button auth-form__restart" onClick={onRestart}>
          Didn't get it? Start again
        </button>
      ) : (
        <a className="auth-form__restart" href={action}>
          Didn't get it? Start again
        </a>
      )}
    </Form>
  );
}
