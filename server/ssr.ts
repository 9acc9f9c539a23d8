import path from "node:path";
import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import zlib from "node:zlib";
import { negotiate } from "@fastify/accept-negotiator";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { type AppLoadContext, createRequestHandler, type ServerBuild } from "react-router";
import type { ApiFetch, ApiRequest, ApiResponse } from "../app/lib/api.ts";
import { isApiPath } from "./api-paths.ts";
import { sendApiNotFound } from "./api-security-headers.ts";
import { BUSY_PAGE, BUSY_RETRY_AFTER_S } from "./busy-page.ts";
import { admittedAtTheDoor } from "./front-door.ts";
import { newRenderId, RENDER_HEADER } from "./modules/sessions/index.ts";
import type { Admission } from "./platform/admission.ts";
import { encodePage, gzipOf, type PageCache, pageKey, type SharedPage } from "./platform/page-cache.ts";
import type { KeptAnswer, PublicReads } from "./platform/public-reads.ts";
import { IN_PROCESS_ADDRESS } from "./platform/trusted-proxy.ts";
import { sharedRouteKind } from "./shared-routes.ts";

/** The console page that uploads a shelf feed, and how large its form posts may be (the API's feed call takes 10 MB). */
/** The console pages that take a file (a shelf feed, a product photo): the only pages whose posts may be this large. */
const FILE_PAGE_PATHS = ["/console/stock/feed", "/console/photos"].flatMap((p) => [p, `${p}.data`]);
const FILE_PAGE_BODY_LIMIT = 11 * 1024 * 1024;
export type SsrMode = "production" | "development";

/**
 * Pages shared between anonymous shoppers (docs/adr/0042-shared-page-cache.md): the cache, and who the request's
 * shopper is for it — null when the request is personal (a session), else the stores serving the saved address
 * (the key's shelf part) and the position the shared render asks the API with.
 */
export interface SharedPages {
  cache: PageCache;
  shopperOf(req: FastifyRequest): Promise<SharedShopper | null>;
  /** Each page request's outcome, for the metrics. */
  counted?(outcome: PageCacheOutcome): void;
}

export interface SharedShopper {
  stores: string;
  position: { lat: number; lng: number } | null;
}

export type PageCacheOutcome = "hit" | "miss" | "bypass";

/**
 * A stale shared page is rendered again this long after it was served (docs/adr/0045-critical-css.md): the shopper
 * who got it asks next for its image and scripts, which would otherwise wait behind that render on the event loop
 * (on a page seen less often than every SHARED_PAGE_MS, every visit's own first paint did).
 */
export const REFRESH_DELAY_MS = 1_000;

/** Serves the React Router app: built assets (immutable) and every page route, rendered on the server. */
export async function registerSsr(
  app: FastifyInstance,
  opts: {
    mode: SsrMode;
    root: string;
    apiHeaders: Record<string, string>;
    shared?: SharedPages | null;
    /** Page renders at once; past it a request gets the busy page (hits from the cache do not count). */
    renders?: Admission;
    /** The store's address for the links pages write (canonical links, share links): server/platform/site-origin.ts. */
    siteOrigin: (req: FastifyRequest) => string;
    /** Public answers the pages read, kept for a few seconds (server/platform/public-reads.ts); null: none kept. */
    reads?: PublicReads | null;
  },
) {
  const api: InProcessApi = { app, reads: opts.reads ?? null };
  let getBuild: () => Promise<ServerBuild>;
  // Production hands React Router the build itself: given a function, it derives its routes and handler on every
  // request (a tenth of a page's CPU under load).
  let staticBuild: ServerBuild | null = null;
  if (opts.mode === "development") {
    const { createServer } = await import("vite");
    const vite = await createServer({ root: opts.root, server: { middlewareMode: true }, appType: "custom" });
    await app.register(import("@fastify/middie"));
    app.use(vite.middlewares);
    app.addHook("onClose", () => vite.close());
    getBuild = () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>;
  } else {
    const buildDir = path.join(opts.root, "build");
    const serverEntry = path.join(buildDir, "server", "index.js");
    const build = (await import(serverEntry).catch(() => {
      throw new Error(`No storefront build at ${serverEntry}: run "npm run build" first.`);
    })) as ServerBuild;
    getBuild = async () => build;
    staticBuild = build;
    await app.register(fastifyStatic, {
      root: path.join(buildDir, "client"),
      wildcard: false,
      // Scripts and the stylesheet come with .br and .gz twins written at build time (vite.config.ts).
      preCompressed: true,
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header(
          "cache-control",
          immutable ? "public, max-age=31536000, immutable" : "public, max-age=3600",
        );
      },
    });
  }
  const handle = createRequestHandler(staticBuild ?? getBuild, opts.mode);
  /** Shared pages whose background render is scheduled, cancelled when the server closes. */
  const refreshing = new Map<string, NodeJS.Timeout>();
  app.addHook("onClose", (_app, done) => {
    for (const timer of refreshing.values()) clearTimeout(timer);
    refreshing.clear();
    done();
  });

  // Pages read raw bodies (form posts to route actions); the API's JSON parser stays with the API.
  await app.register(async (pages) => {
    pages.removeAllContentTypeParsers();
    pages.addContentTypeParser("*", { parseAs: "buffer" }, (_req, body, done) => done(null, body));
    const page = {
      schema: { hide: true },
      // Bad input in a page's path renders the not-found page (server/input-guard.ts).
      config: { storefrontPage: true },
      // Brotli 6 instead of the default 4: documents about 8% smaller (a product page's first round trip on a
      // slow link holds 14.6 kB) for little extra time (a 76 kB product page: 5 in 1.2 ms, 6 in 1.3 ms, 91 bytes
      // smaller; 7 takes 34 ms for 35 bytes more).
      compress: {
        encodings: ["br", "gzip"] as ("br" | "gzip")[],
        brotliOptions: {
          params: {
            [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
            [zlib.constants.BROTLI_PARAM_QUALITY]: 6,
          },
        },
      },
      handler: async (req: FastifyRequest, reply: FastifyReply) => {
        if (isApiPath(req.url)) return sendApiNotFound(reply, opts.apiHeaders);
        const shopper = opts.shared ? await sharedShopperOf(req, opts.shared, await getBuild()) : null;
        if (opts.shared && shopper) return sharedPage(req, reply, opts.shared, shopper);
        opts.shared?.counted?.("bypass");
        return admitted(req, reply, () => renderPage(api, handle, req, reply, opts.siteOrigin(req)));
      },
    };
    pages.route({ ...page, method: ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"], url: "/*" });
    // The shelf feed and photo pages post a file (issue 34): as large as the API's calls take. A hydrated page's
    // form posts to the same path with `.data` (React Router's single fetch).
    for (const url of FILE_PAGE_PATHS)
      pages.route({ ...page, method: "POST", url, bodyLimit: FILE_PAGE_BODY_LIMIT });
  });

  /**
   * Renders within the admission limit, else answers the busy page. A request the door admitted already holds its
   * place (server/front-door.ts); the others (a form's post, a page the cache turned out not to hold) take one here.
   */
  async function admitted<T>(
    req: FastifyRequest,
    reply: FastifyReply,
    render: () => Promise<T>,
  ): Promise<T | FastifyReply> {
    if (admittedAtTheDoor(req.raw)) return render();
    if (opts.renders && !opts.renders.tryEnter()) return sendBusy(reply);
    try {
      return await render();
    } finally {
      opts.renders?.leave();
    }
  }

  /** A shared page: kept, or being rendered for someone else (wait for it), or rendered now for everyone. */
  async function sharedPage(
    req: FastifyRequest,
    reply: FastifyReply,
    shared: SharedPages,
    shopper: SharedShopper,
  ) {
    const key = pageKey(req.url, shopper.stores);
    const kept = shared.cache.get(key);
    if (kept) {
      shared.counted?.("hit");
      return sendShared(req, reply, kept, "hit");
    }
    const stale = shared.cache.stale(key);
    if (stale) {
      // Served at once; one request renders it again in the background, a moment later (REFRESH_DELAY_MS) when a
      // render slot is free and another stays free for shoppers (Admission.tryEnterBackground).
      if (!refreshing.has(key) && !shared.cache.pending(key)) {
        const timer = setTimeout(() => {
          refreshing.delete(key);
          if (shared.cache.get(key) || shared.cache.pending(key)) return;
          if (opts.renders && !opts.renders.tryEnterBackground()) return;
          const refreshed = renderShared(api, handle, req, reply, shopper, opts.siteOrigin(req)).then(
            (r) => r.page,
          );
          void shared.cache
            .fill(key, refreshed)
            .catch((err: unknown) => req.log.warn({ err }, "shared page: refresh failed"))
            .finally(() => opts.renders?.leaveBackground());
        }, REFRESH_DELAY_MS).unref();
        refreshing.set(key, timer);
      }
      shared.counted?.("hit");
      return sendShared(req, reply, stale, "stale");
    }
    const pending = shared.cache.pending(key);
    const waited = pending ? await pending.catch(() => null) : null;
    if (waited) {
      shared.counted?.("hit");
      return sendShared(req, reply, waited, "hit");
    }
    shared.counted?.("miss");
    return admitted(req, reply, async () => {
      const rendered = renderShared(api, handle, req, reply, shopper, opts.siteOrigin(req));
      const page = await shared.cache.fill(
        key,
        rendered.then((r) => r.page),
      );
      if (page) return sendShared(req, reply, page, "miss");
      // Not shareable (not a 200, or the render set cookies): this shopper gets it as it is.
      return sendResponse(reply, (await rendered).response);
    });
  }
}

async function sharedShopperOf(
  req: FastifyRequest,
  shared: SharedPages,
  build: ServerBuild,
): Promise<SharedShopper | null> {
  if (req.method !== "GET") return null;
  if (
    req.headers.lat !== undefined ||
    req.headers.lng !== undefined ||
    req.headers["x-store-id"] !== undefined
  )
    return null;
  const page = pagePathOf(req.url);
  const kind = sharedRouteKind(build, page);
  if (kind === null) return null;
  // A personal page's frame only for a document request from a browser that runs our scripts: a navigation's data
  // request and a browser without them get the whole page, rendered for the shopper.
  if (kind === "frame" && (page !== req.url.split("?")[0] || !runsScripts(req))) return null;
  return shared.shopperOf(req);
}

/** The cookie a browser that has run our scripts sends (app/lib/shared-page.ts sets it; the image holds no app/). */
const SCRIPTS_COOKIE = "nc_js";

function runsScripts(req: FastifyRequest): boolean {
  return new RegExp(`(?:^|;\\s*)${SCRIPTS_COOKIE}=1(?:;|$)`).test(req.headers.cookie ?? "");
}

/** The page a URL renders: a client navigation's data request (`/beer.data`, `/_root.data` for home) names its page. */
export function pagePathOf(url: string): string {
  const pathname = url.split("?")[0];
  if (!pathname.endsWith(".data")) return pathname;
  const page = pathname.slice(0, -".data".length);
  return page === "/_root" ? "/" : page;
}

function sendBusy(reply: FastifyReply) {
  return reply
    .code(503)
    .header("retry-after", String(BUSY_RETRY_AFTER_S))
    .header("cache-control", "no-store")
    .type("text/html; charset=utf-8")
    .send(BUSY_PAGE);
}

/** A kept page, encoded as the browser accepts, under the CSP its scripts' nonces were rendered for. */
async function sendShared(
  req: FastifyRequest,
  reply: FastifyReply,
  page: SharedPage,
  outcome: "hit" | "miss" | "stale",
) {
  reply.status(200);
  for (const [name, value] of page.headers) reply.header(name, value);
  const csp = reply.getHeader("content-security-policy");
  if (typeof csp === "string" && reply.cspNonce) {
    reply.header(
      "content-security-policy",
      csp
        .replaceAll(reply.cspNonce.script, page.nonce.script)
        .replaceAll(reply.cspNonce.style, page.nonce.style),
    );
  }
  reply.header("x-page-cache", outcome);
  reply.header("vary", "accept-encoding");
  const accepted = req.headers["accept-encoding"];
  const encoding = accepted
    ? negotiate(accepted.toLowerCase().replace(/\*|x-gzip/g, "gzip"), ["br", "gzip"])
    : null;
  if (encoding === "br" || encoding === "gzip") {
    reply.header("content-encoding", encoding);
    return reply.send(encoding === "br" ? page.br : await gzipOf(page));
  }
  return reply.send(page.body);
}

/**
 * Renders a page for every anonymous shopper of the same stores: the API is asked without the shopper's cookies, at
 * their saved address's position; the root leaves the personal parts to the browser. The result is shareable when
 * it is a complete 200 page that set no cookie.
 */
async function renderShared(
  app: InProcessApi,
  handle: ReturnType<typeof createRequestHandler>,
  req: FastifyRequest,
  reply: FastifyReply,
  shopper: SharedShopper,
  origin: string,
): Promise<{ page: SharedPage | null; response: Response }> {
  const api = injectApi(app, req, reply, { shared: shopper });
  const response = await handle(pageRequest(req), {
    api: api.fetch,
    nonce: reply.cspNonce?.script ?? "",
    styleNonce: reply.cspNonce?.style ?? "",
    origin,
    pathNamesNoPage: req.pathNamesNoPage,
    sharedPage: { addressPending: shopper.position !== null },
  });
  if (
    response.status !== 200 ||
    !response.body ||
    response.headers.getSetCookie().length > 0 ||
    api.setCookies()
  )
    return { page: null, response };
  const body = Buffer.from(await response.arrayBuffer());
  const headers: [string, string][] = [];
  for (const [name, value] of response.headers) {
    if (!["set-cookie", "content-length", "content-encoding"].includes(name)) headers.push([name, value]);
  }
  const encoded = await encodePage(body);
  const page: SharedPage = {
    headers,
    nonce: { script: reply.cspNonce?.script ?? "", style: reply.cspNonce?.style ?? "" },
    body,
    ...encoded,
  };
  return { page, response: new Response(body, { status: 200, headers: response.headers }) };
}

const originOf = (req: FastifyRequest) => `${req.protocol}://${req.host}`;

/** The Fetch request React Router renders, from the shopper's request (aborted when they go away). */
function pageRequest(req: FastifyRequest, signal?: AbortSignal): Request {
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(key, v);
  }
  const hasBody = req.method !== "GET" && req.method !== "HEAD";
  return new Request(new URL(req.url, originOf(req)), {
    method: req.method,
    headers,
    signal,
    body: hasBody && req.body ? new Uint8Array(req.body as Buffer) : undefined,
  });
}

async function renderPage(
  app: InProcessApi,
  handle: ReturnType<typeof createRequestHandler>,
  req: FastifyRequest,
  reply: FastifyReply,
  origin: string,
) {
  const controller = new AbortController();
  reply.raw.on("close", () => controller.abort());
  const context: AppLoadContext = {
    api: injectApi(app, req, reply, { shared: null }).fetch,
    nonce: reply.cspNonce?.script ?? "",
    styleNonce: reply.cspNonce?.style ?? "",
    origin,
    pathNamesNoPage: req.pathNamesNoPage,
  };
  return sendResponse(reply, await handle(pageRequest(req, controller.signal), context));
}

function sendResponse(reply: FastifyReply, response: Response) {
  reply.status(response.status);
  for (const [key, value] of response.headers) {
    if (key !== "set-cookie") reply.header(key, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length) reply.header("set-cookie", cookies);
  if (!response.body) return reply.send();
  return reply.send(Readable.fromWeb(response.body as unknown as NodeReadableStream));
}

/**
 * Loaders and actions call the API in-process, carrying the shopper's cookies, identifying headers, address (IP,
 * host, scheme, as this request read them under TRUST_PROXY: rate limits and cookie flags see the shopper, not
 * this process; the calls come from IN_PROCESS_ADDRESS, whose forwarding headers are believed) and, for a checked
 * page form post, its CSRF token. Cookies the API sets go to the browser and to the calls that follow.
 */
/** The app the pages' API calls go to in-process, and the public answers kept for them. */
export interface InProcessApi {
  app: FastifyInstance;
  reads: PublicReads | null;
}

export function injectApi(
  { app, reads }: InProcessApi,
  req: FastifyRequest,
  reply: FastifyReply,
  opts: { shared: SharedShopper | null },
): { fetch: ApiFetch; setCookies(): boolean } {
  const forwarded: Record<string, string> = { "x-platform": "web" };
  // A shared render asks as nobody in particular, at the shopper's position.
  const names = opts.shared
    ? ["user-agent"]
    : ["cookie", "x-user", "x-store-id", "x-multi-store", "lat", "lng", "user-agent", "x-csrf-token"];
  for (const name of names) {
    const value = req.headers[name];
    if (typeof value === "string") forwarded[name] = value;
  }
  if (opts.shared?.position) {
    forwarded.lat = String(opts.shared.position.lat);
    forwarded.lng = String(opts.shared.position.lng);
  }
  let cookiesSet = false;
  forwarded["x-request-id"] = String(req.id);
  // The render's calls resolve the shopper's session once between them.
  if (!opts.shared) forwarded[RENDER_HEADER] = newRenderId();
  // A client that hung up before its render began has no address left (its socket is gone).
  if (req.ip) forwarded["x-forwarded-for"] = req.ip;
  forwarded["x-forwarded-proto"] = req.protocol;
  forwarded["x-forwarded-host"] = req.host;
  const fetch: ApiFetch = async <T>(apiPath: string, init: ApiRequest = {}) => {
    const keepable =
      reads !== null && (init.method ?? "GET") === "GET" && init.body === undefined && !init.file;
    const kept = keepable ? reads.get(apiPath) : undefined;
    if (kept) return answerOf<T>(kept);
    const res = await app.inject({
      method: init.method ?? "GET",
      url: apiPath,
      // Marks the call as this process's own, so the shopper's address below is believed (TRUST_PROXY or not).
      remoteAddress: IN_PROCESS_ADDRESS,
      headers: {
        ...forwarded,
        ...init.headers,
        ...(init.body !== undefined ? { "content-type": "application/json" } : {}),
        ...(init.file ? { "content-type": init.file.type } : {}),
      },
      payload: init.file
        ? Buffer.from(init.file.bytes)
        : init.body === undefined
          ? undefined
          : JSON.stringify(init.body),
    });
    const setCookie = res.headers["set-cookie"];
    if (setCookie && opts.shared) cookiesSet = true;
    else if (setCookie) {
      reply.header("set-cookie", setCookie);
      forwarded.cookie = applySetCookies(
        forwarded.cookie,
        Array.isArray(setCookie) ? setCookie : [setCookie],
      );
    }
    const isJson = String(res.headers["content-type"] ?? "").includes("json");
    const answer: KeptAnswer = {
      status: res.statusCode,
      data: isJson && res.body ? JSON.parse(res.body) : res.body || null,
      headers: res.headers as Record<string, string>,
    };
    // Kept answers are shared by every render that reads them: frozen, so that a loader changing one fails at once.
    if (keepable) reads.offer(apiPath, { ...answer, data: deepFreeze(answer.data) });
    return answerOf<T>(answer);
  };
  return { fetch, setCookies: () => cookiesSet };
}

const answerOf = <T>(answer: KeptAnswer): ApiResponse<T> => ({
  status: answer.status,
  ok: answer.status < 400,
  data: answer.data as T,
  headers: answer.headers,
});

function deepFreeze<T>(value: T): T {
  if (value === null || typeof value !== "object" || Object.isFrozen(value)) return value;
  for (const inner of Object.values(value)) deepFreeze(inner);
  return Object.freeze(value);
}

/** The Cookie header after these Set-Cookie lines (a cleared cookie is dropped). */
export function applySetCookies(cookieHeader: string | undefined, setCookies: string[]): string {
  const jar = new Map<string, string>();
  for (const pair of (cookieHeader ?? "").split(";")) {
    const at = pair.indexOf("=");
    if (at > 0) jar.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
  }
  for (const line of setCookies) {
    const [pair, ...attributes] = line.split(";");
    const at = pair.indexOf("=");
    if (at <= 0) continue;
    const name = pair.slice(0, at).trim();
    const expired = attributes.some((a) => {
      const [key, value = ""] = a.trim().split("=");
      const k = key.toLowerCase();
      return (k === "max-age" && Number(value) <= 0) || (k === "expires" && Date.parse(value) <= Date.now());
    });
    if (expired) jar.delete(name);
    else jar.set(name, pair.slice(at + 1).trim());
  }
  return [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
}
