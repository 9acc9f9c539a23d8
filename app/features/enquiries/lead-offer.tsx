import { useId, useState } from "react";
import { apiErrorMessage, browserApi } from "#app/lib/api.ts";
import type { ApiAnswer } from "#app/lib/api-answers.ts";
import { SIGNUP_PROMO } from "#domain/accounts/signup-offer.ts";

/** The lead prompt's card (app/features/enquiries/lead-prompt.tsx decides when): the signup offer by email. */
export function LeadOffer({
  shown,
  page,
  platform,
  onClose,
  onAnswered,
}: {
  shown: boolean;
  /** The page it was left on, sent with the lead. */
  page: string;
  platform: string;
  onClose: () => void;
  onAnswered: () => void;
}) {
  const [state, setState] = useState<{ busy: boolean; error: string | null; done: string | null }>({
    busy: false,
    error: null,
    done: null,
  });
  const titleId = useId();
  if (!shown) return null;

  const submit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get("email") ?? "");
    setState({ busy: true, error: null, done: null });
    const res = await browserApi<ApiAnswer<"captureLead">>("/api/leads", {
      method: "POST",
      body: { email, platform, page: page.slice(0, 200) },
    }).catch(() => null);
    if (res?.ok) {
      // Answered: it stays away as if closed.
      onAnswered();
      setState({ busy: false, error: null, done: res.data.message });
    } else {
      setState({
        busy: false,
        error: res
          ? apiErrorMessage(res.data, "That did not send. Please try again.")
          : "You seem to be offline.",
        done: null,
      });
    }
  };

  return (
    <section className="lead-prompt" aria-labelledby={titleId} aria-live="polite">
      <h2 id={titleId} className="lead-prompt__title">
        {SIGNUP_PROMO.desc}
      </h2>
      <button type="button" className="lead-prompt__close" aria-label="Close the offer" onClick={onClose}>
        ×
      </button>
      {state.done ? (
        <p role="status">{state.done}</p>
      ) : (
        <>
          <p>Leave your email and we'll send you the offer, good when you sign up. 21+ only.</p>
          <form className="lead-prompt__form" onSubmit={submit} aria-labelledby={titleId}>
            <label className="visually-hidden" htmlFor={`${titleId}-email`}>
              Email for the offer
            </label>
            <input
              id={`${titleId}-email`}
              className="input"
              type="email"
              name="email"
              autoComplete="email"
              placeholder="you@example.com"
              required
              aria-invalid={state.error ? true : undefined}
              aria-describedby={state.error ? `${titleId}-error` : undefined}
            />
            {state.error ? (
              <p className="field__error" id={`${titleId}-error`} role="alert">
                {state.error}
              </p>
            ) : null}
            <button className="button button--primary" type="submit" disabled={state.busy}>
              {state.busy ? "Sending…" : "Send my offer"}
            </button>
          </form>
        </>
      )}
    </section>
  );
}
