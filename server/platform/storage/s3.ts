import {
  DeleteObjectsCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import { type ObjectStore, ObjectStoreUnavailable } from "./object-store.ts";

export interface S3StoreOptions {
  bucket: string;
  region: string;
  /** An S3-compatible service's address (MinIO, R2, a test server); unset: AWS's own. */
  endpoint?: string;
  /** Credentials; unset, the SDK reads AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY (or the instance's role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** Most S3-compatible services want the bucket in the path, not the host name. */
  forcePathStyle?: boolean;
  /** A key prefix inside the bucket ("photos/"). */
  prefix?: string;
}

/** An object store in an S3-compatible bucket, through AWS's SDK. */
export class S3Store implements ObjectStore {
  private readonly client: S3Client;

  constructor(private readonly options: S3StoreOptions) {
    this.client = new S3Client({
      region: options.region,
      endpoint: options.endpoint,
      credentials: options.credentials,
      forcePathStyle: options.forcePathStyle,
      // Checksums only where S3 asks for them: S3-compatible services do not all read the SDK's newer trailers.
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
      maxAttempts: 3,
    });
  }

  private keyOf(key: string): string {
    return `${this.options.prefix ?? ""}${key}`;
  }

  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    try {
      await this.client.send(
        new PutObjectCommand({
          Bucket: this.options.bucket,
          Key: this.keyOf(key),
          Body: bytes,
          ContentType: contentType,
          CacheControl: "public, max-age=31536000, immutable",
        }),
      );
    } catch (err) {
      throw new ObjectStoreUnavailable(err);
    }
  }

  async get(key: string): Promise<{ bytes: Buffer; contentType: string } | null> {
    try {
      const answer = await this.client.send(
        new GetObjectCommand({ Bucket: this.options.bucket, Key: this.keyOf(key) }),
      );
      const bytes = Buffer.from(await (answer.Body?.transformToByteArray() ?? new Uint8Array()));
      return { bytes, contentType: answer.ContentType ?? "application/octet-stream" };
    } catch (err) {
      // Only a missing key is "nothing here"; a missing bucket is a misconfigured store.
      if (err instanceof NoSuchKey) return null;
      throw new ObjectStoreUnavailable(err);
    }
  }

  async delete(keys: readonly string[]): Promise<void> {
    if (keys.length === 0) return;
    try {
      await this.client.send(
        new DeleteObjectsCommand({
          Bucket: this.options.bucket,
          Delete: { Objects: keys.map((key) => ({ Key: this.keyOf(key) })), Quiet: true },
        }),
      );
    } catch (err) {
      throw new ObjectStoreUnavailable(err);
    }
  }
}
