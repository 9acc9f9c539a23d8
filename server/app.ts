import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import zlib from "node:zlib";
import fastifyCompress from "@fastify/compress";
import fastifyCookie from "@fastify/cookie";
import fastifyHelmet from "@fastify/helmet";
import fastifySwagger from "@fastify/swagger";
import Fastify, {
  type FastifyBaseLogger,
  type FastifyError,
  type FastifyInstance,
  type onRequestHookHandler,
} from "fastify";
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import { isApiPath } from "./api-paths.ts";
import { apiSecurityHeaders, sendApiNotFound } from "./api-security-headers.ts";
import { type Config, checkServingConfig } from "./config.ts";
import { AppError } from "./errors.ts";
import { frontDoorServer, keepPublicAnswers, mayBePersonal, type PageGate } from "./front-door.ts";
import { answerClientError, answerFrameworkError, installInputGuard, routableUrl } from "./input-guard.ts";
import { requestForLog } from "./log-redaction.ts";
import { registerModules } from "./modules/index.ts";
import type { PushTransport } from "./modules/notifications/index.ts";
import { registerOps } from "./modules/ops/index.ts";
import { checkDocumentedRoutes, undocumentedAnswers } from "./openapi/conformance.ts";
import { openApiOptions } from "./openapi/document.ts";
import { createAdmission } from "./platform/admission.ts";
import type { Db } from "./platform/db.ts";
import { type Compression, createFrontDoorCache } from "./platform/front-door-cache.ts";
import { JobQueue } from "./platform/jobs.ts";
import { countPageCache } from "./platform/metrics.ts";
import { createPageCache } from "./platform/page-cache.ts";
import { createPublicReads } from "./platform/public-reads.ts";
import { siteOrigin } from "./platform/site-origin.ts";
import { trustedProxy } from "./platform/trusted-proxy.ts";
import { isDependencyDown, UNAVAILABLE_RETRY_AFTER_S } from "./platform/unavailable.ts";
import { SHARED_PAGE_MS, SHARED_PAGE_STALE_MS, sharedShopperFor } from "./shared-pages.ts";
import { registerSsr, type SsrMode } from "./ssr.ts";

export interface AppDeps {
  config: Config;
  db: Db;
  /** Serve the storefront pages too (off in API-only tests). */
  ssr?: { mode: SsrMode; root: string } | null;
  /** Log requests (JSON lines); tests pass false. */
  logger?: boolean;
  /** Where log lines go instead of stdout (a test reading what is logged). */
  logStream?: { write(line: string): void };
  /** The clock delivery availability reads (tests pin it); the system clock by default. */
  now?: () => Date;
  /** The job queue; one is opened on `db` (and stopped with the app) when not given. */
  jobs?: JobQueue;
  /** Work the job queues (deliver messages…) in this process: main.ts does; tests that need it ask. */
  workers?: boolean;
  /** How often open tracking streams get a heartbeat comment (tests shorten it). */
  heartbeatMs?: number;
  /** How often worker instances sweep for cut-off checkouts (tests shorten it). */
  recoverySweepMs?: number;
  /** How Web Push leaves (a test's local push service with its own certificate); web-push's default otherwise. */
  push?: PushTransport;
  /** The answer caches and the front door (ADR 0007, 0013): on except under NODE_ENV=test, unless a test asks. */
  answerCaches?: boolean;
}

/** How API answers are compressed: by @fastify/compress, and the same way by the front door for its replays. */
const API_COMPRESSION: Compression = { encodings: ["br", "gzip"], threshold: 1024, brotliQuality: 4 };

/** The largest API answer compressed synchronously (@fastify/compress's syncThreshold). */
const SYNC_COMPRESSION_MAX_BYTES = 64 * 1024;

/**
 * Page renders at once per instance: a render is 10–20 ms of CPU, so 16 in progress answer within a few hundred
 * milliseconds; the next gets the busy page at once instead of a place in a queue (docs/adr/0042-shared-page-cache.md).
 */
export const DEFAULT_PAGE_RENDER_LIMIT = 16;
/**
 * How long a page request may wait at the door for a render's place before the busy page: short enough that one
 * admitted at the end of it still renders within a second under a spike (docs/adr/0076-shed-at-the-door.md).
 */
export const DEFAULT_PAGE_QUEUE_MS = 300;

/** The request id: the caller's `x-request-id` when it is a sane token, else a new UUID. */
function requestIdOf(req: IncomingMessage): string {
  const given = req.headers["x-request-id"];
  return typeof given === "string" && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
}

export type App = FastifyInstance;

/** Builds the whole HTTP application without listening: used by main.ts, the tests and the bench. */
export async function buildApp(deps: AppDeps): Promise<App> {
  checkServingConfig(deps.config);
  let appLog: FastifyBaseLogger | undefined; // the app's logger, for answers the door gives once the app exists
  // Public answers are replayed at the server's door (docs/adr/0013-front-door-cache.md); tests run without, as
  // they run without the answer caches the door relies on.
  const caching = deps.answerCaches ?? deps.config.env !== "test";
  const door = caching
    ? createFrontDoorCache({
        passThrough: mayBePersonal,
        requestId: requestIdOf,
        log: () => appLog,
        compression: API_COMPRESSION,
      })
    : null;
  // Pages shared between anonymous shoppers (docs/adr/0042-shared-page-cache.md), with the answer caches.
  const pageCache =
    caching && deps.ssr ? createPageCache({ ttlMs: SHARED_PAGE_MS, staleMs: SHARED_PAGE_STALE_MS }) : null;
  // Public answers the pages read in-process (the category tree, the cities), kept as long as a shared page.
  const publicReads = caching && deps.ssr ? createPublicReads({ ttlMs: SHARED_PAGE_MS }) : null;
  // Page renders at once; past them a page request waits at the door, then is shed (docs/adr/0076-shed-at-the-door.md).
  const renders = createAdmission(deps.config.pageRenderLimit ?? DEFAULT_PAGE_RENDER_LIMIT);
  const gate: PageGate | null = deps.ssr
    ? {
        renders,
        maxWaitMs: deps.config.pageQueueMs ?? DEFAULT_PAGE_QUEUE_MS,
        mayServe: (url) => pageCache?.mayServe(url) ?? false,
        shed: () => {
          if (app.hasDecorator("metrics")) app.metrics.countPageShed();
        },
      }
    : null;
  const dev = deps.ssr?.mode === "development";
  const hsts = deps.config.env === "production";
  const apiHeaders = apiSecurityHeaders({ hsts });
  const app = Fastify({
    serverFactory: door || gate ? frontDoorServer(door, gate) : undefined,
    logger:
      deps.logger === false
        ? false
        : {
            level: deps.config.logLevel,
            serializers: { req: requestForLog },
            ...(deps.logStream ? { stream: deps.logStream } : {}),
          },
    genReqId: requestIdOf,
    // Only the proxies TRUST_PROXY names may say who the client is (docs/adr/0050-trusted-proxy-and-origin.md).
    trustProxy: trustedProxy(deps.config.trustProxy),
    bodyLimit: 256 * 1024,
    // GET /menu/product/{skus} carries up to 60 comma-separated SKUs in one path parameter.
    routerOptions: { maxParamLength: 2048 },
    // Undecodable paths and what the router cannot route answer like the rest (server/input-guard.ts).
    rewriteUrl: routableUrl,
    frameworkErrors: answerFrameworkError(apiHeaders),
    // What Node's HTTP parser refuses (a 100,000-character path: 431) answers in the same shape.
    clientErrorHandler: answerClientError(apiHeaders),
  }).withTypeProvider<ZodTypeProvider>();

  appLog = app.log;
  // Before any route, so each one is traced; loaded only with an exporter configured.
  if (deps.config.ops.tracing) {
    const { installTracing } = await import("./platform/tracing.ts");
    await installTracing(app, deps.config.ops.tracing);
  }
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Every documented route declares its operationId, summary, tags and auth; tests also check each answer.
  checkDocumentedRoutes(app, { recordAnswers: deps.config.env === "test" });
  app.addHook("onRequest", (req, reply, done) => {
    reply.header("x-request-id", req.id);
    done();
  });

  // API routes skip @fastify/helmet (registered below, so this hook runs first) for headers computed once.
  const setApiHeaders: onRequestHookHandler = (_req, reply, done) => {
    reply.headers(apiHeaders);
    done();
  };
  app.addHook("onRoute", (route) => {
    if (!isApiPath(route.url)) return;
    route.helmet = false;
    const own = route.onRequest ?? [];
    route.onRequest = [setApiHeaders, ...(Array.isArray(own) ? own : [own])];
  });
  // A store on Stripe loads Stripe.js and its card frames from Stripe (ADR 22); no other store names Stripe at all.
  const stripe = deps.config.payments.kind === "stripe";
  await app.register(fastifyHelmet, {
    enableCSPNonces: true,
    contentSecurityPolicy: dev
      ? false
      : {
          directives: {
            defaultSrc: ["'self'"],
            // 'wasm-unsafe-eval' lets the ID scanner compile its WebAssembly reader (served from 'self'); it allows
            // no eval() of JavaScript.
            scriptSrc: ["'self'", "'wasm-unsafe-eval'", ...(stripe ? ["https://js.stripe.com"] : [])],
            frameSrc: ["'self'", ...(stripe ? ["https://js.stripe.com", "https://hooks.stripe.com"] : [])],
            styleSrc: ["'self'"],
            // React style props (e.g. a progress width) are attributes, not scripts.
            styleSrcAttr: ["'unsafe-inline'"],
            imgSrc: ["'self'", "data:"],
            connectSrc: ["'self'", ...(stripe ? ["https://api.stripe.com"] : [])],
            fontSrc: ["'self'"],
            objectSrc: ["'none'"],
            frameAncestors: ["'none'"],
            baseUri: ["'self'"],
            formAction: ["'self'"],
            upgradeInsecureRequests: null,
          },
        },
    crossOriginEmbedderPolicy: false,
    // Our pages send no referrer to other sites, but their own origin to ours: with helmet's no-referrer, a form
    // posted without JavaScript says Origin: null, which React Router's action check (and ours) refuse as cross-site.
    referrerPolicy: { policy: "same-origin" },
    hsts: hsts ? undefined : false,
    // Obsolete: no browser we serve has an XSS auditor or IE's "open" button, and DNS prefetching is a speed-up
    // our own links want. Each document is smaller by them, which a product page needs to fit its first round
    // trip (docs/adr/0047-early-clicks.md).
    xXssProtection: false,
    xDownloadOptions: false,
    xDnsPrefetchControl: false,
  });
  await app.register(fastifyCompress, {
    global: true,
    encodings: API_COMPRESSION.encodings,
    threshold: API_COMPRESSION.threshold,
    // Answers up to 64 kB are compressed in one synchronous call rather than through a stream on zlib's thread
    // pool: the plugin's default bound on a 2-core host is 8 kB, which sent the address and delivery-time answers
    // (8–9 kB) through the stream's machinery at about twice the CPU (docs/adr/0077-checkout-over-http.md).
    syncThreshold: SYNC_COMPRESSION_MAX_BYTES,
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: API_COMPRESSION.brotliQuality } },
  });
  await app.register(fastifyCookie);
  // Before every route and every hook of the modules that reads input.
  installInputGuard(app, { apiHeaders });
  keepPublicAnswers(app, door, [pageCache, publicReads]);
  await app.register(fastifySwagger, openApiOptions(deps.config));

  app.setErrorHandler((error: FastifyError, req, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const where = first?.instancePath
        ? `${error.validationContext}${first.instancePath.replaceAll("/", ".")}`
        : error.validationContext;
      return reply.code(400).send({
        error: { code: "bad_request", message: `Invalid ${where}: ${first?.message ?? "bad value"}` },
      });
    }
    if (isResponseSerializationError(error) && deps.config.env === "test") {
      // The handler's answer does not match the route's success schema: the test fails, saying where.
      const issues = error.cause.issues.map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`);
      undocumentedAnswers.add(
        `${error.method} ${error.url} answered outside its schema: ${issues.join("; ")}`,
      );
    }
    if (error instanceof AppError) {
      const { status, code, message, details } = error;
      return reply.code(status).send({ error: details ? { code, message, details } : { code, message } });
    }
    const status =
      error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status >= 500 && isDependencyDown(error)) {
      req.log.warn({ err: error }, "request refused: a dependency is unreachable");
      return reply
        .code(503)
        .header("retry-after", String(UNAVAILABLE_RETRY_AFTER_S))
        .send({
          error: {
            code: "unavailable",
            message: "We can't reach part of our service right now. Please try again in a moment.",
          },
        });
    }
    if (status >= 500) {
      req.log.error({ err: error }, "request failed");
      return reply
        .code(500)
        .send({ error: { code: "internal", message: "Something went wrong on our side." } });
    }
    return reply.code(status).send({ error: { code: error.code ?? "bad_request", message: error.message } });
  });

  const jobs =
    deps.jobs ?? (await JobQueue.open(deps.db, { onError: (err) => app.log.error({ err }, "job queue") }));
  await registerOps(app, { db: deps.db, config: deps.config, jobs });
  await registerModules(app, {
    db: deps.db,
    config: deps.config,
    now: deps.now,
    jobs,
    workers: deps.workers ?? false,
    heartbeatMs: deps.heartbeatMs,
    recoverySweepMs: deps.recoverySweepMs,
    push: deps.push,
    caching,
  });
  // preClose, after the modules' (which end live streams at once): the queue stops taking jobs and lets running
  // ones finish, up to the shutdown timeout, before anything they use is closed; those still running are failed,
  // so they are retried elsewhere.
  if (!deps.jobs) app.addHook("preClose", async () => jobs.stop(deps.config.ops.shutdownTimeoutMs));
  app.get("/openapi.json", { schema: { hide: true } }, async () => app.swagger());

  if (deps.ssr) {
    await registerSsr(app, {
      ...deps.ssr,
      apiHeaders,
      shared: pageCache
        ? {
            cache: pageCache,
            shopperOf: sharedShopperFor(deps.db),
            counted: (outcome) => countPageCache(app, outcome),
          }
        : null,
      renders,
      siteOrigin: (req) => siteOrigin(deps.config, req),
      reads: publicReads,
    });
  } else {
    app.setNotFoundHandler((req, reply) => {
      if (isApiPath(req.url)) return sendApiNotFound(reply, apiHeaders);
      return reply.code(404).send({ error: { code: "not_found", message: "No such route" } });
    });
  }
  return app;
}
