import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, buildApp } from "#server/app.ts";
import { loadConfig } from "#server/config.ts";
import { type Db, openDb } from "#server/platform/db.ts";
import { defineJob, JobQueue } from "#server/platform/jobs.ts";
import { countPageCache, createMetrics } from "#server/platform/metrics.ts";
import { createDeliveryFixture } from "#tests/factories/delivery-fixture.ts";
import { useTestApp } from "#tests/support/app.ts";
import { openTestDb, type TestDb, testDatabases } from "#tests/support/db.ts";
import { startTcpProxy, type TcpProxy } from "#tests/support/tcp-proxy.ts";
import { CLIENT_IS_THE_PEER, METRICS_OPEN_IN_PRODUCTION, opsNotes } from "./index.ts";

const redisUrl = process.env.TEST_REDIS_URL;
const databaseUrl = process.env.TEST_DATABASE_URL;
/** A port in this suite's range that nothing listens on. */
const CLOSED_PORT = 3249;

/** The value of one sample in Prometheus text, or undefined. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const want = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split("\n")) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const labelPart = /\{(.*)\}/.exec(line)?.[1] ?? "";
    const have = labelPart ? labelPart.split(",") : [];
    if (want.every((w) => have.includes(w))) return Number(line.split(" ").at(-1));
  }
  return undefined;
}

describe.each(testDatabases)("health and readiness on %s", (kind) => {
  const s = useTestApp(kind, { env: redisUrl ? { REDIS_URL: redisUrl } : {} });

  it("/healthz says the process is alive, uncached, without a cookie", async () => {
    const res = await s.app.inject({ method: "GET", url: "/healthz" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "ok" });
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.headers["set-cookie"]).toBeUndefined();
  });

  it("/readyz is 200 when the database (and Redis, when configured) answer and the app has started", async () => {
    const res = await s.app.inject({ method: "GET", url: "/readyz" });
    expect(res.json()).toEqual({ status: "ready" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
  });

  it("/readyz is 503 naming shutdown once the instance drains", async () => {
    s.app.readiness.markDraining();
    const res = await s.app.inject({ method: "GET", url: "/readyz" });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: "unavailable", failing: ["shutdown"] });
  });

  it("none of them is in the API document", async () => {
    const doc = (await s.app.inject({ method: "GET", url: "/openapi.json" })).json() as {
      paths: Record<string, unknown>;
    };
    for (const path of ["/healthz", "/readyz", "/metrics"]) expect(doc.paths[path]).toBeUndefined();
  });
});

describe("readiness with Redis configured where nothing listens", () => {
  const s = useTestApp("pglite", { env: { REDIS_URL: `redis://127.0.0.1:${CLOSED_PORT}/1` } });

  it("is 503 naming redis, quickly, while /healthz stays 200", async () => {
    const started = Date.now();
    const res = await s.app.inject({ method: "GET", url: "/readyz" });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: "unavailable", failing: ["redis"] });
    expect(Date.now() - started).toBeLessThan(1500);
    expect((await s.app.inject({ method: "GET", url: "/healthz" })).statusCode).toBe(200);
  });
});

describe.skipIf(!databaseUrl || !redisUrl)(
  "readiness when PostgreSQL and Redis go away and come back",
  () => {
    let t: TestDb;
    let pgProxy: TcpProxy;
    let redisProxy: TcpProxy;
    let db: Db;
    let app: App;
    let base = "";
    beforeAll(async () => {
      t = await openTestDb("postgres");
      const direct = new URL(t.url!);
      pgProxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
      const redis = new URL(redisUrl!);
      redisProxy = await startTcpProxy({ host: redis.hostname, port: Number(redis.port || 6379) });
      const proxied = new URL(direct);
      proxied.host = `127.0.0.1:${pgProxy.port}`;
      db = (await openDb({ kind: "postgres", url: proxied.toString() })).db;
      app = await buildApp({
        config: loadConfig({ NODE_ENV: "test", REDIS_URL: `redis://127.0.0.1:${redisProxy.port}/1` }),
        db,
        logger: false,
        // The front door replays public answers: readiness must never be one of them.
        answerCaches: true,
      });
      base = await app.listen({ port: 0, host: "127.0.0.1" });
    });
    afterAll(async () => {
      await pgProxy?.restore();
      await redisProxy?.restore();
      await app?.close();
      await db?.destroy();
      await pgProxy?.close();
      await redisProxy?.close();
      await t?.close();
    });

    const readyz = async () => {
      const res = await fetch(`${base}/readyz`);
      return { status: res.status, body: await res.json() };
    };
    const eventually = async (want: number) => {
      const until = Date.now() + 15_000;
      for (;;) {
        const got = await readyz();
        if (got.status === want || Date.now() > until) return got;
        await new Promise((r) => setTimeout(r, 200));
      }
    };

    it("names each failing part, then is ready again without a restart", async () => {
      expect(await eventually(200)).toEqual({ status: 200, body: { status: "ready" } });

      await pgProxy.cut();
      await redisProxy.cut();
      const down = await eventually(503);
      expect(down).toEqual({ status: 503, body: { status: "unavailable", failing: ["database", "redis"] } });
      expect((await fetch(`${base}/healthz`)).status).toBe(200);
      // A call that needs the database is refused clearly, not failed: 503, Retry-After, `unavailable`.
      const refused = await fetch(`${base}/order/cities/chicago`);
      expect(refused.status).toBe(503);
      expect(refused.headers.get("retry-after")).toBe("5");
      expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("unavailable");

      await pgProxy.restore();
      expect((await eventually(503)).body).toEqual({ status: "unavailable", failing: ["redis"] });

      await redisProxy.restore();
      expect(await eventually(200)).toEqual({ status: 200, body: { status: "ready" } });
    });
  },
);

describe("metrics", () => {
  const s = useTestApp("pglite", { fixture: createDeliveryFixture });
  beforeAll(() => {
    s.app.get("/test/boom", { schema: { hide: true } }, async () => {
      throw new Error("boom");
    });
  });

  it("count requests by route pattern (never the raw URL), method and status class, and 5xx apart", async () => {
    await s.app.inject({ method: "GET", url: "/menu/categories" });
    await s.app.inject({ method: "GET", url: "/menu/categories" });
    await s.app.inject({ method: "GET", url: "/menu/product/not a sku" });
    await s.app.inject({ method: "GET", url: "/menu/product/ALSO-NOT-1" });
    await s.app.inject({ method: "GET", url: "/test/boom" });
    const res = await s.app.inject({ method: "GET", url: "/metrics" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers["cache-control"]).toBe("no-store");
    const text = res.body;
    const count = "nightcap_http_request_duration_seconds_count";
    expect(sample(text, count, { method: "GET", route: "/menu/categories", status: "2xx" })).toBe(2);
    const product = { method: "GET", route: "/menu/product/:skus" };
    expect(
      (sample(text, count, { ...product, status: "4xx" }) ?? 0) +
        (sample(text, count, { ...product, status: "2xx" }) ?? 0),
    ).toBe(2);
    expect(text).not.toContain("not a sku");
    expect(text).not.toContain("ALSO-NOT-1");
    expect(sample(text, count, { route: "/test/boom", status: "5xx" })).toBe(1);
    expect(sample(text, "nightcap_http_server_errors_total", { route: "/test/boom" })).toBe(1);
    // The probes and the scrape are not counted as traffic.
    expect(text).not.toContain('route="/metrics"');
    // Node's own, and the pool: PGlite's one connection.
    expect(sample(text, "process_cpu_user_seconds_total")).toBeGreaterThan(0);
    expect(sample(text, "nightcap_db_pool_connections", { state: "total" })).toBe(1);
    // The modules' queues exist, so their depth is reported (zero rows are not listed).
    expect(text).toContain("# TYPE nightcap_job_queue_jobs gauge");
    expect(sample(text, "nightcap_job_queue_scrape_errors_total")).toBe(0);
    expect(sample(text, "nightcap_live_streams", { kind: "tracking" })).toBe(0);
    expect(sample(text, "nightcap_live_streams", { kind: "chat" })).toBe(0);
  });

  it("count the page cache's answers through countPageCache", async () => {
    countPageCache(s.app, "hit");
    countPageCache(s.app, "hit");
    countPageCache(s.app, "miss");
    const text = (await s.app.inject({ method: "GET", url: "/metrics" })).body;
    const name = "nightcap_page_cache_requests_total";
    expect(sample(text, name, { result: "hit" })).toBe(2);
    expect(sample(text, name, { result: "miss" })).toBe(1);
    expect(sample(text, name, { result: "bypass" })).toBe(0);
  });

  it("keep each app's registry its own (many apps in one process)", async () => {
    const t = await openTestDb("pglite");
    const other = await buildApp({ config: loadConfig({ NODE_ENV: "test" }), db: t.db, logger: false });
    try {
      await other.inject({ method: "GET", url: "/healthz" });
      const text = (await other.inject({ method: "GET", url: "/metrics" })).body;
      expect(sample(text, "nightcap_page_cache_requests_total", { result: "hit" })).toBe(0);
      expect(text).not.toContain('route="/menu/categories"');
    } finally {
      await other.close();
      await t.close();
    }
  });
});

describe("metrics behind METRICS_TOKEN", () => {
  const token = "a-long-enough-metrics-token";
  const s = useTestApp("pglite", { env: { METRICS_TOKEN: token } });

  it("answer 401 without the bearer token or with another, 200 with it", async () => {
    const none = await s.app.inject({ method: "GET", url: "/metrics" });
    expect(none.statusCode).toBe(401);
    expect(none.headers["www-authenticate"]).toBe('Bearer realm="metrics"');
    const wrong = await s.app.inject({
      method: "GET",
      url: "/metrics",
      headers: { authorization: "Bearer a-long-enough-metrics-tokeX" },
    });
    expect(wrong.statusCode).toBe(401);
    const right = await s.app.inject({
      method: "GET",
      url: "/metrics",
      headers: { authorization: `Bearer ${token}` },
    });
    expect(right.statusCode).toBe(200);
    expect(right.body).toContain("nightcap_http_request_duration_seconds");
  });
});

describe.each(testDatabases)("job queue metrics on %s", (kind) => {
  let t: TestDb;
  let jobs: JobQueue;
  beforeAll(async () => {
    t = await openTestDb(kind);
    jobs = await JobQueue.open(t.db, { pollingIntervalSeconds: 0.5 });
  });
  afterAll(async () => {
    await jobs?.stop();
    await t?.close();
  });

  it("report the depth per queue and state on scrape, and count this instance's failures", async () => {
    const job = defineJob<{ n: number }>("ops_metrics_probe", {
      retryLimit: 0,
      retryDelaySeconds: 1,
      retryBackoff: false,
      expireInSeconds: 60,
    });
    const metrics = createMetrics({ db: t.db, jobs });
    await jobs.define(job);
    await jobs.send(job, { n: 1 });
    await jobs.send(job, { n: 2 });
    let text = (await metrics.render()).body;
    expect(sample(text, "nightcap_job_queue_jobs", { queue: "ops_metrics_probe", state: "created" })).toBe(2);

    jobs.onFailure((queue) => metrics.countJobFailure(queue));
    const handled: number[] = [];
    await jobs.work(job, async ({ data }) => {
      handled.push(data.n);
      throw new Error("the probe fails");
    });
    const until = Date.now() + 15_000;
    for (;;) {
      text = (await metrics.render()).body;
      const failed = sample(text, "nightcap_job_queue_jobs", { queue: "ops_metrics_probe", state: "failed" });
      if (failed === 2 || Date.now() > until) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(sample(text, "nightcap_job_queue_jobs", { queue: "ops_metrics_probe", state: "failed" })).toBe(2);
    // A scrape reads the counters before the queue's query returns: the next one sees every failure counted.
    text = (await metrics.render()).body;
    expect(sample(text, "nightcap_job_failures_total", { queue: "ops_metrics_probe" })).toBe(2);
    expect(
      sample(text, "nightcap_job_queue_jobs", { queue: "ops_metrics_probe", state: "created" }),
    ).toBeUndefined();
    if (kind === "postgres") {
      expect(sample(text, "nightcap_db_pool_connections", { state: "total" })).toBeGreaterThan(0);
      expect(sample(text, "nightcap_db_pool_connections", { state: "waiting" })).toBe(0);
    }
  });
});

describe("request logs", () => {
  it("still carry the request id on every line of a request", async () => {
    const lines: string[] = [];
    const t = await openTestDb("pglite");
    const app = await buildApp({
      config: loadConfig({ NODE_ENV: "test", LOG_LEVEL: "info" }),
      db: t.db,
      logStream: { write: (line) => lines.push(line) },
    });
    try {
      await app.inject({ method: "GET", url: "/healthz", headers: { "x-request-id": "probe-42" } });
      const mine = lines.map((l) => JSON.parse(l) as { reqId?: string; msg: string }).filter((l) => l.reqId);
      expect(mine.map((l) => l.msg)).toEqual(["incoming request", "request completed"]);
      expect(mine.every((l) => l.reqId === "probe-42")).toBe(true);
    } finally {
      await app.close();
      await t.close();
    }
  });
});

describe("what the start-up log says about the operator's endpoints", () => {
  it("warns in production that /metrics is open without METRICS_TOKEN", () => {
    expect(opsNotes(loadConfig({ NODE_ENV: "production", TRUST_PROXY: "1" }))).toEqual([
      { level: "warn", message: METRICS_OPEN_IN_PRODUCTION },
    ]);
    expect(
      opsNotes(loadConfig({ NODE_ENV: "production", TRUST_PROXY: "1", METRICS_TOKEN: "m".repeat(16) })),
    ).toEqual([]);
  });

  it("says in production that the client is the connecting peer when no proxy is trusted", () => {
    const notes = opsNotes(loadConfig({ NODE_ENV: "production", METRICS_TOKEN: "m".repeat(16) }));
    expect(notes).toEqual([{ level: "info", message: CLIENT_IS_THE_PEER }]);
  });

  it("says nothing of either outside production", () => {
    expect(opsNotes(loadConfig({ NODE_ENV: "development" }))).toEqual([]);
  });
});
