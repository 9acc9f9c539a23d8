import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startS3Server } from "#tests/support/s3-server.ts";
import { LocalDiskStore } from "./local-disk.ts";
import { type ObjectStore, ObjectStoreUnavailable } from "./object-store.ts";
import { S3Store } from "./s3.ts";

/** One contract, both stores: a directory, and an S3 bucket on a real S3-compatible server (s3rver). */
const stores: [string, () => Promise<{ store: ObjectStore; close(): Promise<void> }>][] = [
  [
    "local disk",
    async () => {
      const dir = await mkdtemp(path.join(tmpdir(), "photos-"));
      return { store: new LocalDiskStore(dir), close: () => rm(dir, { recursive: true, force: true }) };
    },
  ],
  [
    "S3",
    async () => {
      const s3 = await startS3Server();
      const store = new S3Store({
        bucket: s3.bucket,
        region: "us-east-1",
        endpoint: s3.endpoint,
        credentials: s3.credentials,
        forcePathStyle: true,
        prefix: "photos/",
      });
      return { store, close: () => s3.close() };
    },
  ],
];

describe.each(stores)("the %s object store", (_, open) => {
  let store: ObjectStore;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ store, close } = await open());
  });
  afterAll(() => close());

  const bytes = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4, 0, 255]);

  it("keeps bytes under a key and gives them back with their type", async () => {
    await store.put("IA-18006-750/0123456789abcdef-480.jpg", bytes, "image/jpeg");
    const got = await store.get("IA-18006-750/0123456789abcdef-480.jpg");
    expect(got?.contentType).toBe("image/jpeg");
    expect(got?.bytes.equals(bytes)).toBe(true);
  });

  it("a key with nothing under it reads as null", async () => {
    expect(await store.get("IA-18006-750/ffffffffffffffff-480.jpg")).toBeNull();
  });

  it("replaces, and forgets what it is told to (a missing key is no error)", async () => {
    await store.put("IA-1-1/0000000000000000-240.webp", Buffer.from("one"), "image/webp");
    await store.put("IA-1-1/0000000000000000-240.webp", Buffer.from("two"), "image/webp");
    expect((await store.get("IA-1-1/0000000000000000-240.webp"))?.bytes.toString()).toBe("two");
    await store.delete(["IA-1-1/0000000000000000-240.webp", "IA-1-1/never-240.webp"]);
    expect(await store.get("IA-1-1/0000000000000000-240.webp")).toBeNull();
  });
});

describe("an object store that cannot be reached", () => {
  it("a bucket that is not there, or a server that does not answer, is ObjectStoreUnavailable, not a missing file", async () => {
    const s3 = await startS3Server();
    try {
      const store = new S3Store({
        bucket: "no-such-bucket",
        region: "us-east-1",
        endpoint: s3.endpoint,
        credentials: s3.credentials,
        forcePathStyle: true,
      });
      await expect(
        store.put("IA-1-1/0000000000000000-240.jpg", bytes(), "image/jpeg"),
      ).rejects.toBeInstanceOf(ObjectStoreUnavailable);
      await expect(store.get("IA-1-1/0000000000000000-240.jpg")).rejects.toBeInstanceOf(
        ObjectStoreUnavailable,
      );
    } finally {
      await s3.close();
    }
    const gone = new S3Store({
      bucket: s3.bucket,
      region: "us-east-1",
      endpoint: s3.endpoint,
      credentials: s3.credentials,
      forcePathStyle: true,
    });
    await expect(gone.get("IA-1-1/0000000000000000-240.jpg")).rejects.toBeInstanceOf(ObjectStoreUnavailable);
  });

  it("a disk key climbing out of its directory is refused", async () => {
    const store = new LocalDiskStore(path.join(tmpdir(), "photos-never"));
    await expect(store.get("../etc/passwd")).rejects.toThrow(/outside the store/);
  });
});

const bytes = () => Buffer.from("x");
