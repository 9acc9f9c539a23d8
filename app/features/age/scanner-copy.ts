import { SUPPORT_COPY } from "./support-copy.ts";

/** What the ID scanner says to the shopper, in one place (the browser journeys read the same words). */
export const SCANNER_COPY = {
  title: "Verify your age",
  intro:
    "Scan the barcode on the back of your US or Canadian driving licence or ID card. We keep only the result, never a picture of your card.",
  starting: "Starting the camera…",
  live: "Hold the back of your card up to the camera with the whole barcode inside the frame.",
  noCameraApi: "This browser can't use a camera here. Upload a photo of the back of your card instead.",
  cameraRefused:
    "Camera permission was refused. Upload a photo of the back of your card instead, or allow the camera in your browser's settings and scan again.",
  noCamera: "No camera was found. Upload a photo of the back of your card instead.",
  cameraFailed: "The camera could not start. Upload a photo of the back of your card instead.",
  uploadLabel: "Photo of the back of your card",
  reading: "Reading your photo…",
  unreadable:
    "We couldn't read the barcode in that photo. Try again in good light, with the card in focus: photograph the back of the card with the whole barcode in the frame.",
  checking: "Checking your ID…",
  verified: "Thanks, your age is verified.",
  network: "We couldn't reach Nightcap to check your ID. Check your connection and try again.",
  serverFailed: "Something went wrong while checking your ID. Please try again.",
  readerFailed: "The scanner could not load. Check your connection and try again.",
  sessionEnded: "This scan has expired. Start a new scan.",
  tooMany: "Too many attempts.",
  ...SUPPORT_COPY,
} as const;

/** 'Try again in about N minutes.' from a Retry-After header (seconds), or nothing when it has none. */
export function retryAfterText(header: string | undefined): string {
  const seconds = Number(header);
  if (!header || !Number.isFinite(seconds) || seconds <= 0) return "";
  const minutes = Math.ceil(seconds / 60);
  return minutes <= 1 ? " Try again in a minute." : ` Try again in about ${minutes} minutes.`;
}
