import http, { type IncomingMessage, type ServerResponse } from "node:http";
import type { FastifyInstance, FastifyServerFactory } from "fastify";
import { isApiPath } from "./api-paths.ts";
import { writeBusyPage } from "./busy-page.ts";
import type { Admission } from "./platform/admission.ts";
import type { FrontDoorCache, RequestLike } from "./platform/front-door-cache.ts";

declare module "fastify" {
  interface FastifyReply {
    /**
     * Set by a route whose answer is public (the same for everyone sending the same URL and key headers) to the
     * time until which it is fresh; the front door then replays it (docs/adr/0013-front-door-cache.md). 0: not.
     */
    publicUntil: number;
  }
  interface FastifyInstance {
    /**
     * Forgets every public answer the door keeps and every shared page (a shelf or store changed:
     * docs/adr/0032-store-admin.md, 0042-shared-page-cache.md).
     */
    forgetPublicAnswers(): void;
  }
}

interface FastifyHttpSettings {
  http?: http.ServerOptions;
  keepAliveTimeout?: number;
  requestTimeout?: number;
  connectionTimeout?: number;
  maxRequestsPerSocket?: number;
}

/**
 * A request whose answer may depend on more than its URL and key headers: one with cookies (a session, the
 * saved address that stands in for lat/lng, whatever comes next) or a session header (`x-user`). The door leaves
 * these to the pipeline and does not keep their answers.
 */
export function mayBePersonal(req: RequestLike): boolean {
  return req.headers.cookie !== undefined || req.headers["x-user"] !== undefined;
}

/**
 * Page renders admitted at the door (docs/adr/0076-shed-at-the-door.md): a page request that needs a render waits
 * here, before the framework, its hooks or the database see it, for a place among the renders; one that waited
 * `maxWaitMs` in vain is answered the busy page, made once.
 */
export interface PageGate {
  renders: Admission;
  maxWaitMs: number;
  /** True when the shared page cache may answer the URL without a render: it goes straight in. */
  mayServe(url: string): boolean;
  /** Called for each request answered the busy page at the door. */
  shed?(): void;
}

const admitted = new WeakSet<IncomingMessage>();

/** Whether the door admitted this request among the renders (it then holds a place until its answer is sent). */
export const admittedAtTheDoor = (req: IncomingMessage): boolean => admitted.has(req);

/** Files and machine answers go straight in: only a storefront page's GET may wait for a render. */
const FILE_PATH =
  /\.(?:js|mjs|css|map|png|jpe?g|webp|avif|gif|svg|ico|txt|xml|json|webmanifest|woff2?|wasm)$/;

function mayNeedRender(req: IncomingMessage): boolean {
  if (req.method !== "GET" && req.method !== "HEAD") return false;
  const url = req.url ?? "/";
  if (isApiPath(url)) return false;
  const pathname = url.split("?")[0];
  return (
    !pathname.startsWith("/assets/") &&
    !pathname.startsWith("/images/") &&
    !pathname.startsWith("/@") &&
    !FILE_PATH.test(pathname)
  );
}

function throughTheGate(
  gate: PageGate,
  req: IncomingMessage,
  res: ServerResponse,
  handler: (req: IncomingMessage, res: ServerResponse) => void,
) {
  let holding = false;
  const giveUp = gate.renders.waitToEnter(gate.maxWaitMs, (inside) => {
    if (!inside) {
      gate.shed?.();
      if (!res.destroyed) writeBusyPage(req, res);
      return;
    }
    holding = true;
    admitted.add(req);
    handler(req, res);
  });
  // Sent, or the client went away: the place goes to the next waiting request; a waiting request stops waiting.
  res.once("close", () => {
    if (holding) gate.renders.leave();
    else giveUp();
  });
}

/**
 * The HTTP server Fastify would create, with the front door answering before Fastify's request handler: public
 * answers from memory, and page renders admitted or shed.
 */
export function frontDoorServer(door: FrontDoorCache | null, gate: PageGate | null): FastifyServerFactory {
  return (handler, factoryOptions) => {
    const options = factoryOptions as FastifyHttpSettings;
    const server = http.createServer(options.http ?? {}, (req, res) => {
      if (door?.serve(req, res)) return;
      if (gate && mayNeedRender(req) && !gate.mayServe(req.url ?? "/"))
        throughTheGate(gate, req, res, handler);
      else handler(req, res);
    });
    // Fastify's own server settings (fastify/lib/server.js), which a server factory takes over.
    server.keepAliveTimeout = options.keepAliveTimeout ?? server.keepAliveTimeout;
    server.requestTimeout = options.requestTimeout ?? server.requestTimeout;
    server.setTimeout(options.connectionTimeout ?? 0);
    if (options.maxRequestsPerSocket) server.maxRequestsPerSocket = options.maxRequestsPerSocket;
    return server;
  };
}

/**
 * Declares `reply.publicUntil` and, with a door, keeps the public answers routes produce. Register it after the
 * plugins whose onSend hooks add headers (cookies) and before compression (a route-level hook, so always after):
 * the door keeps the plain body and encodes it the way compression would. `forgetPublicAnswers` forgets them, and
 * what else keeps public answers (the shared pages, the answers the pages read).
 */
export function keepPublicAnswers(
  app: FastifyInstance,
  door: FrontDoorCache | null,
  others: readonly ({ forgetAll(): void } | null)[],
) {
  app.decorateReply("publicUntil", 0);
  app.decorate("forgetPublicAnswers", () => {
    door?.forgetAll();
    for (const other of others) other?.forgetAll();
  });
  if (!door) return;
  app.addHook("onSend", (req, reply, payload, done) => {
    if (reply.publicUntil > 0 && reply.statusCode === 200) {
      if (typeof payload === "string" || Buffer.isBuffer(payload)) {
        door.keep(req, { headers: reply.getHeaders(), body: payload, freshUntil: reply.publicUntil });
      }
    }
    done(null, payload);
  });
  app.addHook("onClose", (_app, done) => {
    door.close();
    done();
  });
}
