import { useCallback, useEffect, useId, useRef, useState } from "react";
import { CloseIcon } from "#app/components/icons.tsx";
import { apiErrorMessage, browserApi } from "#app/lib/api.ts";
import type { ApiAnswer } from "#app/lib/api-answers.ts";
import { useModalDialog } from "#app/lib/modal-dialog.ts";
import { HANDOVER_REFUSALS, type HandoverRefusal, REFUSAL_RULES } from "#domain/door/handover.ts";
import { useLicenceReader } from "../age/use-licence-reader.ts";
import { DOOR_COPY } from "./door-copy.ts";

export type DoorAnswer = ApiAnswer<"checkIdAtDoor">;

type Step =
  | { kind: "scanning" }
  | { kind: "reading" }
  | { kind: "checking" }
  | { kind: "problem"; message: string }
  | { kind: "answered"; answer: DoorAnswer };

/**
 * The driver's ID check at the door (issue 33 §4, docs/adr/0062-the-handover-at-the-door.md): the camera (a frame
 * every 250 ms) or a photo, read in the browser by the shopper's age-check reader; the barcode's text goes to the
 * server, which decides. A pass hands the order over; a refusal says why and suggests the reason to record.
 */
export function DoorScanner({
  orderId,
  orderNumber,
  open,
  onClose,
  onAnswer,
}: {
  orderId: string;
  orderNumber: number;
  open: boolean;
  onClose: () => void;
  onAnswer: (answer: DoorAnswer) => void;
}) {
  const dialog = useModalDialog(open, onClose);
  const [step, setStep] = useState<Step>({ kind: "scanning" });
  const ids = { title: useId(), upload: useId() };
  const answered = useRef(onAnswer);
  answered.current = onAnswer;

  const submit = useCallback(
    async (barcode: string) => {
      setStep({ kind: "checking" });
      try {
        const res = await browserApi<DoorAnswer>(
          `/api/console/orders/${encodeURIComponent(orderId)}/door-check`,
          {
            method: "POST",
            body: { barcode },
          },
        );
        if (!res.ok)
          return setStep({ kind: "problem", message: apiErrorMessage(res.data, DOOR_COPY.network) });
        setStep({ kind: "answered", answer: res.data });
        answered.current(res.data);
      } catch {
        setStep({ kind: "problem", message: DOOR_COPY.network });
      }
    },
    [orderId],
  );

  const reader = useLicenceReader({
    found: (barcode) => void submit(barcode),
    reading: () => setStep({ kind: "reading" }),
    unreadable: () => setStep({ kind: "problem", message: DOOR_COPY.unreadable }),
    readerFailed: () => setStep({ kind: "problem", message: DOOR_COPY.readerFailed }),
    cameraMessage: () => DOOR_COPY.noCamera,
  });
  const { start, stop } = reader;

  const scan = useCallback(() => {
    setStep({ kind: "scanning" });
    start();
  }, [start]);

  useEffect(() => {
    if (open) scan();
    else stop();
  }, [open, scan, stop]);

  const scanning = step.kind === "scanning" || step.kind === "reading";
  const status =
    step.kind === "reading"
      ? DOOR_COPY.reading
      : step.kind === "checking"
        ? DOOR_COPY.checking
        : scanning
          ? reader.camera.state === "unavailable"
            ? reader.camera.message
            : reader.camera.state === "live"
              ? DOOR_COPY.live
              : reader.camera.state === "starting"
                ? DOOR_COPY.starting
                : ""
          : "";
  const answer = step.kind === "answered" ? step.answer : null;

  return (
    <dialog
      {...dialog}
      className="scanner door-scanner"
      aria-labelledby={ids.title}
      data-testid="door-scanner"
    >
      <div className="scanner__head">
        <h2 id={ids.title} className="scanner__title">
          {DOOR_COPY.title} · #{orderNumber}
        </h2>
        <button type="button" className="icon-button" aria-label="Close" onClick={onClose}>
          <CloseIcon />
        </button>
      </div>
      <p className="scanner__intro">{DOOR_COPY.intro}</p>
      <div className="scanner__viewport" hidden={!scanning || reader.camera.state === "unavailable"}>
        <video ref={reader.video} className="scanner__video" muted playsInline aria-label="Camera preview" />
        <span className="scanner__frame" aria-hidden="true" />
      </div>
      <p className="scanner__status" role="status" aria-live="polite">
        {status}
      </p>
      {step.kind === "problem" ? (
        <p className="form-message form-message--error" role="alert">
          {step.message}
        </p>
      ) : null}
      {answer ? (
        <p
          className={`door-scanner__verdict door-scanner__verdict--${answer.result}`}
          role={answer.result === "refused" ? "alert" : "status"}
        >
          {answer.message}
        </p>
      ) : null}
      {scanning ? (
        <div className="field scanner__upload">
          <label className="field__label" htmlFor={ids.upload}>
            {DOOR_COPY.uploadLabel}
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
        {step.kind === "problem" || answer?.result === "refused" ? (
          <button type="button" className="button" onClick={scan}>
            Scan another ID
          </button>
        ) : null}
        {answer ? (
          <button type="button" className="button button--primary" onClick={onClose}>
            {answer.result === "handed_over" ? "Done" : "Back to the stop"}
          </button>
        ) : null}
      </div>
    </dialog>
  );
}

/** The reasons a driver may record, with the words the driver reads. */
export const REFUSAL_OPTIONS: { value: HandoverRefusal; label: string }[] = HANDOVER_REFUSALS.map(
  (value) => ({
    value,
    label: REFUSAL_RULES[value].label,
  }),
);
