import type { FastifyInstance } from "fastify";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import { type Db, poolStats } from "./db.ts";
import type { JobQueue } from "./jobs.ts";

/**
 * The instance's Prometheus metrics (docs/adr/0039-health-metrics-shutdown.md). One registry per app, never
 * prom-client's global one: tests and the bench build many apps in one process. Gauges that cost a query (queue
 * depth) are sampled when Prometheus scrapes, not on a timer.
 */
export type PageCacheResult = "hit" | "miss" | "bypass";

export interface Metrics {
  readonly registry: Registry;
  /** One answered request: its route pattern (never the raw URL), method, status and time taken. */
  observeRequest(method: string, route: string, status: number, seconds: number): void;
  /** One page the page cache answered (hit), rendered and kept (miss), or left alone (bypass: personal). */
  countPageCache(result: PageCacheResult): void;
  /** One page request answered the busy page at the door after waiting for a render's place (server/front-door.ts). */
  countPageShed(): void;
  /** A job whose handler threw on this instance (pg-boss retries it by its queue's policy). */
  countJobFailure(queue: string): void;
  /** A set of open live streams (server-sent events) to report the size of, by kind. */
  watchLiveStreams(kind: string, streams: { readonly size: number }): void;
  /** The exposition text and its content type. */
  render(): Promise<{ contentType: string; body: string }>;
}

declare module "fastify" {
  interface FastifyInstance {
    /** This instance's metrics (server/platform/metrics.ts). */
    metrics: Metrics;
  }
}

/** Buckets (seconds) around the targets: p99 < 250 ms for the soak, pages rendered in 10–20 ms. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * The process's own metrics (CPU, memory, GC, event-loop lag), collected once per process: prom-client's collector
 * keeps a GC observer and an event-loop monitor alive for as long as the process runs, so one per app would keep
 * every app a test file builds, its database included, until the process exits.
 */
let processRegistry: Registry | undefined;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

export function createMetrics(sources: { db: Db; jobs: JobQueue }): Metrics {
  const registry = new Registry();
  const processRegistry = processMetrics();

  const duration = new Histogram({
    name: "nightcap_http_request_duration_seconds",
    help: "Time to answer a request, by method, route pattern and status class (its _count is the request rate)",
    labelNames: ["method", "route", "status"] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const serverErrors = new Counter({
    name: "nightcap_http_server_errors_total",
    help: "Requests answered with a 5xx status, by method and route pattern",
    labelNames: ["method", "route"] as const,
    registers: [registry],
  });
  const pageCache = new Counter({
    name: "nightcap_page_cache_requests_total",
    help: "Page requests by what the page cache did: hit, miss (rendered and kept) or bypass (personal)",
    labelNames: ["result"] as const,
    registers: [registry],
  });
  for (const result of ["hit", "miss", "bypass"] as const) pageCache.inc({ result }, 0);
  const shed = new Counter({
    name: "nightcap_pages_shed_total",
    help: "Page requests answered the busy page at the door: no render place came free in time (PAGE_QUEUE_MS)",
    registers: [registry],
  });
  const jobFailures = new Counter({
    name: "nightcap_job_failures_total",
    help: "Jobs whose handler threw on this instance, by queue (retried by the queue's policy)",
    labelNames: ["queue"] as const,
    registers: [registry],
  });

  const streams = new Map<string, { readonly size: number }>();
  new Gauge({
    name: "nightcap_live_streams",
    help: "Open live streams (server-sent events) on this instance, by kind",
    labelNames: ["kind"] as const,
    registers: [registry],
    collect() {
      for (const [kind, set] of streams) this.set({ kind }, set.size);
    },
  });

  new Gauge({
    name: "nightcap_db_pool_connections",
    help: "Database connections by state: total, idle, and waiting (callers queued for a connection)",
    labelNames: ["state"] as const,
    registers: [registry],
    collect() {
      const stats = poolStats(sources.db);
      this.set({ state: "total" }, stats.total);
      this.set({ state: "idle" }, stats.idle);
      this.set({ state: "waiting" }, stats.waiting);
    },
  });

  const queueErrors = new Counter({
    name: "nightcap_job_queue_scrape_errors_total",
    help: "Scrapes that could not count the job queue (database unreachable)",
    registers: [registry],
  });
  new Gauge({
    name: "nightcap_job_queue_jobs",
    help: "Jobs in the queue by queue and state: created and retry are waiting, active running, failed given up",
    labelNames: ["queue", "state"] as const,
    registers: [registry],
    async collect() {
      this.reset();
      try {
        for (const row of await sources.jobs.countByState()) {
          this.set({ queue: row.queue, state: row.state }, row.count);
        }
      } catch {
        queueErrors.inc();
      }
    },
  });

  return {
    registry,
    observeRequest(method, route, status, seconds) {
      duration.observe({ method, route, status: `${Math.floor(status / 100)}xx` }, seconds);
      if (status >= 500) serverErrors.inc({ method, route });
    },
    countPageCache: (result) => pageCache.inc({ result }),
    countPageShed: () => shed.inc(),
    countJobFailure: (queue) => jobFailures.inc({ queue }),
    watchLiveStreams(kind, set) {
      streams.set(kind, set);
    },
    async render() {
      const [processBody, appBody] = await Promise.all([processRegistry.metrics(), registry.metrics()]);
      return { contentType: registry.contentType, body: `${processBody}${appBody}` };
    },
  };
}

/** Counts a page-cache lookup on the app's metrics (the page cache calls it; a no-op before metrics exist). */
export function countPageCache(app: FastifyInstance, result: PageCacheResult): void {
  if (app.hasDecorator("metrics")) app.metrics.countPageCache(result);
}
