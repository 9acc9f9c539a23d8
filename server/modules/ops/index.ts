import { timingSafeEqual } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Config } from "#server/config.ts";
import type { Db } from "#server/platform/db.ts";
import type { JobQueue } from "#server/platform/jobs.ts";
import { createMetrics } from "#server/platform/metrics.ts";
import { OPS_PATHS } from "#server/platform/ops-paths.ts";
import { createReadiness, type Readiness } from "#server/platform/readiness.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** Whether this instance should get traffic (/readyz); shutdown marks it draining. */
    readiness: Readiness;
  }
}

/**
 * Health, readiness and metrics, the operator's endpoints: not in the storefront's API document, never cached,
 * never rate-limited (docs/adr/0039-health-metrics-shutdown.md). Registered before the modules, which
 * hand their live-stream sets to `app.metrics`.
 */
export async function registerOps(
  app: FastifyInstance,
  deps: { db: Db; config: Config; jobs: JobQueue },
): Promise<void> {
  const metrics = createMetrics({ db: deps.db, jobs: deps.jobs });
  const readiness = createReadiness({ db: deps.db, redisUrl: deps.config.redisUrl });
  app.decorate("metrics", metrics);
  app.decorate("readiness", readiness);
  deps.jobs.onFailure((queue) => metrics.countJobFailure(queue));
  app.addHook("onReady", async () => readiness.markStarted());
  app.addHook("onClose", async () => readiness.close());

  app.addHook("onResponse", (req, reply, done) => {
    const route = req.routeOptions.url ?? "unmatched";
    if (!OPS_PATHS.has(route))
      metrics.observeRequest(req.method, route, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });

  const hidden = { schema: { hide: true } };
  const noStore = (reply: FastifyReply) => reply.header("cache-control", "no-store");

  app.get("/healthz", hidden, async (_req, reply) => {
    noStore(reply);
    return { status: "ok" };
  });

  app.get("/readyz", hidden, async (_req, reply) => {
    noStore(reply);
    const report = await readiness.check();
    if (report.ready) return { status: "ready" };
    return reply.code(503).send({ status: "unavailable", failing: report.failing });
  });

  const token = deps.config.ops.metricsToken;
  app.get("/metrics", hidden, async (req, reply) => {
    noStore(reply);
    if (token && !bearerMatches(req, token)) {
      return reply
        .code(401)
        .header("www-authenticate", 'Bearer realm="metrics"')
        .send({ error: { code: "unauthorized", message: "Send the metrics token as a Bearer token." } });
    }
    const { contentType, body } = await metrics.render();
    return reply.type(contentType).send(body);
  });
}

export const METRICS_OPEN_IN_PRODUCTION =
  "METRICS_TOKEN is not set: /metrics answers anyone who can reach this instance (routes, request counts, queue " +
  "depths). Set METRICS_TOKEN (16 characters or more), or keep /metrics off the public proxy.";

export const CLIENT_IS_THE_PEER =
  "TRUST_PROXY is not set: the client is the connecting peer, and X-Forwarded-For is ignored. Behind a proxy, " +
  "every shopper then shares the proxy's address in rate limits and the request log: set TRUST_PROXY to it.";

/** What the start-up log says about the operator's endpoints and client addresses (server/main.ts). */
export function opsNotes(config: Config): { level: "warn" | "info"; message: string }[] {
  if (config.env !== "production") return [];
  const notes: { level: "warn" | "info"; message: string }[] = [];
  if (!config.ops.metricsToken) notes.push({ level: "warn", message: METRICS_OPEN_IN_PRODUCTION });
  if (config.trustProxy.kind === "none") notes.push({ level: "info", message: CLIENT_IS_THE_PEER });
  return notes;
}

function bearerMatches(req: FastifyRequest, token: string): boolean {
  const given = /^Bearer (\S+)$/.exec(req.headers.authorization ?? "")?.[1];
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}
