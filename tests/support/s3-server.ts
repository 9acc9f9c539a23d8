import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import S3rver from "s3rver";

/**
 * A real S3-compatible server for tests (s3rver, from the npm registry): the S3 API over HTTP, with signatures
 * checked, keeping objects in a temporary directory. No MinIO or Ceph comes through the registries we may use.
 */
export interface S3TestServer {
  endpoint: string;
  bucket: string;
  credentials: { accessKeyId: string; secretAccessKey: string };
  close(): Promise<void>;
}

export async function startS3Server(bucket = "nightcap-photos"): Promise<S3TestServer> {
  const directory = await mkdtemp(path.join(tmpdir(), "s3rver-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const address = await server.run();
  let closed = false;
  return {
    endpoint: `http://127.0.0.1:${address.port}`,
    bucket,
    // s3rver's own account: requests signed with any other are refused (SignatureDoesNotMatch).
    credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
    async close() {
      if (closed) return;
      closed = true;
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
