import { timingSafeEqual } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Config } from "../../config.ts";
import type { Db } from "../../platform/db.ts";
import type { JobQueue } from "../../platform/jobs.ts";
import { createMetrics } from "../../platform/metrics.ts";
import { OPS_PATHS } from "../../platform/ops-paths.ts";
import { createReadiness, type Readiness } from "../../platform/readiness.ts";

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

function bearerMatches(req: FastifyRequest, token: string): boolean {
  const given = /^Bearer (\S+)$/.exec(req.headers.authorization ?? "")?.[1];
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}
