import { isSku, SKU_PATTERN } from "../catalogue/sku.ts";

/**
 * Product photos (issue 34 §2, docs/adr/0071-product-photos.md): which files an uploaded photo becomes, their stable
 * URLs, and what the storefront asks the browser for. Pure rules; the server's images module does the pixels.
 *
 * A photo is kept as nine files: each of three boxes (the photo fitted inside a square of that many pixels, never
 * enlarged) in each of three formats. Their URL names the product, the photo (a hash of the uploaded file, so a new
 * photo is a new URL and every URL can be cached for a year), the box and the format:
 * `/images/photos/{sku}/{key}-{box}.{ext}`. The product's `image` is the middle box's JPEG, which every client reads;
 * the storefront derives the other files from that URL.
 */

/** Square boxes a photo is fitted into, in pixels: a card shows 240 (480 on a 2× screen), a product page 480 (960). */
export const PHOTO_BOXES = [240, 480, 960] as const;
export type PhotoBox = (typeof PHOTO_BOXES)[number];

/** Best first: the browser takes the first `<source>` whose type it knows. */
export const PHOTO_FORMATS = ["avif", "webp", "jpg"] as const;
export type PhotoFormat = (typeof PHOTO_FORMATS)[number];

export const PHOTO_CONTENT_TYPES: Record<PhotoFormat, string> = {
  avif: "image/avif",
  webp: "image/webp",
  jpg: "image/jpeg",
};

/** What may be uploaded: the photo formats cameras and editors write. Never SVG (a script can hide in it). */
export const UPLOAD_TYPES = ["image/jpeg", "image/png", "image/webp", "image/avif"] as const;
export type UploadType = (typeof UPLOAD_TYPES)[number];

/** An uploaded file's limits: 10 MB; its longer side at least the product page's box, its area at most 50 MP. */
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;
export const MIN_PHOTO_SIDE = 480;
export const MAX_PHOTO_PIXELS = 50_000_000;

/** The photo's key: the first 16 hex digits of the uploaded file's SHA-256. */
const KEY = /^[0-9a-f]{16}$/;
const PHOTO_URL = new RegExp(
  `^/images/photos/(${SKU_PATTERN.source.slice(1, -1)})/([0-9a-f]{16})-(\\d+)\\.(avif|webp|jpg)$`,
);

export interface PhotoFile {
  sku: string;
  key: string;
  box: PhotoBox;
  format: PhotoFormat;
}

export function photoUrl(f: PhotoFile): string {
  if (!isSku(f.sku) || !KEY.test(f.key)) throw new Error(`not a photo: ${f.sku} ${f.key}`);
  return `/images/photos/${f.sku}/${f.key}-${f.box}.${f.format}`;
}

/** Where the file is kept in the photo store (the URL without its `/images/photos/` prefix). */
export const photoStoreKey = (f: PhotoFile) => photoUrl(f).slice("/images/photos/".length);

/** The photo file a URL names, or null for anything else (the drawn SVG art, a banner). */
export function parsePhotoUrl(url: string): PhotoFile | null {
  const m = PHOTO_URL.exec(url);
  if (!m) return null;
  const box = Number(m[3]);
  if (!(PHOTO_BOXES as readonly number[]).includes(box)) return null;
  return { sku: m[1], key: m[2], box: box as PhotoBox, format: m[4] as PhotoFormat };
}

/** Every file of one photo. */
export function photoFiles(sku: string, key: string): PhotoFile[] {
  return PHOTO_BOXES.flatMap((box) => PHOTO_FORMATS.map((format) => ({ sku, key, box, format })));
}

/** The product's `image` (the page box's JPEG) and `image_large` (the largest box's) for a photo. */
export function productImagesOf(sku: string, key: string): { image: string; image_large: string } {
  return {
    image: photoUrl({ sku, key, box: 480, format: "jpg" }),
    image_large: photoUrl({ sku, key, box: 960, format: "jpg" }),
  };
}

/** A product's drawn art (the silhouette with its initials): its image while it has no photo. */
export const drawnImageOf = (sku: string) => `/images/products/${sku}.svg`;

/** A product's large image: its photo's largest box, or the image itself (the drawn art scales). */
export function largeImageOf(image: string): string {
  const photo = parsePhotoUrl(image);
  return photo ? photoUrl({ ...photo, box: 960, format: "jpg" }) : image;
}

export interface PictureSources {
  /** Fallback `<img src>`: the JPEG at 1×. */
  src: string;
  /** One `<source>` per format but JPEG's, best first, each with its 1× and 2× files. */
  sources: { type: string; srcSet: string }[];
  /** The JPEG's own srcset. */
  srcSet: string;
}

/**
 * What a `<picture>` asks for, shown in a square of `displayBox` CSS pixels: the box at 1× and the next box at 2×
 * (the largest box serves both on a page). Null when the image is not a photo: the drawn art is shown as it is.
 */
export function pictureSources(image: string, displayBox: 240 | 480): PictureSources | null {
  const photo = parsePhotoUrl(image);
  if (!photo) return null;
  const twice: PhotoBox = displayBox === 240 ? 480 : 960;
  const srcSet = (format: PhotoFormat) =>
    `${photoUrl({ ...photo, box: displayBox, format })} 1x, ${photoUrl({ ...photo, box: twice, format })} 2x`;
  return {
    src: photoUrl({ ...photo, box: displayBox, format: "jpg" }),
    srcSet: srcSet("jpg"),
    sources: PHOTO_FORMATS.filter((f) => f !== "jpg").map((f) => ({
      type: PHOTO_CONTENT_TYPES[f],
      srcSet: srcSet(f),
    })),
  };
}

export type PhotoProblem =
  | { code: "too_large"; message: string }
  | { code: "unsupported_type"; message: string }
  | { code: "too_small"; message: string }
  | { code: "too_many_pixels"; message: string };

/** Why an upload is refused, from its declared type, its size and what the image library read; null when it is fine. */
export function photoProblem(file: {
  bytes: number;
  /** The format the file's own bytes say it is (the image library's reading), in UPLOAD_TYPES' terms. */
  type: string | null;
  width: number;
  height: number;
}): PhotoProblem | null {
  if (file.bytes > MAX_PHOTO_BYTES)
    return { code: "too_large", message: "That photo is larger than 10 MB. Please upload a smaller file." };
  if (!file.type || !(UPLOAD_TYPES as readonly string[]).includes(file.type))
    return { code: "unsupported_type", message: "Upload a JPEG, PNG, WebP or AVIF photo." };
  if (Math.max(file.width, file.height) < MIN_PHOTO_SIDE)
    return {
      code: "too_small",
      message: `That photo is ${file.width}×${file.height} pixels. Its longer side must be at least ${MIN_PHOTO_SIDE} pixels.`,
    };
  if (file.width * file.height > MAX_PHOTO_PIXELS)
    return {
      code: "too_many_pixels",
      message: "That photo has more than 50 megapixels. Please upload a smaller one.",
    };
  return null;
}
