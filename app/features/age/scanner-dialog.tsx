import { useCallback, useEffect, useId, useRef, useState } from "react";
import { CloseIcon } from "#app/components/icons.tsx";
import { apiErrorMessage, browserApi } from "#app/lib/api.ts";
import { useModalDialog } from "#app/lib/modal-dialog.ts";
import { AgeSupportContact } from "./age-support.tsx";
import { SCANNER_COPY as COPY, retryAfterText } from "./scanner-copy.ts";
import { type CartVerifyAnswer, MAX_BARCODE_LENGTH, type ScanAnswer, type ScanSession } from "./types.ts";
import { useLicenceReader } from "./use-licence-reader.ts";

type Step =
  | { kind: "scanning" }
  | { kind: "reading" }
  | { kind: "unreadable" }
  | { kind: "checking" }
  | { kind: "verified" }
  | { kind: "refused"; message: string; canScanAgain: boolean; locked?: boolean }
  | { kind: "retry"; message: string; barcode: string | null };

/** Spec §4: a new scan can follow while the server keeps a session open for this cart. */
const openSession = (answer: CartVerifyAnswer | null): ScanSession | null =>
  answer?.result === "unknown" && "token" in answer ? { id: answer.id, token: answer.token } : null;

/** Why the camera cannot start, in the shopper's words (`err` null: the browser has no camera API). */
function cameraMessage(err: unknown | null): string {
  if (err === null) return COPY.noCameraApi;
  const name = (err as { name?: string } | null)?.name;
  if (name === "NotAllowedError" || name === "SecurityError") return COPY.cameraRefused;
  if (name === "NotFoundError" || name === "OverconstrainedError" || name === "DevicesNotFoundError")
    return COPY.noCamera;
  return COPY.cameraFailed;
}

/**
 * "Verify your age": reads the PDF417 barcode on the back of a US or Canadian licence or ID card in the browser —
 * from the camera (a frame every 250 ms) or an uploaded photo, which is always offered — and sends its text to
 * the server, which decides (docs/adr/0024-age-verification.md). Nothing but the barcode's text leaves the page.
 */
export function ScannerDialog({
  open,
  session,
  onClose,
  refresh,
}: {
  open: boolean;
  /** The scan session the barcode is posted with. */
  session: ScanSession | null;
  onClose: () => void;
  /** Asks the server again where the shopper stands (`POST /menu/cart/verify`); null when it could not. */
  refresh: () => Promise<CartVerifyAnswer | null>;
}) {
  const dialog = useModalDialog(open, onClose);
  // The latest session and refresh, read when a scan ends (the scanning callbacks stay the same throughout).
  const sessionRef = useRef(session);
  sessionRef.current = session;
  const refreshRef = useRef(refresh);
  refreshRef.current = refresh;
  const [step, setStep] = useState<Step>({ kind: "scanning" });
  const ids = { title: useId(), intro: useId(), upload: useId() };

  const submit = useCallback(
    async (barcode: string, current: ScanSession | null, retried = false): Promise<void> => {
      const refresh = () => refreshRef.current();
      if (barcode.length > MAX_BARCODE_LENGTH) return setStep({ kind: "unreadable" });
      if (!current) return setStep({ kind: "refused", message: COPY.sessionEnded, canScanAgain: false });
      setStep({ kind: "checking" });
      let res: Awaited<ReturnType<typeof browserApi<ScanAnswer>>>;
      try {
        res = await browserApi<ScanAnswer>(`/menu/verify/${encodeURIComponent(current.id)}`, {
          method: "POST",
          body: { token: current.token, barcode },
        });
      } catch {
        return setStep({ kind: "retry", message: COPY.network, barcode });
      }
      if (res.ok && res.data.result === "success") {
        await refresh();
        return setStep({ kind: "verified" });
      }
      if (res.ok) {
        const next = await refresh();
        return setStep({
          kind: "refused",
          message: res.data.message || COPY.serverFailed,
          canScanAgain: openSession(next) !== null,
          // An under-age refusal locks the ID check: the way on is support.
          locked: res.data.reason === "under_age",
        });
      }
      if (res.status === 409) {
        // The session was used or has expired: a fresh one takes the same reading once.
        const next = openSession(await refresh());
        if (next && !retried) return submit(barcode, next, true);
        return setStep({
          kind: "refused",
          message: apiErrorMessage(res.data, COPY.sessionEnded),
          canScanAgain: next !== null,
        });
      }
      if (res.status === 429) {
        await refresh();
        return setStep({
          kind: "refused",
          message: `${apiErrorMessage(res.data, COPY.tooMany)}${retryAfterText(res.headers["retry-after"])}`,
          canScanAgain: false,
        });
      }
      if (res.status >= 500) return setStep({ kind: "retry", message: COPY.serverFailed, barcode });
      const next = await refresh();
      return setStep({
        kind: "refused",
        message: apiErrorMessage(res.data, COPY.serverFailed),
        canScanAgain: openSession(next) !== null,
      });
    },
    [],
  );

  const reader = useLicenceReader({
    found: (barcode) => void submit(barcode, sessionRef.current),
    reading: () => setStep({ kind: "reading" }),
    unreadable: () => setStep({ kind: "unreadable" }),
    readerFailed: () => setStep({ kind: "retry", message: COPY.readerFailed, barcode: null }),
    cameraMessage,
  });
  const { start, stop } = reader;
  const camera = reader.camera;

  const scan = useCallback(() => {
    setStep({ kind: "scanning" });
    start();
  }, [start]);

  // Opening shows the modal and starts scanning; closing stops the camera (and so does leaving the page).
  useEffect(() => {
    if (open) scan();
    else stop();
  }, [open, scan, stop]);

  const scanning = step.kind === "scanning" || step.kind === "reading" || step.kind === "unreadable";
  const cameraText =
    camera.state === "unavailable"
      ? camera.message
      : camera.state === "live"
        ? COPY.live
        : camera.state === "starting"
          ? COPY.starting
          : "";
  const status =
    step.kind === "reading"
      ? COPY.reading
      : step.kind === "checking"
        ? COPY.checking
        : step.kind === "verified"
          ? COPY.verified
          : scanning
            ? cameraText
            : "";

  return (
    <dialog
      {...dialog}
      className="scanner"
      aria-labelledby={ids.title}
      aria-describedby={ids.intro}
      data-testid="age-scanner"
    >
      <div className="scanner__head">
        <h2 id={ids.title} className="scanner__title">
          {COPY.title}
        </h2>
        <button type="button" className="icon-button" aria-label="Close" onClick={onClose}>
          <CloseIcon />
        </button>
      </div>
      <p id={ids.intro} className="scanner__intro">
        {COPY.intro}
      </p>

      <div className="scanner__viewport" hidden={!scanning || camera.state === "unavailable"}>
        <video ref={reader.video} className="scanner__video" muted playsInline aria-label="Camera preview" />
        <span className="scanner__frame" aria-hidden="true" />
      </div>

      <p
        className={`scanner__status${step.kind === "verified" ? " scanner__status--done" : ""}`}
        role="status"
        aria-live="polite"
      >
        {status}
      </p>

      {step.kind === "unreadable" ? (
        <p className="form-message form-message--error" role="alert">
          {COPY.unreadable}
        </p>
      ) : null}
      {step.kind === "refused" || step.kind === "retry" ? (
        <p className="form-message form-message--error" role="alert">
          {step.message}
        </p>
      ) : null}
      {step.kind === "refused" && step.locked ? <AgeSupportContact /> : null}

      {scanning ? (
        <div className="field scanner__upload">
          <label className="field__label" htmlFor={ids.upload}>
            {COPY.uploadLabel}
          </label>
          <input
            id={ids.upload}
            type="file"
            accept="image/*"
            capture="environment"
            className="input"
            disabled={step.kind === "reading"}
            onChange={(e) => void reader.readPhoto(e.currentTarget)}
          />
        </div>
      ) : null}

      <div className="scanner__actions">
        {step.kind === "verified" ? (
          // biome-ignore lint/a11y/noAutofocus: the result's one action takes the focus the scan had
          <button type="button" className="button button--primary" autoFocus onClick={onClose}>
            Done
          </button>
        ) : null}
        {step.kind === "refused" && step.canScanAgain ? (
          // biome-ignore lint/a11y/noAutofocus: the result's one action takes the focus the scan had
          <button type="button" className="button button--primary" autoFocus onClick={scan}>
            Scan again
          </button>
        ) : null}
        {step.kind === "retry" ? (
          <button
            type="button"
            className="button button--primary"
            // biome-ignore lint/a11y/noAutofocus: the result's one action takes the focus the scan had
            autoFocus
            onClick={() => (step.barcode ? void submit(step.barcode, sessionRef.current) : scan())}
          >
            Try again
          </button>
        ) : null}
        {step.kind === "refused" && !step.canScanAgain ? (
          <button type="button" className="button" onClick={onClose}>
            Back to checkout
          </button>
        ) : null}
      </div>
    </dialog>
  );
}
