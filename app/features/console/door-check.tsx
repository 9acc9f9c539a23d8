import { useCallback, useEffect, useId, useRef, useState } from "react";
import { CloseIcon } from "#app/components/icons.tsx";
import { apiErrorMessage, browserApi } from "#app/lib/api.ts";
import type { ApiAnswer } from "#app/lib/api-answers.ts";
import { useModalDialog } from "#app/lib/modal-dialog.ts";
import { HANDOVER_REFUSALS, type HandoverRefusal, REFUSAL_RULES } from "#domain/door/handover.ts";
import { DOOR_COPY } from "./door-copy.ts";

type Decoder = typeof import("../age/licence-decoder.ts");
export type DoorAnswer = ApiAnswer<"checkIdAtDoor">;

/** The licence reader the shopper's age check uses (zxing-wasm), loaded on the first scan, never with the page. */
let decoder: Promise<Decoder> | null = null;
function loadDecoder(): Promise<Decoder> {
  decoder ??= import("../age/licence-decoder.ts").then(async (m) => {
    await m.prepareReader();
    return m;
  });
  decoder.catch(() => {
    decoder = null;
  });
  return decoder;
}

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
  const video = useRef<HTMLVideoElement>(null);
  const stream = useRef<MediaStream | null>(null);
  const timer = useRef<number | null>(null);
  const run = useRef(0);
  const busy = useRef(false);
  const [camera, setCamera] = useState<"off" | "starting" | "live" | "unavailable">("off");
  const [step, setStep] = useState<Step>({ kind: "scanning" });
  const ids = { title: useId(), upload: useId() };
  const answered = useRef(onAnswer);
  answered.current = onAnswer;

  const stopCamera = useCallback(() => {
    run.current++;
    if (timer.current !== null) window.clearInterval(timer.current);
    timer.current = null;
    for (const track of stream.current?.getTracks() ?? []) track.stop();
    stream.current = null;
    if (video.current) video.current.srcObject = null;
    busy.current = false;
    setCamera((c) => (c === "unavailable" ? c : "off"));
  }, []);

  const submit = useCallback(
    async (barcode: string) => {
      stopCamera();
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
    [orderId, stopCamera],
  );

  const startCamera = useCallback(async () => {
    stopCamera();
    const mine = run.current;
    if (!navigator.mediaDevices?.getUserMedia) return setCamera("unavailable");
    setCamera("starting");
    let media: MediaStream;
    try {
      media = await navigator.mediaDevices.getUserMedia({
        video: { facingMode: "environment", width: { ideal: 1920 }, height: { ideal: 1080 } },
        audio: false,
      });
    } catch {
      if (run.current === mine) setCamera("unavailable");
      return;
    }
    const element = video.current;
    if (run.current !== mine || !element) {
      for (const track of media.getTracks()) track.stop();
      return;
    }
    stream.current = media;
    element.srcObject = media;
    await element.play().catch(() => undefined);
    if (run.current !== mine) return;
    setCamera("live");
    timer.current = window.setInterval(async () => {
      if (busy.current || element.readyState < 2 || !element.videoWidth) return;
      busy.current = true;
      try {
        const text = await (await loadDecoder()).readFrame(element, element.videoWidth, element.videoHeight);
        if (text && run.current === mine) void submit(text);
      } catch {
        // An unreadable frame is skipped; the next comes in 250 ms.
      } finally {
        if (run.current === mine) busy.current = false;
      }
    }, 250);
  }, [stopCamera, submit]);

  const scan = useCallback(() => {
    setStep({ kind: "scanning" });
    loadDecoder().catch(() => setStep({ kind: "problem", message: DOOR_COPY.readerFailed }));
    void startCamera();
  }, [startCamera]);

  useEffect(() => {
    if (open) scan();
    else stopCamera();
  }, [open, scan, stopCamera]);
  useEffect(() => stopCamera, [stopCamera]);

  async function choosePhoto(input: HTMLInputElement) {
    const file = input.files?.[0];
    input.value = "";
    if (!file) return;
    const mine = run.current;
    busy.current = true;
    setStep({ kind: "reading" });
    try {
      const text = await (await loadDecoder()).readPhoto(file);
      if (run.current !== mine) return;
      if (text) return void submit(text);
      setStep({ kind: "problem", message: DOOR_COPY.unreadable });
    } catch {
      if (run.current === mine) setStep({ kind: "problem", message: DOOR_COPY.readerFailed });
    } finally {
      if (run.current === mine) busy.current = false;
    }
  }

  const scanning = step.kind === "scanning" || step.kind === "reading";
  const status =
    step.kind === "reading"
      ? DOOR_COPY.reading
      : step.kind === "checking"
        ? DOOR_COPY.checking
        : scanning
          ? camera === "live"
            ? DOOR_COPY.live
            : camera === "starting"
              ? DOOR_COPY.starting
              : camera === "unavailable"
                ? DOOR_COPY.noCamera
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
      <div className="scanner__viewport" hidden={!scanning || camera === "unavailable"}>
        <video ref={video} className="scanner__video" muted playsInline aria-label="Camera preview" />
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
            onChange={(e) => void choosePhoto(e.currentTarget)}
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
