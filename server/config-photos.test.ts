import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "./config.ts";

describe("the photo store in the configuration (PHOTO_STORE)", () => {
  it("is a directory under DATA_DIR unless told, or PHOTO_DIR", () => {
    expect(loadConfig({ DATA_DIR: "/srv/nightcap" }).photos).toEqual({
      kind: "disk",
      dir: "/srv/nightcap/photos",
    });
    expect(loadConfig({ PHOTO_DIR: "/mnt/photos" }).photos).toEqual({ kind: "disk", dir: "/mnt/photos" });
    expect(loadConfig({}).photos).toEqual({ kind: "disk", dir: path.resolve(".data/photos") });
  });

  it("is a bucket with PHOTO_STORE=s3: AWS's own by default, an S3-compatible service's in the path", () => {
    expect(loadConfig({ PHOTO_STORE: "s3", S3_BUCKET: "nightcap-photos" }).photos).toEqual({
      kind: "s3",
      bucket: "nightcap-photos",
      region: "us-east-1",
      endpoint: undefined,
      forcePathStyle: false,
      prefix: undefined,
    });
    expect(
      loadConfig({
        PHOTO_STORE: "s3",
        S3_BUCKET: "photos",
        S3_ENDPOINT: "http://minio.internal:9000",
        S3_REGION: "eu-west-1",
        S3_PREFIX: "catalogue/",
      }).photos,
    ).toMatchObject({
      endpoint: "http://minio.internal:9000",
      forcePathStyle: true,
      region: "eu-west-1",
      prefix: "catalogue/",
    });
    expect(
      loadConfig({
        PHOTO_STORE: "s3",
        S3_BUCKET: "photos",
        S3_ENDPOINT: "https://r2.example",
        S3_FORCE_PATH_STYLE: "false",
      }).photos,
    ).toMatchObject({ forcePathStyle: false });
  });

  it.each([
    [{ PHOTO_STORE: "ftp" }, "PHOTO_STORE must be disk or s3"],
    [{ PHOTO_STORE: "s3" }, "PHOTO_STORE=s3 needs S3_BUCKET"],
    [{ S3_BUCKET: "photos" }, "S3_BUCKET is set without PHOTO_STORE=s3"],
    [{ PHOTO_STORE: "s3", S3_BUCKET: "Photos_Bucket" }, "S3_BUCKET must be a bucket name"],
    [
      { PHOTO_STORE: "s3", S3_BUCKET: "photos", S3_ENDPOINT: "ftp://x" },
      "S3_ENDPOINT must be an http(s) URL",
    ],
    [
      { PHOTO_STORE: "s3", S3_BUCKET: "photos", S3_PREFIX: "../up" },
      "S3_PREFIX must be a folder name ending in /",
    ],
  ])("refuses %o", (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });
});
