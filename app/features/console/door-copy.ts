/** What the driver's ID scanner says, in one place (the browser journey reads the same words). */
export const DOOR_COPY = {
  title: "Check the ID at the door",
  intro:
    "Scan the barcode on the back of the recipient's driving licence or ID card. Nightcap keeps only the result, never the card.",
  starting: "Starting the camera…",
  live: "Hold the back of the card up to the camera with the whole barcode inside the frame.",
  noCamera: "The camera is not available here. Take a photo of the back of the card instead.",
  uploadLabel: "Photo of the back of the card",
  reading: "Reading the photo…",
  unreadable:
    "No licence barcode in that photo. Try again in good light with the whole barcode in the frame.",
  checking: "Checking the ID…",
  network: "The check did not reach Nightcap. Check your connection and scan again.",
  readerFailed: "The scanner could not load. Check your connection and try again.",
} as const;
