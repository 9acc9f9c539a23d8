import type { IncomingMessage, ServerResponse } from "node:http";
import { performance } from "node:perf_hooks";
import zlib from "node:zlib";
import { negotiate } from "@fastify/accept-negotiator";

/**
 * Whole public API answers, replayed at the HTTP server's door before the framework's request pipeline
 * (docs/adr/0013-front-door-cache.md). The pipeline produces every answer; a route marks one as public and
 * fresh until a time, and requests for the same URL and key headers are answered from memory until then.
 */
export interface FrontDoorCache {
  /** Answers `req` from memory when it can; false when the request must go through the pipeline. */
  serve(req: IncomingMessage, res: ServerResponse): boolean;
  /** Keeps an answer the pipeline produced for `req` (a 200, without cookies) until `freshUntil`. */
  keep(req: RequestLike, answer: { headers: AnswerHeaders; body: string | Buffer; freshUntil: number }): void;
  /** Forgets every answer kept so far and goes on serving (a store's shelf changed: ADR 0032). */
  forgetAll(): void;
  /** Stops serving and forgets every answer (server shutdown). */
  close(): void;
}

type AnswerHeaders = Record<string, string | number | string[] | undefined>;

export interface RequestLike {
  method?: string;
  url?: string;
  headers: IncomingMessage["headers"];
}

export interface FrontDoorOptions {
  /** Requests the door must leave to the pipeline whatever their URL (e.g. ones carrying a session). */
  passThrough: (req: RequestLike) => boolean;
  requestId: (req: IncomingMessage) => string;
  /** The request log, once there is one. */
  log: () => RequestLog | undefined;
  /** The compression settings of the pipeline, so replayed answers are encoded the same way. */
  compression: Compression;
  /** Memory bound over kept bodies and their encoded forms (default 32 MiB); the oldest answers go first. */
  maxBytes?: number;
  now?: () => number;
}

export interface RequestLog {
  info(fields: object, message: string): void;
}

type Encoding = "br" | "gzip";

/** How answers are compressed: encodings in order of preference, from how many bytes, brotli's quality. */
export interface Compression {
  encodings: Encoding[];
  threshold: number;
  brotliQuality: number;
}

/** The request headers public answers may depend on (store and position hints, API version): part of the key. */
const KEY_HEADERS = ["x-store-id", "lat", "lng", "accept-version"] as const;

interface Entry {
  freshUntil: number;
  /** Header names and values, flattened, for writeHead. */
  head: string[];
  /** The same headers with `vary: accept-encoding` added, for encoded bodies. */
  encodedHead: string[];
  body: Buffer;
  encoded: Partial<Record<Encoding, Buffer>>;
  /** The body's and the encoded forms' sizes. */
  bytes: number;
}

export function createFrontDoorCache(options: FrontDoorOptions): FrontDoorCache {
  const { compression, passThrough, requestId, log } = options;
  const now = options.now ?? Date.now;
  const maxBytes = options.maxBytes ?? 32 * 1024 * 1024;
  const entries = new Map<string, Entry>();
  let bytes = 0;
  let open = true;

  function forget(key: string) {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.bytes;
  }

  function add(key: string, entry: Entry) {
    forget(key);
    entries.set(key, entry);
    bytes += entry.bytes;
    evictOverBudget();
  }

  function evictOverBudget() {
    while (bytes > maxBytes && entries.size > 0) forget(entries.keys().next().value as string);
  }

  function lookup(req: IncomingMessage): Entry | undefined {
    if (!open || req.method !== "GET" || passThrough(req)) return undefined;
    const key = keyOf(req);
    const entry = entries.get(key);
    if (entry && entry.freshUntil <= now()) {
      forget(key);
      return undefined;
    }
    return entry;
  }

  function encodedBody(entry: Entry, encoding: Encoding): Buffer {
    let body = entry.encoded[encoding];
    if (!body) {
      body =
        encoding === "br"
          ? zlib.brotliCompressSync(entry.body, {
              params: { [zlib.constants.BROTLI_PARAM_QUALITY]: compression.brotliQuality },
            })
          : zlib.gzipSync(entry.body);
      entry.encoded[encoding] = body;
      entry.bytes += body.length;
      bytes += body.length;
      evictOverBudget();
    }
    return body;
  }

  return {
    serve(req, res) {
      const entry = lookup(req);
      if (!entry) return false;
      const started = performance.now();
      const id = requestId(req);
      const encoding =
        entry.body.length >= compression.threshold ? encodingFor(req, compression.encodings) : null;
      const body = encoding ? encodedBody(entry, encoding) : entry.body;
      const head = encoding ? [...entry.encodedHead, "content-encoding", encoding] : [...entry.head];
      head.push("content-length", String(body.length), "x-request-id", id);
      res.writeHead(200, head);
      res.end(body);
      // The line Fastify writes for a completed request (a no-op below the info level), marked as replayed.
      log()?.info(
        {
          reqId: id,
          req: { method: req.method, url: req.url },
          res: { statusCode: 200 },
          responseTime: performance.now() - started,
          cache: "front-door",
        },
        "request completed",
      );
      return true;
    },

    keep(req, answer) {
      if (!open || req.method !== "GET" || passThrough(req) || answer.freshUntil <= now()) return;
      const headers = { ...answer.headers };
      if (headers["set-cookie"] !== undefined || !String(headers["content-type"]).includes("json")) return;
      for (const name of ["content-length", "content-encoding", "x-request-id"]) delete headers[name];
      const body = Buffer.from(answer.body);
      add(keyOf(req), {
        freshUntil: answer.freshUntil,
        head: flatten(headers),
        encodedHead: flatten({ ...headers, vary: withAcceptEncoding(headers.vary) }),
        body,
        encoded: {},
        bytes: body.length,
      });
    },

    forgetAll() {
      entries.clear();
      bytes = 0;
    },

    close() {
      open = false;
      entries.clear();
      bytes = 0;
    },
  };
}

function keyOf(req: RequestLike): string {
  let key = req.url ?? "";
  for (const name of KEY_HEADERS) key += `\n${req.headers[name] ?? ""}`;
  return key;
}

/** The encoding @fastify/compress would choose: `*` and `x-gzip` count as gzip; `x-no-compression` opts out. */
function encodingFor(req: IncomingMessage, encodings: Encoding[]): Encoding | null {
  const accepted = req.headers["accept-encoding"];
  if (!accepted || req.headers["x-no-compression"] !== undefined) return null;
  const chosen = negotiate(accepted.toLowerCase().replace(/\*|x-gzip/g, "gzip"), encodings);
  return chosen === "br" || chosen === "gzip" ? chosen : null;
}

function withAcceptEncoding(vary: AnswerHeaders[string]): string {
  const values = vary === undefined ? [] : Array.isArray(vary) ? vary : [String(vary)];
  return values.some((v) => v.includes("accept-encoding"))
    ? values.join(", ")
    : [...values, "accept-encoding"].join(", ");
}

function flatten(headers: AnswerHeaders): string[] {
  const flat: string[] = [];
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) flat.push(name, String(v));
  }
  return flat;
}
