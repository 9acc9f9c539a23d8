import type { FastifyInstance } from "fastify";
import type { Db } from "#server/platform/db.ts";
import { StreamHub } from "#server/platform/stream-hub.ts";
import type { TrackingHub } from "./hub.ts";
import { trackingRoutes } from "./routes.ts";
import type { OrderStream } from "./stream.ts";

/** The tracking module's public face. */
export type { TrackingMessage } from "./stream.ts";

/** Heartbeat comments keep proxies from closing an idle stream (most close after 30–60 s of silence). */
export const HEARTBEAT_MS = 25_000;

/**
 * Live order tracking (ADR 26): this instance's one LISTEN on the order_events notices the database sends at
 * commit, fanned out to the instance's open streams. Closing the app ends every stream, then the LISTEN.
 */
export async function registerTracking(
  app: FastifyInstance,
  deps: { db: Db; heartbeatMs?: number },
): Promise<void> {
  const hub: TrackingHub = new StreamHub("order_id");
  const streams = new Set<OrderStream>();
  app.metrics.watchLiveStreams("tracking", streams);
  const listener = await hub.listen(deps.db, "order_events", (err) =>
    app.log.warn({ err }, "order events: listen connection lost"),
  );
  app.addHook("preClose", async () => {
    for (const s of streams) s.shutdown();
    await listener.close();
  });
  await app.register(trackingRoutes, {
    db: deps.db,
    hub,
    streams,
    heartbeatMs: deps.heartbeatMs ?? HEARTBEAT_MS,
  });
}
