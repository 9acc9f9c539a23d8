import { prepareZXingModule, type ReaderOptions, readBarcodes } from "zxing-wasm/reader";
import wasmUrl from "zxing-wasm/reader/zxing_reader.wasm?url";

/**
 * The PDF417 reader (ZXing compiled to WebAssembly, from the registry). This module is loaded only when the
 * scanner opens (a dynamic import), so pages that do not scan never load it. The .wasm is a build asset served
 * from our own origin: nothing is fetched from a CDN.
 */
const overrides = {
  locateFile: (path: string, prefix: string) => (path.endsWith(".wasm") ? wasmUrl : prefix + path),
};

/** Compiles the reader now (the first read would otherwise wait for it). Resolves once it can read. */
export async function prepareReader(): Promise<void> {
  await prepareZXingModule({ overrides, fireImmediately: true });
}

/** Plain keeps the AAMVA text exactly as encoded (its control characters are the field separators). */
const OPTIONS: ReaderOptions = { formats: ["PDF417"], textMode: "Plain", tryHarder: true };

/** The text of the first PDF417 barcode in the pixels, or null when none is readable. */
export async function readPdf417(input: ImageData | Blob): Promise<string | null> {
  await prepareReader();
  const results = await readBarcodes(input, OPTIONS);
  return results.find((r) => r.isValid && r.text)?.text ?? null;
}

/**
 * Photos are scaled down to this many pixels on their long side before reading (a phone's 12 MP photo has 2.8
 * times the pixels to search); a licence barcode across a third of the photo keeps 2–3 pixels per bar.
 */
const MAX_SIDE = 2400;

/**
 * The barcode in a photo the shopper chose. The browser decodes the image (any format it shows, turned the way
 * the camera held it) and it is read at up to 2400 px; if that finds nothing, the file is read as it is, at
 * full size, in case scaling lost the narrow bars.
 */
export async function readPhoto(file: Blob): Promise<string | null> {
  let scaled = false;
  try {
    const bitmap = await createImageBitmap(file);
    const scale = Math.min(1, MAX_SIDE / Math.max(bitmap.width, bitmap.height));
    scaled = scale < 1;
    const found = await readPdf417(pixelsOf(bitmap, scale));
    bitmap.close();
    if (found) return found;
  } catch {
    // Not an image the browser can draw: let the reader try the bytes itself.
    scaled = true;
  }
  return scaled ? readPdf417(file).catch(() => null) : null;
}

/** One frame of the camera, read where it stands. */
export function readFrame(source: CanvasImageSource, width: number, height: number): Promise<string | null> {
  return readPdf417(pixelsOf(source, 1, width, height));
}

let canvas: HTMLCanvasElement | OffscreenCanvas | null = null;

function pixelsOf(
  source: CanvasImageSource & { width?: unknown; height?: unknown },
  scale: number,
  width = Number(source.width),
  height = Number(source.height),
): ImageData {
  const w = Math.max(1, Math.round(width * scale));
  const h = Math.max(1, Math.round(height * scale));
  canvas ??=
    typeof OffscreenCanvas === "function" ? new OffscreenCanvas(w, h) : document.createElement("canvas");
  canvas.width = w;
  canvas.height = h;
  const context = canvas.getContext("2d", { willReadFrequently: true }) as
    | CanvasRenderingContext2D
    | OffscreenCanvasRenderingContext2D
    | null;
  if (!context) throw new Error("This browser cannot read images.");
  context.drawImage(source, 0, 0, w, h);
  return context.getImageData(0, 0, w, h);
}
