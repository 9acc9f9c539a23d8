import { useEffect, useState } from "react";
import { useSession } from "../accounts/session.tsx";
import { enablePush, notificationPermission, type PushOptInResult } from "./web-push.ts";

type State = "hidden" | "offer" | "asking" | PushOptInResult;

/**
 * "Get updates on this order": a signed-in shopper's opt-in to Web Push (spec §6: registered only for a logged-in
 * user who grants permission). Shown after hydration where the browser can push and permission was not refused;
 * the browser asks only when the button is pressed. Nothing for visitors.
 */
export function PushOptIn() {
  const { user } = useSession();
  const [state, setState] = useState<State>("hidden");
  useEffect(() => {
    const permission = notificationPermission();
    if (!user || permission === "unsupported" || permission === "denied") return;
    setState("offer");
  }, [user]);
  if (!user || state === "hidden" || state === "unsupported") return null;
  const ask = async () => {
    setState("asking");
    setState(await enablePush(user.id));
  };
  return (
    <section className="checkout__section push-opt-in" data-state={state}>
      {state === "ok" ? (
        <p role="status">We'll let you know on this device as your order moves.</p>
      ) : state === "denied" ? (
        <p role="status">Notifications are blocked for this site in your browser's settings.</p>
      ) : (
        <>
          <p>Get a notification on this device each time your order moves.</p>
          <button type="button" className="button button--ghost" onClick={ask} disabled={state === "asking"}>
            {state === "asking" ? "Turning on…" : "Get updates on this order"}
          </button>
          {state === "failed" ? (
            <p className="form-message form-message--error" role="alert">
              We couldn't turn on notifications on this device. Please try again.
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}
