import { type IncomingMessage, STATUS_CODES } from "node:http";
import type { Duplex } from "node:stream";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { isApiPath } from "./api-paths.ts";
import { badRequest } from "./errors.ts";

/**
 * Input no route can use, refused once at the edge of the app (docs/adr/0017-unstorable-input-at-the-edge.md):
 * - text PostgreSQL cannot store or UTF-8 cannot encode: a NUL character (text columns refuse the byte) or an
 *   unpaired UTF-16 surrogate (JSON bodies may carry "\ud800"; jsonb refuses it, text columns would keep U+FFFD
 *   instead of what was sent), in any path parameter, query value, header value or JSON body string or key;
 * - a URL whose path is not valid percent-encoded UTF-8 (the router cannot decode it).
 * API routes answer 400 `bad_request` naming the field; the storefront's page route answers its not-found page
 * for a path holding either (its query and form bodies reach the API through the page's loader or action, which
 * the API then refuses). Decoded cookie values are not checked here: each is read by its owner with a shape check,
 * and a stray cookie set by another script on the domain must not lock a shopper out of every page.
 */

declare module "fastify" {
  interface FastifyContextConfig {
    /** The storefront's page route (server/ssr.ts): bad input in its path renders the not-found page. */
    storefrontPage?: boolean;
  }
  interface FastifyRequest {
    /** A page request whose path names no page (see server/input-guard.ts): the page answers not-found. */
    pathNamesNoPage: boolean;
  }
}

const SUSPECT = /[\0\uD800-\uDFFF]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why this text cannot be stored as sent, or null when it can. */
export function unstorable(text: string): string | null {
  if (!SUSPECT.test(text)) return null;
  if (text.includes("\0")) return "must not contain the NUL character (U+0000)";
  if (LONE_SURROGATE.test(text)) return "must be valid Unicode (it holds an unpaired surrogate)";
  return null;
}

export interface BadInput {
  /** The field, in the validator's notation: body.items.0.sku, querystring.q, params.skus, headers.x-user. */
  where: string;
  problem: string;
}

/**
 * The first unstorable string in a parsed value: strings, and keys and values of objects and arrays, walked without
 * recursion (a 256 kB body may nest deeper than the stack). Bytes (a page form's raw Buffer) are skipped. A field's
 * path is only spelled out for a container or a bad string: every request's headers pass through here.
 */
export function findBadInput(value: unknown, where: string): BadInput | null {
  // Three parallel stacks: each value, its container's path and its key.
  const values: unknown[] = [value];
  const parents: string[] = [""];
  const keys: string[] = [where];
  while (values.length > 0) {
    const current = values.pop();
    const parent = parents.pop() as string;
    const key = keys.pop() as string;
    if (typeof current === "string") {
      const problem = unstorable(current);
      if (problem) return { where: parent ? `${parent}.${key}` : key, problem };
      continue;
    }
    if (current === null || typeof current !== "object" || ArrayBuffer.isView(current)) continue;
    const at = parent ? `${parent}.${key}` : key;
    const own = Array.isArray(current) ? null : Object.keys(current);
    if (own) {
      for (const name of own) {
        const problem = unstorable(name);
        if (problem) return { where: at, problem: `has a property name that ${problem}` };
      }
    }
    const children = own ?? (current as unknown[]).map((_, i) => String(i));
    for (let i = children.length - 1; i >= 0; i--) {
      values.push((current as Record<string, unknown>)[children[i]]);
      parents.push(at);
      keys.push(children[i]);
    }
  }
  return null;
}

/** Raw requests whose path could not be decoded; rewriteUrl escaped it so the router could route them. */
const undecodable = new WeakSet<IncomingMessage>();
const UNDECODABLE: BadInput = { where: "url", problem: "the path must be valid percent-encoded UTF-8" };

/**
 * Fastify's rewriteUrl: a path with a malformed percent-escape (`/search/%E0%A4%A`) would make the router answer
 * its own 400 body, outside our error shape and without the page's not-found. Such a path is routed with every `%`
 * escaped instead (so it decodes to itself) and its request remembered, for the guard below to refuse or not-find.
 */
export function routableUrl(raw: IncomingMessage): string {
  const url = raw.url ?? "/";
  const end = url.search(/[?#]/);
  const path = end === -1 ? url : url.slice(0, end);
  if (!path.includes("%")) return url;
  try {
    decodeURI(path);
    return url;
  } catch {
    undecodable.add(raw);
    return path.replaceAll("%", "%25") + (end === -1 ? "" : url.slice(end));
  }
}

/** The request's URL parts (path, path parameters, query) that are bad, if any. */
function badUrl(req: FastifyRequest): BadInput | null {
  if (undecodable.has(req.raw)) return UNDECODABLE;
  return findBadInput(req.params, "params") ?? findBadInput(req.query, "querystring");
}

/**
 * Installs the guard on the whole app: the URL and header values in onRequest (before the hooks that read them:
 * sessions from `x-user`, the position from `lat`/`lng`), JSON bodies in preValidation (after parsing, before each
 * route's schema). Register it before any route and any hook that reads input.
 */
export function installInputGuard(app: FastifyInstance, opts: { apiHeaders: Record<string, string> }) {
  app.decorateRequest("pathNamesNoPage", false);
  const refuse = (req: FastifyRequest, reply: FastifyReply, bad: BadInput) => {
    // Refused before the route's own onRequest hook would set the API's headers.
    if (isApiPath(req.url)) reply.headers(opts.apiHeaders);
    return badRequest(`Invalid ${bad.where}: ${bad.problem}`);
  };

  app.addHook("onRequest", (req, reply, done) => {
    if (req.routeOptions.config.storefrontPage) {
      if (undecodable.has(req.raw) || findBadInput(req.params, "params")) req.pathNamesNoPage = true;
      return done();
    }
    const bad = badUrl(req) ?? findBadInput(req.headers, "headers");
    done(bad ? refuse(req, reply, bad) : undefined);
  });

  app.addHook("preValidation", (req, reply, done) => {
    if (req.body === undefined || req.routeOptions.config.storefrontPage) return done();
    const bad = findBadInput(req.body, "body");
    done(bad ? refuse(req, reply, bad) : undefined);
  });
}

/**
 * Fastify's frameworkErrors: what the router still cannot route after routableUrl (a request target that is not
 * a path, a path parameter over the router's maxParamLength when no other route matches) answers in the API's
 * error shape instead of Fastify's own body.
 */
export function answerFrameworkError(apiHeaders: Record<string, string>) {
  return (error: FastifyError, req: FastifyRequest, reply: FastifyReply) => {
    const tooLong = error.code === "FST_ERR_MAX_PARAM_LENGTH";
    reply
      .code(tooLong ? 414 : 400)
      .header("x-request-id", req.id)
      .headers(apiHeaders)
      .send({
        error: tooLong
          ? { code: "uri_too_long", message: "Invalid params: a path segment is longer than the API accepts" }
          : { code: "bad_request", message: `Invalid ${UNDECODABLE.where}: ${UNDECODABLE.problem}` },
      });
  };
}

/** What the HTTP server answers itself, before any route: a request it could not read (Node's clientError). */
const CLIENT_ERRORS: Record<string, { status: number; code: string; message: string }> = {
  // Node's parser stops at --max-http-header-size (16 KiB), and the request line counts: a very long path too.
  HPE_HEADER_OVERFLOW: {
    status: 431,
    code: "headers_too_large",
    message: "The request's address or headers are too long (16 KiB at most together).",
  },
  ERR_HTTP_REQUEST_TIMEOUT: {
    status: 408,
    code: "request_timeout",
    message: "The request took too long to arrive.",
  },
};
const CLIENT_ERROR_LINGER_MS = 2_000;
const NOT_HTTP = { status: 400, code: "bad_request", message: "The request could not be read as HTTP." };

/**
 * Fastify's clientErrorHandler: what Node's parser refuses before Fastify sees a request (headers or a path over
 * the header size limit, a malformed request line, a request too slow to arrive) answers in the API's error
 * shape, with the API's security headers, instead of Fastify's own body; then the connection closes (the parser
 * cannot read on from a request it could not read).
 */
export function answerClientError(apiHeaders: Record<string, string>) {
  const headerLines = Object.entries(apiHeaders)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join("");
  return (err: Error & { code?: string }, socket: Duplex) => {
    // A reset connection has no one to answer; a closed one has been answered already.
    if (err.code === "ECONNRESET" || socket.destroyed || !socket.writable) return;
    const { status, code, message } = CLIENT_ERRORS[err.code ?? ""] ?? NOT_HTTP;
    const body = JSON.stringify({ error: { code, message } });
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
        "content-type: application/json; charset=utf-8\r\n" +
        `content-length: ${Buffer.byteLength(body)}\r\n` +
        "cache-control: no-store\r\n" +
        headerLines +
        "connection: close\r\n\r\n" +
        body,
    );
    // The rest of what the client sends is read and dropped (closing on unread data would reset the connection,
    // and the client could lose the answer), for a moment only.
    const closing = setTimeout(() => socket.destroy(), CLIENT_ERROR_LINGER_MS);
    closing.unref();
    socket.once("close", () => clearTimeout(closing));
  };
}
