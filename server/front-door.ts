import http from "node:http";
import type { FastifyInstance, FastifyServerFactory } from "fastify";
import type { FrontDoorCache, RequestLike } from "./platform/front-door-cache.ts";
import type { PageCache } from "./platform/page-cache.ts";

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

/** The HTTP server Fastify would create, with the front door answering before Fastify's request handler. */
export function frontDoorServer(door: FrontDoorCache): FastifyServerFactory {
  return (handler, factoryOptions) => {
    const options = factoryOptions as FastifyHttpSettings;
    const server = http.createServer(options.http ?? {}, (req, res) => {
      if (!door.serve(req, res)) handler(req, res);
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
 * the door keeps the plain body and encodes it the way compression would.
 */
export function keepPublicAnswers(
  app: FastifyInstance,
  door: FrontDoorCache | null,
  pages: PageCache | null,
) {
  app.decorateReply("publicUntil", 0);
  app.decorate("forgetPublicAnswers", () => {
    door?.forgetAll();
    pages?.forgetAll();
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
