import { FastifyOtelInstrumentation } from "@fastify/otel";
import { OTLPTraceExporter } from "@opentelemetry/exporter-trace-otlp-http";
import { resourceFromAttributes } from "@opentelemetry/resources";
import { BatchSpanProcessor, NodeTracerProvider } from "@opentelemetry/sdk-trace-node";
import type { FastifyInstance } from "fastify";
import type { TracingConfig } from "../config.ts";
import { OPS_PATHS } from "./ops-paths.ts";

/**
 * OpenTelemetry traces, only when an exporter is configured (docs/adr/0039-health-metrics-shutdown.md): a span per
 * request and per hook and handler (@fastify/otel, a Fastify plugin: no monkey-patching of node:http, which an ES
 * module app would need a loader for), continuing the caller's `traceparent`, with the request id, sent over OTLP/HTTP
 * (JSON) in batches. The exporter reads the other OTEL_EXPORTER_OTLP_* variables (headers, timeout) itself. Register
 * before any route; spans still buffered are flushed when the app closes.
 */
export async function installTracing(app: FastifyInstance, config: TracingConfig): Promise<void> {
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ "service.name": config.serviceName }),
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter({ url: config.url }))],
  });
  // The process's context manager (AsyncLocalStorage) and W3C propagator: hooks' and handlers' spans nest under
  // their request's. The first app of a process registers them; this app's spans go to its own provider anyway.
  provider.register();
  const instrumentation = new FastifyOtelInstrumentation({
    registerOnInitialization: false,
    ignorePaths: ({ url }) => OPS_PATHS.has(url),
    requestHook: (span, req) => span.setAttribute("http.request.id", req.id),
  });
  instrumentation.setTracerProvider(provider);
  await app.register(instrumentation.plugin());
  app.addHook("onClose", async () => provider.shutdown());
}
