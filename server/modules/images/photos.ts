import { createHash } from "node:crypto";
import sharp, { type Sharp } from "sharp";
import { productUrl } from "#domain/catalogue/product-url.ts";
import {
  MAX_PHOTO_PIXELS,
  PHOTO_CONTENT_TYPES,
  type PhotoFile,
  type PhotoFormat,
  photoFiles,
  photoProblem,
  photoStoreKey,
  productImagesOf,
} from "#domain/images/photo.ts";
import { AppError, notFound } from "#server/errors.ts";
import type { RecordAudit } from "#server/platform/audit.ts";
import type { Db } from "#server/platform/db.ts";
import type { ObjectStore } from "#server/platform/storage/object-store.ts";
import { announceShelfChange, forgetShelf, productForPhoto, setProductImage } from "../catalogue/index.ts";

/** sharp's names of the formats we take (domain/images/photo.ts UPLOAD_TYPES), to the MIME type. */
const SHARP_FORMATS: Record<string, string> = {
  jpeg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  heif: "image/avif", // sharp reports AVIF as heif; `compression` tells AVIF from HEIC
};

/** Encoder settings per format: about 40–60 kB for the largest box of a bottle photo in any of them. */
const ENCODE: Record<PhotoFormat, (img: Sharp) => Sharp> = {
  avif: (img) => img.avif({ quality: 50, effort: 4 }),
  webp: (img) => img.webp({ quality: 78 }),
  jpg: (img) => img.jpeg({ quality: 80, mozjpeg: true, progressive: true }),
};

export interface PhotoView {
  sku: string;
  title: string;
  /** The product's page. */
  url: string;
  image: string;
  image_large: string;
  width: number;
  height: number;
  uploaded_at: string;
}

export const PHOTO_NOT_FOUND = "No product has that SKU.";

/** What the file's own bytes say it is, read without decoding it whole; null when no image library reads it. */
async function readImage(bytes: Buffer): Promise<{ type: string | null; width: number; height: number }> {
  try {
    const meta = await sharp(bytes, { limitInputPixels: MAX_PHOTO_PIXELS * 4 }).metadata();
    const type =
      meta.format === "heif" && meta.compression !== "av1"
        ? null
        : (SHARP_FORMATS[meta.format ?? ""] ?? null);
    // EXIF orientations 5–8 turn the picture a quarter: its upright size swaps.
    const turned = (meta.orientation ?? 1) >= 5;
    const width = meta.width ?? 0;
    const height = meta.height ?? 0;
    return { type, width: turned ? height : width, height: turned ? width : height };
  } catch {
    return { type: null, width: 0, height: 0 };
  }
}

/**
 * The nine files of a photo: turned upright (EXIF orientation), fitted in each box without enlarging, transparent
 * parts on white, in sRGB, and with no metadata (sharp keeps none unless told: no camera, place or date leaves us).
 */
async function renderPhoto(bytes: Buffer, files: PhotoFile[]): Promise<{ file: PhotoFile; bytes: Buffer }[]> {
  const upright = await sharp(bytes, { limitInputPixels: MAX_PHOTO_PIXELS })
    .rotate()
    .flatten({ background: "#ffffff" })
    .toColourspace("srgb")
    .toBuffer();
  return Promise.all(
    files.map(async (file) => ({
      file,
      bytes: await ENCODE[file.format](
        sharp(upright).resize(file.box, file.box, { fit: "inside", withoutEnlargement: true }),
      ).toBuffer(),
    })),
  );
}

/**
 * An administrator gives a product its photo. The file is checked (an image we take, of a reasonable size), made into
 * its nine files and kept in the photo store; only then does the product point at it, in one transaction with the
 * photo's row and the audit, and every instance forgets its product answers. A store that fails leaves the product
 * as it was. The same file again changes nothing but the time.
 */
export async function uploadPhoto(
  deps: { db: Db; photos: ObjectStore; recordAudit: RecordAudit },
  actorId: string,
  sku: string,
  bytes: Buffer,
): Promise<PhotoView> {
  const { db, photos } = deps;
  const product = await productForPhoto(db, sku);
  if (!product) throw notFound(PHOTO_NOT_FOUND, "product_not_found");
  const read = await readImage(bytes);
  const problem = photoProblem({ bytes: bytes.length, ...read });
  if (problem) throw new AppError(problem.code === "too_large" ? 413 : 422, problem.code, problem.message);
  const key = createHash("sha256").update(bytes).digest("hex").slice(0, 16);
  // A file whose header reads as an image but whose pixels do not (cut short, corrupt) is the uploader's to fix.
  const rendered = await renderPhoto(bytes, photoFiles(sku, key)).catch(() => {
    throw new AppError(422, "unsupported_type", "That photo could not be read: the file may be damaged.");
  });
  await Promise.all(
    rendered.map((r) => photos.put(photoStoreKey(r.file), r.bytes, PHOTO_CONTENT_TYPES[r.file.format])),
  );
  const images = productImagesOf(sku, key);
  const before = await db
    .selectFrom("product_photos")
    .select("photo_key")
    .where("sku_id", "=", sku)
    .executeTakeFirst();
  await db.transaction().execute(async (tx) => {
    const row = {
      photo_key: key,
      width: read.width,
      height: read.height,
      uploaded_type: read.type ?? "",
      uploaded_bytes: bytes.length,
      uploaded_by: actorId,
      uploaded_at: new Date(),
    };
    await tx
      .insertInto("product_photos")
      .values({ sku_id: sku, ...row })
      .onConflict((oc) => oc.column("sku_id").doUpdateSet(row))
      .execute();
    await setProductImage(tx, sku, images.image);
    await deps.recordAudit(tx, {
      actorId,
      storeId: null,
      orderId: null,
      action: "catalogue.photo",
      detail: { sku, photo_key: key, width: read.width, height: read.height, bytes: bytes.length },
      before: { image: product.image },
      after: { image: images.image },
    });
    await announceShelfChange(tx, "shelf");
  });
  forgetShelf(db, "shelf");
  // The replaced photo's files go once nothing points at them (a page still open may show the old one until then).
  if (before && before.photo_key !== key)
    await photos.delete(photoFiles(sku, before.photo_key).map(photoStoreKey));
  return photoView(db, sku);
}

/** Takes the product's photo away: it shows its drawn art again. */
export async function removePhoto(
  deps: { db: Db; photos: ObjectStore; recordAudit: RecordAudit },
  actorId: string,
  sku: string,
): Promise<void> {
  const { db } = deps;
  const removed = await db.transaction().execute(async (tx) => {
    const row = await tx
      .deleteFrom("product_photos")
      .where("sku_id", "=", sku)
      .returning("photo_key")
      .executeTakeFirst();
    if (!row) return null;
    await setProductImage(tx, sku, null);
    await deps.recordAudit(tx, {
      actorId,
      storeId: null,
      orderId: null,
      action: "catalogue.photo_removed",
      detail: { sku, photo_key: row.photo_key },
      before: null,
      after: null,
    });
    await announceShelfChange(tx, "shelf");
    return row;
  });
  if (!removed) throw notFound("That product has no photo.", "photo_not_found");
  forgetShelf(db, "shelf");
  await deps.photos.delete(photoFiles(sku, removed.photo_key).map(photoStoreKey));
}

/** A product's photo as the console shows it. */
export async function photoView(db: Db, sku: string): Promise<PhotoView> {
  const row = await db
    .selectFrom("product_photos as ph")
    .innerJoin("products as p", "p.sku_id", "ph.sku_id")
    .select([
      "ph.sku_id",
      "p.title",
      "p.default_category",
      "ph.photo_key",
      "ph.width",
      "ph.height",
      "ph.uploaded_at",
    ])
    .where("ph.sku_id", "=", sku)
    .executeTakeFirst();
  if (!row) throw notFound("That product has no photo.", "photo_not_found");
  return viewOf(row);
}

/** The photos given most recently, newest first. */
export async function recentPhotos(db: Db, limit: number): Promise<PhotoView[]> {
  const rows = await db
    .selectFrom("product_photos as ph")
    .innerJoin("products as p", "p.sku_id", "ph.sku_id")
    .select([
      "ph.sku_id",
      "p.title",
      "p.default_category",
      "ph.photo_key",
      "ph.width",
      "ph.height",
      "ph.uploaded_at",
    ])
    .orderBy("ph.uploaded_at", "desc")
    .limit(limit)
    .execute();
  return rows.map(viewOf);
}

const viewOf = (r: {
  sku_id: string;
  title: string;
  default_category: string;
  photo_key: string;
  width: number;
  height: number;
  uploaded_at: Date;
}): PhotoView => ({
  sku: r.sku_id,
  title: r.title,
  url: productUrl(r),
  ...productImagesOf(r.sku_id, r.photo_key),
  width: r.width,
  height: r.height,
  uploaded_at: r.uploaded_at.toISOString(),
});
