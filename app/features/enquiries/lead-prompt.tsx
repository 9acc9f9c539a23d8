import { useEffect, useId, useState } from "react";
import { useLocation } from "react-router";
import { apiErrorMessage, browserApi } from "#app/lib/api.ts";
import type { ApiAnswer } from "#app/lib/api-answers.ts";
import { SIGNUP_PROMO } from "#domain/accounts/signup-offer.ts";
import { LEAD_STORAGE, leadPromptTiming, storedTime } from "#domain/leads/prompt.ts";
import { useSession } from "../accounts/session.tsx";

/** This storefront's platform, as its x-platform header names it (the apps send ios or android). */
const PLATFORM = "web";

function read(storage: "local" | "session", key: string): string | null {
  try {
    return (storage === "local" ? window.localStorage : window.sessionStorage).getItem(key);
  } catch {
    return null;
  }
}

function write(storage: "local" | "session", key: string, value: string): void {
  try {
    (storage === "local" ? window.localStorage : window.sessionStorage).setItem(key, value);
  } catch {
    // Private mode or storage full: the prompt simply forgets.
  }
}

/**
 * The lead-capture prompt (issue 17, spec §9): for anonymous visitors, 30 seconds into the session (its start kept
 * in sessionStorage), the signup offer by email; closed, it stays away for 7 days (the closed time kept in
 * localStorage); the platform is kept with it and sent with the lead. A corner card, not a modal: it never
 * takes focus or blocks the page.
 */
export function LeadPrompt() {
  const { user } = useSession();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const [state, setState] = useState<{ busy: boolean; error: string | null; done: string | null }>({
    busy: false,
    error: null,
    done: null,
  });
  const titleId = useId();
  const signedIn = user !== null;

  useEffect(() => {
    const now = Date.now();
    let start = storedTime(read("session", LEAD_STORAGE.sessionStart));
    if (start === null) {
      start = now;
      write("session", LEAD_STORAGE.sessionStart, String(now));
    }
    if (read("local", LEAD_STORAGE.platform) === null) write("local", LEAD_STORAGE.platform, PLATFORM);
    const timing = leadPromptTiming({
      now,
      sessionStart: start,
      closedAt: storedTime(read("local", LEAD_STORAGE.closedAt)),
      path: pathname,
      signedIn,
    });
    if (timing.show) {
      setOpen(true);
      return;
    }
    setOpen(false);
    if (timing.inMs === null) return;
    const timer = window.setTimeout(() => setOpen(true), timing.inMs);
    return () => window.clearTimeout(timer);
  }, [pathname, signedIn]);

  if (!open || signedIn) return null;

  const close = () => {
    write("local", LEAD_STORAGE.closedAt, String(Date.now()));
    setOpen(false);
  };

  const submit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get("email") ?? "");
    setState({ busy: true, error: null, done: null });
    const platform = read("local", LEAD_STORAGE.platform) ?? PLATFORM;
    const res = await browserApi<ApiAnswer<"captureLead">>("/api/leads", {
      method: "POST",
      body: { email, platform, page: pathname.slice(0, 200) },
    }).catch(() => null);
    if (res?.ok) {
      // Answered: it stays away as if closed.
      write("local", LEAD_STORAGE.closedAt, String(Date.now()));
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
      <button type="button" className="lead-prompt__close" aria-label="Close the offer" onClick={close}>
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
