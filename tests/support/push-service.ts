import { execFileSync } from "node:child_process";
import { createDecipheriv, createECDH, type ECDH, hkdfSync, randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { Agent, createServer, type Server } from "node:https";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

/**
 * A local Web Push service for tests: HTTPS (web-push speaks nothing else) with a self-signed certificate made by
 * openssl for 127.0.0.1, and browser-side subscriptions whose keys it holds, so it decrypts what it receives as a
 * browser would (RFC 8291, aes128gcm) and reads the VAPID authorization (RFC 8292). A path under /gone/ answers
 * 410 (the subscription expired), /down/ 503; anything else 201.
 */
export interface ReceivedPush {
  path: string;
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The decrypted payload, when the path is one of ours. */
  payload: unknown;
}

export interface TestSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export class LocalPushService {
  readonly received: ReceivedPush[] = [];
  private readonly keys = new Map<string, { ecdh: ECDH; auth: Buffer }>();

  private constructor(
    private readonly server: Server,
    readonly origin: string,
    /** An agent trusting this service's certificate, for the app's push transport. */
    readonly agent: Agent,
    private readonly dir: string,
  ) {}

  static async start(): Promise<LocalPushService> {
    const dir = mkdtempSync(path.join(tmpdir(), "push-service-"));
    const key = path.join(dir, "key.pem");
    const cert = path.join(dir, "cert.pem");
    execFileSync(
      "openssl",
      [
        "req",
        "-x509",
        "-newkey",
        "ec",
        "-pkeyopt",
        "ec_paramgen_curve:prime256v1",
        "-nodes",
        "-keyout",
        key,
        "-out",
        cert,
        "-days",
        "1",
        "-subj",
        "/CN=127.0.0.1",
        "-addext",
        "subjectAltName=IP:127.0.0.1",
      ],
      { stdio: "ignore" },
    );
    const pem = { key: readFileSync(key), cert: readFileSync(cert) };
    let self: LocalPushService | undefined;
    const server = createServer(pem, (req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        const url = req.url ?? "/";
        const status = url.startsWith("/gone/") ? 410 : url.startsWith("/down/") ? 503 : 201;
        const held = self?.keys.get(url);
        let payload: unknown = null;
        if (held) payload = JSON.parse(decrypt(Buffer.concat(chunks), held.ecdh, held.auth).toString("utf8"));
        self?.received.push({ path: url, status, headers: req.headers, payload });
        res.writeHead(status).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    self = new LocalPushService(server, `https://127.0.0.1:${port}`, new Agent({ ca: pem.cert }), dir);
    return self;
  }

  /** A browser's subscription at `path` on this service (its private key kept here to decrypt). */
  subscribe(pathname: string): TestSubscription {
    const ecdh = createECDH("prime256v1");
    ecdh.generateKeys();
    const auth = randomBytes(16);
    this.keys.set(pathname, { ecdh, auth });
    return {
      endpoint: `${this.origin}${pathname}`,
      keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth: auth.toString("base64url") },
    };
  }

  to(pathname: string): ReceivedPush[] {
    return this.received.filter((r) => r.path === pathname);
  }

  async close(): Promise<void> {
    this.agent.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/** RFC 8291 as the user agent does it: the aes128gcm header's salt and sender key, then one record. */
function decrypt(body: Buffer, ecdh: ECDH, authSecret: Buffer): Buffer {
  const salt = body.subarray(0, 16);
  const idlen = body[20];
  const senderKey = body.subarray(21, 21 + idlen);
  const ciphertext = body.subarray(21 + idlen);
  const shared = ecdh.computeSecret(senderKey);
  const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), ecdh.getPublicKey(), senderKey]);
  const ikm = Buffer.from(hkdfSync("sha256", shared, authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: aes128gcm\0"), 16));
  const nonce = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: nonce\0"), 12));
  const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([
    decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
    decipher.final(),
  ]);
  // The last record ends with the delimiter 0x02, then any zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error("push payload: no last-record delimiter");
  return padded.subarray(0, end);
}
