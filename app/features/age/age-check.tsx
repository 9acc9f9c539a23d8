import { lazy, type ReactNode, Suspense, useCallback, useEffect, useRef, useState } from "react";
import { apiErrorMessage, browserApi } from "#app/lib/api.ts";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import { type VerificationStatus, verificationStatusOf } from "#domain/age/status.ts";
import { AgeSupportContact } from "./age-support.tsx";
import type { CartVerifyAnswer } from "./types.ts";

/** The scanner's code loads only for a cart that needs it, and its decoder only once it opens. */
const loadScanner = () => import("./scanner-dialog.tsx");
const ScannerDialog = lazy(() => loadScanner().then((m) => ({ default: m.ScannerDialog })));

/** The cart's answer from `POST /menu/cart/verify`, or why it could not be had. */
export type AgeCheck = { answer: CartVerifyAnswer; error: null } | { answer: null; error: string };

export const AGE_CHECK_FAILED = "We couldn't check your age verification.";

/** Why Place order waits, by status (spec §4): it stays off until the shopper is verified (1). */
const WAITING: Record<0 | 2 | 3, string> = {
  0: "Verify your age to place this order.",
  2: "Your age could not be verified, so this order can't be placed.",
  3: "Age verification isn't available right now, so this order can't be placed.",
};

/** `POST /menu/cart/verify`, read the way checkout loads it (server) and refreshes it (browser). */
export async function askAgeCheck(
  api: typeof browserApi,
  headers?: Record<string, string>,
): Promise<AgeCheck> {
  try {
    const res = await api<CartVerifyAnswer>("/menu/cart/verify", { method: "POST", body: {}, headers });
    return res.ok
      ? { answer: res.data, error: null }
      : { answer: null, error: apiErrorMessage(res.data, AGE_CHECK_FAILED) };
  } catch {
    return { answer: null, error: AGE_CHECK_FAILED };
  }
}

export interface AgeCheckState {
  required: boolean;
  check: AgeCheck | null;
  status: VerificationStatus;
  /** Spec §8's error for status 3. */
  error: string | undefined;
  /** Why Place order is off, or null when age does not stop it. */
  waiting: string | null;
  refresh: () => Promise<CartVerifyAnswer | null>;
}

/**
 * Where the shopper stands on age verification for a cart that needs it (the cart's `verification_required`),
 * mapped to spec §4's statuses. Checkout may not be placed until the status is 1; the server refuses anyway.
 */
export function useAgeCheck(initial: AgeCheck | null, required: boolean): AgeCheckState {
  const [check, setCheck] = useState(initial);
  const refresh = useCallback(async () => {
    const next = await askAgeCheck(browserApi);
    // A failed refresh keeps the last answer the server gave.
    setCheck((last) => (next.answer || !last?.answer ? next : last));
    return next.answer;
  }, []);
  useEffect(() => {
    if (required && !check) void refresh();
  }, [required, check, refresh]);
  const { status, error } = verificationStatusOf(check?.answer);
  const waiting = !required
    ? null
    : !check
      ? "Checking your age verification…"
      : !check.answer
        ? AGE_CHECK_FAILED
        : status === null || status === 1
          ? null
          : WAITING[status];
  return { required, check, status, error, waiting, refresh };
}

/** Checkout's "Age verification" section: the status, and the scanner when a scan session is open (status 0). */
export function AgeCheckSection({ age }: { age: AgeCheckState }) {
  const [scanning, setScanning] = useState(false);
  // The scanner needs the page's script: the button waits for it rather than doing nothing when pressed.
  const hydrated = useHydrated();
  // Mounted from the first opening on, so its outcome stays on screen when the status behind it changes.
  const [mounted, setMounted] = useState(false);
  const scanButton = useRef<HTMLButtonElement>(null);
  const stateRef = useRef<HTMLDivElement>(null);
  const answer = age.check?.answer ?? null;
  const session =
    answer?.result === "unknown" && "token" in answer ? { id: answer.id, token: answer.token } : null;

  // Fetched while the shopper reads the section, so the first tap on "Scan your ID" does not wait for it.
  useEffect(() => {
    if (session) void loadScanner().catch(() => {});
  }, [session]);

  const close = () => {
    setScanning(false);
    // Back to the button that opened the scanner, or to the outcome when the button is gone.
    requestAnimationFrame(() => (scanButton.current ?? stateRef.current)?.focus());
  };

  let state: ReactNode;
  if (!age.check) state = <p className="age-check__text">Checking your age verification…</p>;
  else if (!answer)
    state = (
      <p className="form-message form-message--error">
        {age.check.error}{" "}
        <button type="button" className="link-button" onClick={() => void age.refresh()}>
          Try again
        </button>
      </p>
    );
  else if (age.status === 1)
    state = (
      <p className="age-check__verified">
        <span aria-hidden="true">✓</span> Your age is verified.
      </p>
    );
  else if (age.status === 0)
    state = (
      <p className="age-check__text">
        Nicotine and tobacco need an ID check before we can take this order: scan the barcode on the back of
        your driving licence or ID card.
      </p>
    );
  else if (age.status === 2 || age.status === 3)
    state = (
      <>
        <p className="form-message form-message--error">
          {age.status === 2 && answer.result === "failed" ? answer.message : age.error}
        </p>
        <p className="age-check__text">
          To order the rest now, remove the nicotine and tobacco from your cart.
        </p>
        {age.status === 2 ? <AgeSupportContact /> : null}
      </>
    );
  else state = <p className="age-check__text">No ID check is needed for this order.</p>;

  return (
    <section className="checkout__section age-check" aria-labelledby="age-heading" data-testid="age-check">
      <h2 id="age-heading" className="checkout__heading">
        Age verification
      </h2>
      <div ref={stateRef} className="age-check__state" role="status" aria-live="polite" tabIndex={-1}>
        {state}
      </div>
      {age.status === 0 && session ? (
        <button
          ref={scanButton}
          type="button"
          className="button button--primary age-check__scan"
          disabled={!hydrated}
          onClick={() => {
            setMounted(true);
            setScanning(true);
          }}
        >
          Scan your ID
        </button>
      ) : null}
      {mounted ? (
        <Suspense fallback={null}>
          <ScannerDialog open={scanning} session={session} onClose={close} refresh={age.refresh} />
        </Suspense>
      ) : null}
    </section>
  );
}
