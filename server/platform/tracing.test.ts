import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDb, type TestDb } from "#tests/support/db.ts";
import { buildApp } from "../app.ts";
import { loadConfig } from "../config.ts";

interface OtlpSpan {
  traceId: string;
  parentSpanId?: string;
  name: string;
  attributes: { key: string; value: { stringValue?: string; intValue?: number | string } }[];
}
interface OtlpExport {
  resourceSpans: {
    resource: { attributes: { key: string; value: { stringValue?: string } }[] };
    scopeSpans: { spans: OtlpSpan[] }[];
  }[];
}

/** A collector's OTLP/HTTP endpoint that records what it is sent. */
async function startReceiver() {
  const posts: { path: string; contentType?: string; body: OtlpExport }[] = [];
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => {
      body += c.toString();
    });
    req.on("end", () => {
      posts.push({ path: req.url ?? "", contentType: req.headers["content-type"], body: JSON.parse(body) });
      res.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    posts,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const attr = (span: OtlpSpan, key: string) => span.attributes.find((a) => a.key === key)?.value;

describe("OpenTelemetry traces", () => {
  let t: TestDb;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  beforeAll(async () => {
    t = await openTestDb("pglite");
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await receiver?.close();
    await t?.close();
  });

  it("are sent over OTLP/HTTP when an endpoint is configured: the request's span, continuing the caller's trace", async () => {
    const app = await buildApp({
      config: loadConfig({ NODE_ENV: "test", OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url }),
      db: t.db,
      logger: false,
    });
    const traceId = "4bf92f3577b34da6a3ce929d0e0e4736";
    await app.inject({
      method: "GET",
      url: "/menu/categories",
      headers: { "x-request-id": "traced-1", traceparent: `00-${traceId}-00f067aa0ba902b7-01` },
    });
    await app.inject({ method: "GET", url: "/healthz" });
    await app.close(); // flushes the batch
    expect(receiver.posts.length).toBeGreaterThan(0);
    expect(receiver.posts[0].path).toBe("/v1/traces");
    expect(receiver.posts[0].contentType).toMatch(/^application\/json/);
    const resources = receiver.posts.flatMap((p) => p.body.resourceSpans);
    expect(resources[0].resource.attributes).toContainEqual({
      key: "service.name",
      value: { stringValue: "nightcap" },
    });
    const spans = resources.flatMap((r) => r.scopeSpans.flatMap((s) => s.spans));
    const request = spans.find((s) => s.name === "request");
    expect(request).toBeDefined();
    expect(request!.traceId).toBe(traceId);
    expect(request!.parentSpanId).toBe("00f067aa0ba902b7");
    expect(attr(request!, "http.request.id")).toEqual({ stringValue: "traced-1" });
    // The handler's span nests in the same trace.
    expect(spans.some((s) => s.name.startsWith("handler") && s.traceId === traceId)).toBe(true);
    // The probes are not traced.
    expect(spans.every((s) => s.traceId === traceId)).toBe(true);
  });

  it("are off without an exporter configured, and with OTEL_TRACES_EXPORTER=none", () => {
    expect(loadConfig({ NODE_ENV: "test" }).ops.tracing).toBeNull();
    expect(
      loadConfig({
        NODE_ENV: "test",
        OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
        OTEL_TRACES_EXPORTER: "none",
      }).ops.tracing,
    ).toBeNull();
    expect(loadConfig({ NODE_ENV: "test", OTEL_TRACES_EXPORTER: "otlp" }).ops.tracing).toEqual({
      url: "http://localhost:4318/v1/traces",
      serviceName: "nightcap",
    });
  });
});
