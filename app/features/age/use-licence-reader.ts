import { type RefObject, useCallback, useEffect, useRef, useState } from "react";

type Decoder = typeof import("./licence-decoder.ts");

/** The reader (and its WebAssembly) loads on the first scan, never with the page. */
let decoder: Promise<Decoder> | null = null;
function loadDecoder(): Promise<Decoder> {
  decoder ??= import("./licence-decoder.ts").then(async (m) => {
    await m.prepareReader();
    return m;
  });
  // A failed load (offline, say) is tried afresh next time.
  decoder.catch(() => {
    decoder = null;
  });
  return decoder;
}

export type Camera = { state: "off" | "starting" | "live" } | { state: "unavailable"; message: string };

const SAMPLE_MS = 250;

export interface LicenceReaderEvents {
  /** A barcode's text was read (the camera is stopped by then). */
  found(barcode: string): void;
  /** A chosen photo is being read. */
  reading(): void;
  /** The chosen photo holds no barcode that reads. */
  unreadable(): void;
  /** The reader itself could not load or failed. */
  readerFailed(): void;
  /** What to tell the person when the camera cannot start (`error` null: the browser has no camera API). */
  cameraMessage(error: unknown | null): string;
}

export interface LicenceReader {
  /** The preview the camera's frames are sampled from. */
  video: RefObject<HTMLVideoElement | null>;
  camera: Camera;
  /** Loads the reader and starts the back camera, a frame read every 250 ms until a barcode is found. */
  start(): void;
  /** Stops the camera and any reading under way (their late answers are dropped). */
  stop(): void;
  /** Reads the photo chosen in a file input (which is cleared, so the same photo can be chosen again). */
  readPhoto(input: HTMLInputElement): Promise<void>;
}

/**
 * The licence barcode reader the shopper's age check and the driver's door check share: the PDF417 on the back of
 * a US or Canadian licence, read in the browser from the camera or a photo (zxing-wasm, `licence-decoder.ts`).
 * Nothing of the licence but the barcode's text is handed on; the caller sends it to the server, which decides.
 */
export function useLicenceReader(events: LicenceReaderEvents): LicenceReader {
  const video = useRef<HTMLVideoElement>(null);
  const stream = useRef<MediaStream | null>(null);
  const timer = useRef<number | null>(null);
  const busy = useRef(false);
  /** Bumped on every start and stop: async work from an older run finds it changed and gives up. */
  const run = useRef(0);
  const on = useRef(events);
  on.current = events;
  const [camera, setCamera] = useState<Camera>({ state: "off" });

  const stop = useCallback(() => {
    run.current++;
    if (timer.current !== null) window.clearInterval(timer.current);
    timer.current = null;
    for (const track of stream.current?.getTracks() ?? []) track.stop();
    stream.current = null;
    if (video.current) video.current.srcObject = null;
    busy.current = false;
    setCamera((c) => (c.state === "unavailable" ? c : { state: "off" }));
  }, []);

  const found = useCallback(
    (barcode: string) => {
      stop();
      on.current.found(barcode);
    },
    [stop],
  );

  const startCamera = useCallback(async () => {
    stop();
    const mine = run.current;
    if (!navigator.mediaDevices?.getUserMedia) {
      setCamera({ state: "unavailable", message: on.current.cameraMessage(null) });
      return;
    }
    setCamera({ state: "starting" });
    let media: MediaStream;
    try {
      // The back camera, at HD where it can: browsers default to 640×480, too coarse for a licence's narrow bars.
      media = await navigator.mediaDevices.getUserMedia({
        video: { facingMode: "environment", width: { ideal: 1920 }, height: { ideal: 1080 } },
        audio: false,
      });
    } catch (err) {
      if (run.current === mine) setCamera({ state: "unavailable", message: on.current.cameraMessage(err) });
      return;
    }
    const element = video.current;
    if (run.current !== mine || !element) {
      for (const track of media.getTracks()) track.stop();
      return;
    }
    stream.current = media;
    element.srcObject = media;
    // Autoplay of a muted inline video is allowed; the frames are sampled either way.
    await element.play().catch(() => undefined);
    if (run.current !== mine) return;
    setCamera({ state: "live" });
    timer.current = window.setInterval(async () => {
      if (busy.current || element.readyState < 2 || !element.videoWidth) return;
      busy.current = true;
      try {
        const text = await (await loadDecoder()).readFrame(element, element.videoWidth, element.videoHeight);
        if (text && run.current === mine) found(text);
      } catch {
        // A frame that cannot be read is skipped; the next one comes in 250 ms.
      } finally {
        if (run.current === mine) busy.current = false;
      }
    }, SAMPLE_MS);
  }, [found, stop]);

  const start = useCallback(() => {
    loadDecoder().catch(() => on.current.readerFailed());
    void startCamera();
  }, [startCamera]);

  const readPhoto = useCallback(
    async (input: HTMLInputElement) => {
      const file = input.files?.[0];
      input.value = "";
      if (!file) return;
      const mine = run.current;
      busy.current = true; // the camera waits while the photo is read
      on.current.reading();
      try {
        const text = await (await loadDecoder()).readPhoto(file);
        if (run.current !== mine) return;
        if (text) return found(text);
        on.current.unreadable();
      } catch {
        if (run.current === mine) on.current.readerFailed();
      } finally {
        if (run.current === mine) busy.current = false;
      }
    },
    [found],
  );

  // Leaving the page stops the camera.
  useEffect(() => stop, [stop]);

  return { video, camera, start, stop, readPhoto };
}
