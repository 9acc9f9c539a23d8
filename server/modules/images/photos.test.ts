import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_PHOTO_BYTES, parsePhotoUrl, photoFiles, photoUrl } from "#domain/images/photo.ts";
import { createUser, signedInBrowser } from "#tests/factories/accounts.ts";
import { createProduct } from "#tests/factories/catalogue.ts";
import { staffOf } from "#tests/factories/console.ts";
import { createDeliveryFixture } from "#tests/factories/delivery-fixture.ts";
import { testPhoto } from "#tests/factories/photos.ts";
import { useTestApp } from "#tests/support/app.ts";
import type { TestBrowser } from "#tests/support/browser.ts";
import { testDatabases } from "#tests/support/db.ts";
import { type S3TestServer, startS3Server } from "#tests/support/s3-server.ts";

/**
 * Product photos over HTTP (issue 34 §2, docs/adr/0071-product-photos.md): an administrator uploads a photo; it is
 * checked, turned upright, stripped of metadata and kept in three sizes and three formats under URLs cached for a
 * year; the product shows it everywhere its image goes; bad files are refused with nothing changed; only
 * administrators may give photos; a photo store that does not answer changes nothing.
 */
const BOURBON = { sku_id: "PH-1001-750", title: "Photo Test Bourbon" };
const RYE = { sku_id: "PH-1002-750", title: "Photo Test Rye" };
const STORE = "d-manhattan";

async function fixture(db: Parameters<typeof createDeliveryFixture>[0]) {
  await createDeliveryFixture(db);
  await createProduct(db, { ...BOURBON, image: "/images/products/PH-1001-750.svg" });
  await createProduct(db, { ...RYE, image: "/images/products/PH-1002-750.svg" });
}

const put = (who: TestBrowser, sku: string, bytes: Buffer, type = "image/jpeg") =>
  who.request("PUT", `/api/console/products/${sku}/photo`, bytes, { "content-type": type });

describe.each(testDatabases)("product photos on %s", (kind) => {
  const s = useTestApp(kind, {
    fixture,
    env: { PHOTO_DIR: mkdtempSync(path.join(tmpdir(), "photos-test-")) },
  });
  let admin: TestBrowser;
  beforeAll(async () => {
    admin = await signedInBrowser(s.app, await createUser(s.db, { role: "admin" }));
  });
  const imageOf = async (sku: string) =>
    (await s.db.selectFrom("products").select("image").where("sku_id", "=", sku).executeTakeFirstOrThrow())
      .image;

  it("an upload becomes nine files, upright and without metadata, each cached for a year, and the product's image", async () => {
    // Taken with the camera turned: 1200×600 stored, orientation 6, so the bottle stands 600×1200 once upright.
    const file = await testPhoto({ width: 1200, height: 600, orientation: 6, metadata: true });
    const res = await put(admin, BOURBON.sku_id, file);
    expect(res.statusCode, res.body).toBe(200);
    const photo = res.json();
    expect(photo).toMatchObject({ sku: BOURBON.sku_id, title: BOURBON.title, width: 600, height: 1200 });
    const key = parsePhotoUrl(photo.image)?.key;
    expect(key).toMatch(/^[0-9a-f]{16}$/);
    expect(await imageOf(BOURBON.sku_id)).toBe(photo.image);

    for (const f of photoFiles(BOURBON.sku_id, key as string)) {
      const got = await s.app.inject({ method: "GET", url: photoUrl(f) });
      expect(got.statusCode, photoUrl(f)).toBe(200);
      expect(got.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(got.headers["content-type"]).toBe(
        { avif: "image/avif", webp: "image/webp", jpg: "image/jpeg" }[f.format],
      );
      const meta = await sharp(got.rawPayload).metadata();
      // Fitted in the box, upright (taller than wide), never enlarged, and nothing of the camera's left.
      expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBe(Math.min(f.box, 1200));
      expect(meta.height).toBeGreaterThan(meta.width ?? 0);
      expect(meta.exif).toBeUndefined();
      expect(meta.orientation ?? 1).toBe(1);
      expect(got.rawPayload.toString("latin1")).not.toContain("TestCam");
    }

    // A shopper's product answer shows the photo: image at the page's size, image_large the largest.
    const shopper = await signedInBrowser(s.app, await createUser(s.db));
    await s.db
      .insertInto("inventory")
      .values({ store_id: STORE, sku_id: BOURBON.sku_id, price_cents: 3499, stock: 5 })
      .execute();
    const answer = await shopper.get(`/menu/product/${BOURBON.sku_id}`, { "x-store-id": STORE });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.body).toContain(`"image":"${photo.image}"`);
    expect(answer.body).toContain(`"image_large":"${photo.image_large}"`);

    const audit = await s.db
      .selectFrom("console_audit")
      .select(["action", "detail"])
      .where("action", "=", "catalogue.photo")
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0].detail).toMatchObject({ sku: BOURBON.sku_id, photo_key: key, width: 600, height: 1200 });

    const recent = await admin.get("/api/console/photos");
    expect(recent.json().photos[0]).toMatchObject({ sku: BOURBON.sku_id, image: photo.image });
  });

  it("a new photo replaces the old one, whose files are gone; removing it brings back the drawn art", async () => {
    const first = (await put(admin, RYE.sku_id, await testPhoto({ format: "png" }), "image/png")).json();
    const second = await put(
      admin,
      RYE.sku_id,
      await testPhoto({ width: 700, format: "webp" }),
      "image/webp",
    );
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().image).not.toBe(first.image);
    expect((await s.app.inject({ method: "GET", url: first.image })).statusCode).toBe(404);
    expect((await s.app.inject({ method: "GET", url: second.json().image })).statusCode).toBe(200);

    const removed = await admin.request("DELETE", `/api/console/products/${RYE.sku_id}/photo`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await imageOf(RYE.sku_id)).toBe("/images/products/PH-1002-750.svg");
    expect((await s.app.inject({ method: "GET", url: second.json().image })).statusCode).toBe(404);
    expect((await admin.request("DELETE", `/api/console/products/${RYE.sku_id}/photo`)).statusCode).toBe(404);
  });

  it.each([
    [
      "an SVG, whatever it says it is",
      async () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      "image/png",
      422,
      "unsupported_type",
    ],
    [
      "a GIF",
      async () =>
        sharp({ create: { width: 600, height: 600, channels: 3, background: "#fff" } })
          .gif()
          .toBuffer(),
      "image/jpeg",
      422,
      "unsupported_type",
    ],
    [
      "a JPEG cut short",
      async () => (await testPhoto()).subarray(0, 2_000),
      "image/jpeg",
      422,
      "unsupported_type",
    ],
    [
      "a photo too small to show on a page",
      () => testPhoto({ width: 300, height: 400 }),
      "image/jpeg",
      422,
      "too_small",
    ],
    ["a body that is not an image type", async () => Buffer.from("hello"), "text/plain", 415, null],
    ["a file over 10 MB", async () => Buffer.alloc(MAX_PHOTO_BYTES + 1, 1), "image/jpeg", 413, null],
  ] as const)("%s is refused, and the product keeps its image", async (_, make, type, status, code) => {
    const res = await put(admin, RYE.sku_id, await make(), type);
    expect(res.statusCode, res.body).toBe(status);
    if (code) expect(res.json().error.code).toBe(code);
    expect(res.json().error.message).toEqual(expect.any(String));
    expect(await imageOf(RYE.sku_id)).toBe("/images/products/PH-1002-750.svg");
  });

  it("only administrators give photos: store staff and shoppers are refused, a stranger must sign in", async () => {
    const file = await testPhoto();
    const { staff } = await staffOf(s, STORE);
    expect((await put(staff, RYE.sku_id, file)).statusCode).toBe(403);
    const shopper = await signedInBrowser(s.app, await createUser(s.db));
    expect((await put(shopper, RYE.sku_id, file)).statusCode).toBe(403);
    const stranger = await s.app.inject({
      method: "PUT",
      url: `/api/console/products/${RYE.sku_id}/photo`,
      payload: file,
      headers: { "content-type": "image/jpeg" },
    });
    expect(stranger.statusCode).toBe(401);
    expect((await put(admin, "PH-9999-750", file)).statusCode).toBe(404);
    expect(await imageOf(RYE.sku_id)).toBe("/images/products/PH-1002-750.svg");
  });

  it("a photo URL names nothing else: a path climbing out, a size we never make", async () => {
    for (const url of [
      "/images/photos/PH-1001-750/..%2F..%2Fetc-480.jpg",
      "/images/photos/PH-1001-750/0123456789abcdef-500.jpg",
      "/images/photos/PH-1001-750/0123456789abcdef-480.jpg",
    ])
      expect((await s.app.inject({ method: "GET", url })).statusCode, url).toBe(404);
  });
});

describe("product photos in an S3 bucket", () => {
  let s3: S3TestServer;
  // The SDK reads the bucket's account from the environment, as in production.
  beforeAll(async () => {
    s3 = await startS3Server();
    process.env.AWS_ACCESS_KEY_ID = s3.credentials.accessKeyId;
    process.env.AWS_SECRET_ACCESS_KEY = s3.credentials.secretAccessKey;
  });
  afterAll(async () => {
    delete process.env.AWS_ACCESS_KEY_ID;
    delete process.env.AWS_SECRET_ACCESS_KEY;
    await s3?.close();
  });
  const env = () => ({
    PHOTO_STORE: "s3",
    S3_BUCKET: s3.bucket,
    S3_ENDPOINT: s3.endpoint,
    S3_PREFIX: "photos/",
  });
  const s = useTestApp("pglite", {
    fixture,
    get env() {
      return env();
    },
  });

  it("keeps the files in the bucket and serves them; a bucket that does not answer changes nothing (503)", async () => {
    const admin = await signedInBrowser(s.app, await createUser(s.db, { role: "admin" }));
    const res = await put(admin, BOURBON.sku_id, await testPhoto());
    expect(res.statusCode, res.body).toBe(200);
    const got = await s.app.inject({ method: "GET", url: res.json().image_large });
    expect(got.statusCode).toBe(200);
    expect((await sharp(got.rawPayload).metadata()).height).toBe(960);

    await s3.close();
    const down = await put(admin, RYE.sku_id, await testPhoto());
    expect(down.statusCode, down.body).toBe(503);
    expect(down.json().error.code).toBe("photo_store_unavailable");
    const image = await s.db
      .selectFrom("products")
      .select("image")
      .where("sku_id", "=", RYE.sku_id)
      .executeTakeFirst();
    expect(image?.image).toBe("/images/products/PH-1002-750.svg");
    expect((await s.app.inject({ method: "GET", url: res.json().image })).statusCode).toBe(503);
  });
});
