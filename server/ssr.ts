import path from "node:path";
import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import zlib from "node:zlib";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { type AppLoadContext, createRequestHandler, type ServerBuild } from "react-router";
import type { ApiFetch } from "../app/lib/api.ts";
import { isApiPath } from "./api-paths.ts";
import { sendApiNotFound } from "./api-security-headers.ts";

export type SsrMode = "production" | "development";

/** Serves the React Router app: built assets (immutable) and every page route, rendered on the server. */
export async function registerSsr(
  app: FastifyInstance,
  opts: { mode: SsrMode; root: string; apiHeaders: Record<string, string> },
) {
  let getBuild: () => Promise<ServerBuild>;
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
  const handle = createRequestHandler(getBuild, opts.mode);

  // Pages read raw bodies (form posts to route actions); the API's JSON parser stays with the API.
  await app.register(async (pages) => {
    pages.removeAllContentTypeParsers();
    pages.addContentTypeParser("*", { parseAs: "buffer" }, (_req, body, done) => done(null, body));
    pages.route({
      method: ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"],
      url: "/*",
      schema: { hide: true },
      // Bad input in a page's path renders the not-found page (server/input-guard.ts).
      config: { storefrontPage: true },
      // Brotli 5 instead of the default 4: documents about 7% smaller (a listing's first round trip on a slow
      // link holds about 14 kB) for no measurable extra time on a 100 kB page.
      compress: {
        encodings: ["br", "gzip"],
        brotliOptions: {
          params: {
            [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
            [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
          },
        },
      },
      handler: async (req, reply) => {
        if (isApiPath(req.url)) return sendApiNotFound(reply, opts.apiHeaders);
        return renderPage(app, handle, req, reply);
      },
    });
  });
}

async function renderPage(
  app: FastifyInstance,
  handle: ReturnType<typeof createRequestHandler>,
  req: FastifyRequest,
  reply: FastifyReply,
) {
  const origin = `${req.protocol}://${req.host}`;
  const controller = new AbortController();
  reply.raw.on("close", () => controller.abort());
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(key, v);
  }
  const hasBody = req.method !== "GET" && req.method !== "HEAD";
  const request = new Request(new URL(req.url, origin), {
    method: req.method,
    headers,
    signal: controller.signal,
    body: hasBody && req.body ? new Uint8Array(req.body as Buffer) : undefined,
  });
  const context: AppLoadContext = {
    api: injectApi(app, req, reply),
    nonce: reply.cspNonce?.script ?? "",
    origin,
    pathNamesNoPage: req.pathNamesNoPage,
  };
  const response = await handle(request, context);

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
 * host, scheme: rate limits and cookie flags see the shopper, not this process) and, for a checked page form
 * post, its CSRF token. Cookies the API sets go to the browser and to the calls that follow in this request.
 */
function injectApi(app: FastifyInstance, req: FastifyRequest, reply: FastifyReply): ApiFetch {
  const forwarded: Record<string, string> = { "x-platform": "web" };
  for (const name of [
    "cookie",
    "x-user",
    "x-store-id",
    "x-multi-store",
    "lat",
    "lng",
    "user-agent",
    "x-csrf-token",
  ]) {
    const value = req.headers[name];
    if (typeof value === "string") forwarded[name] = value;
  }
  forwarded["x-request-id"] = String(req.id);
  forwarded["x-forwarded-for"] = req.ip;
  forwarded["x-forwarded-proto"] = req.protocol;
  forwarded["x-forwarded-host"] = req.host;
  return async (apiPath, init = {}) => {
    const res = await app.inject({
      method: init.method ?? "GET",
      url: apiPath,
      headers: {
        ...forwarded,
        ...init.headers,
        ...(init.body !== undefined ? { "content-type": "application/json" } : {}),
      },
      payload: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    const setCookie = res.headers["set-cookie"];
    if (setCookie) {
      reply.header("set-cookie", setCookie);
      forwarded.cookie = applySetCookies(
        forwarded.cookie,
        Array.isArray(setCookie) ? setCookie : [setCookie],
      );
    }
    const isJson = String(res.headers["content-type"] ?? "").includes("json");
    const data = isJson && res.body ? JSON.parse(res.body) : res.body || null;
    return {
      status: res.statusCode,
      ok: res.statusCode < 400,
      data,
      headers: res.headers as Record<string, string>,
    };
  };
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
