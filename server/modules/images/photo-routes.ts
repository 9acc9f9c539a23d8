import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { isSku } from "#domain/catalogue/sku.ts";
import { MAX_PHOTO_BYTES, parsePhotoUrl, photoStoreKey, UPLOAD_TYPES } from "#domain/images/photo.ts";
import { AppError, notFound } from "#server/errors.ts";
import { instant, okAnswer } from "#server/openapi/answers.ts";
import type { RecordAudit } from "#server/platform/audit.ts";
import type { Db } from "#server/platform/db.ts";
import { type ObjectStore, ObjectStoreUnavailable } from "#server/platform/storage/object-store.ts";
import { sessionHeaders as headers, requireRole } from "../sessions/index.ts";
import { PHOTO_NOT_FOUND, photoView, recentPhotos, removePhoto, uploadPhoto } from "./photos.ts";

const tags = ["images"];
const ADMINS_ONLY = "The account is not an administrator's (`forbidden`).";
const STORES_OWN = "Stores give photos only of the products they proposed.";
const STORE_DOWN =
  "The photo store did not answer (`photo_store_unavailable`): nothing was changed. Please try again in a minute.";

/** A photo's files never change (a new photo is a new URL): browsers and caches keep them a year. */
const PHOTO_CACHE = "public, max-age=31536000, immutable";

const photoAnswer = z
  .object({
    sku: z.string(),
    title: z.string(),
    url: z.string().describe("The product's page."),
    image: z
      .string()
      .describe("The photo at the product page's size, JPEG: the product's `image` from now on."),
    image_large: z.string().describe("The photo at its largest size, JPEG: the product's `image_large`."),
    width: z.number().int().describe("The uploaded photo's width once upright, in pixels."),
    height: z.number().int(),
    uploaded_at: instant(),
  })
  .meta({ id: "ProductPhoto" });

const skuParams = z.object({ sku: z.string().refine(isSku, "Not a SKU.") });

/** The store's failure as the API says it: 503, and nothing was changed. */
async function storeAnswers<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof ObjectStoreUnavailable) throw new AppError(503, "photo_store_unavailable", STORE_DOWN);
    throw err;
  }
}

/** Product photos (issue 34 §2, docs/adr/0071-product-photos.md): administrators give them; everyone is served them. */
export async function photoRoutes(
  app: FastifyInstance,
  deps: {
    db: Db;
    photos: ObjectStore;
    recordAudit: RecordAudit;
    /** Whether a store proposed this product (stores give photos of their own proposals): the console's answer. */
    storeProposed: (storeId: string, sku: string) => Promise<boolean>;
  },
): Promise<void> {
  const { db, photos } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  // An upload is the image's own bytes, with its type: no multipart, no base64.
  r.addContentTypeParser(
    [...UPLOAD_TYPES],
    { parseAs: "buffer", bodyLimit: MAX_PHOTO_BYTES },
    (_req, body, done) => done(null, body),
  );

  r.put(
    "/api/console/products/:sku/photo",
    {
      bodyLimit: MAX_PHOTO_BYTES,
      config: {
        auth: "user",
        errors: {
          403: `${ADMINS_ONLY} Store staff: ${STORES_OWN}`,
          404: PHOTO_NOT_FOUND,
          422: "The file is not an image we take (`unsupported_type`), its longer side is under 480 pixels (`too_small`), or it has more than 50 megapixels (`too_many_pixels`).",
          503: STORE_DOWN,
        },
      },
      schema: {
        operationId: "putProductPhoto",
        tags,
        summary:
          "Give a product its photo (administrators; store staff for the products their store proposed): the image's bytes as the body, with its type; the photo replaces the drawn art wherever the product shows",
        description:
          "The body may be up to 10 MB (a larger one is refused with 413); a type other than JPEG, PNG, WebP or AVIF with 415. The file is checked, turned upright, stripped of its metadata and kept in three sizes (240, 480 and 960 pixel squares) as AVIF, WebP and JPEG under stable URLs: `/images/photos/{sku}/{key}-{size}.{avif|webp|jpg}`.",
        headers,
        params: skuParams,
        consumes: [...UPLOAD_TYPES],
        body: z.any().describe("The image file: JPEG, PNG, WebP or AVIF, at most 10 MB."),
        response: { 200: photoAnswer },
      },
    },
    async (req) => {
      const actor = requireRole(req, "admin", "store_staff");
      if (
        actor.role === "store_staff" &&
        !(actor.storeId && (await deps.storeProposed(actor.storeId, req.params.sku)))
      )
        throw new AppError(403, "forbidden", STORES_OWN);
      if (!Buffer.isBuffer(req.body))
        throw new AppError(415, "unsupported_type", "Upload a JPEG, PNG, WebP or AVIF photo.");
      return storeAnswers(() => uploadPhoto(deps, actor.userId, req.params.sku, req.body as Buffer));
    },
  );

  r.delete(
    "/api/console/products/:sku/photo",
    {
      config: {
        auth: "user",
        errors: { 403: ADMINS_ONLY, 404: "That product has no photo (`photo_not_found`).", 503: STORE_DOWN },
      },
      schema: {
        operationId: "deleteProductPhoto",
        tags,
        summary: "Take a product's photo away (administrators): it shows its drawn art again",
        headers,
        params: skuParams,
        response: { 200: okAnswer },
      },
    },
    async (req) => {
      const actor = requireRole(req, "admin");
      await storeAnswers(() => removePhoto(deps, actor.userId, req.params.sku));
      return { ok: true as const };
    },
  );

  r.get(
    "/api/console/products/:sku/photo",
    {
      config: {
        auth: "user",
        errors: { 403: ADMINS_ONLY, 404: "That product has no photo (`photo_not_found`)." },
      },
      schema: {
        operationId: "getProductPhoto",
        tags,
        summary: "A product's photo (administrators)",
        headers,
        params: skuParams,
        response: { 200: photoAnswer },
      },
    },
    async (req) => {
      requireRole(req, "admin");
      return photoView(db, req.params.sku);
    },
  );

  r.get(
    "/api/console/photos",
    {
      config: { auth: "user", errors: { 403: ADMINS_ONLY } },
      schema: {
        operationId: "getRecentPhotos",
        tags,
        summary: "The product photos given most recently, newest first (administrators)",
        headers,
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(100).default(20) }),
        response: { 200: z.object({ photos: z.array(photoAnswer) }) },
      },
    },
    async (req) => {
      requireRole(req, "admin");
      return { photos: await recentPhotos(db, req.query.limit) };
    },
  );

  r.get(
    "/images/photos/:sku/:file",
    {
      config: { auth: "public", errors: { 404: "No photo has that name.", 503: STORE_DOWN } },
      schema: {
        operationId: "getPhotoFile",
        tags,
        summary:
          "One file of a product's photo (AVIF, WebP or JPEG): cached for a year, as its URL never changes",
        params: z.object({
          sku: z.string().max(60),
          file: z.string().max(40).describe("{key}-{240|480|960}.{avif|webp|jpg}"),
        }),
        response: {
          200: {
            description: "The photo file.",
            content: Object.fromEntries(
              ["image/avif", "image/webp", "image/jpeg"].map((t) => [
                t,
                { schema: z.any().describe("The file's bytes.") },
              ]),
            ),
          },
        },
      },
    },
    async (req, reply) => {
      const photo = parsePhotoUrl(`/images/photos/${req.params.sku}/${req.params.file}`);
      if (!photo) throw notFound("No photo has that name.");
      const file = await storeAnswers(() => photos.get(photoStoreKey(photo)));
      if (!file) throw notFound("No photo has that name.");
      return reply
        .headers({ "content-type": file.contentType, "cache-control": PHOTO_CACHE })
        .send(file.bytes);
    },
  );
}
