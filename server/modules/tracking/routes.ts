import type { ServerResponse } from "node:http";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Db } from "#server/platform/db.ts";
import { orderStatus } from "../orders/index.ts";
import { requireUser } from "../sessions/index.ts";
import type { TrackingHub } from "./hub.ts";
import { OrderStream } from "./stream.ts";

const notFoundNote =
  "No order of the user's has that id (`order_not_found`): another user's order answers the same.";

const STREAM_DESCRIPTION = `Server-sent events (text/event-stream), one message per change of the order:
\`id:\` is the order event's id (increasing), \`data:\` a JSON object with the fields GET /order/status/{id} answers
(order_status, shipping_status, eta, driver, tracking_state, failed_status, active) and \`event\`: the change
(type, from_status, to_status, at), or null on the first message, which is the order as it is when the stream
opens. A reconnect sending \`Last-Event-ID\` first gets every event after that id, in order, then the live ones.
Comment lines (\`: heartbeat\`) keep the connection open about every 25 s.`;

/** Spec §7 (GET /order/status/{id}), live: the order's changes as server-sent events. */
export const trackingRoutes: FastifyPluginAsyncZod<{
  db: Db;
  hub: TrackingHub;
  streams: Set<OrderStream>;
  heartbeatMs: number;
}> = async (app, { db, hub, streams, heartbeatMs }) => {
  // Shared by every stream (one object, one timer, not one per connection: ADR 26's 10,000 idle pages).
  const deps = { db, hub, onError: (err: unknown) => app.log.error({ err }, "order stream failed") };
  const heartbeat = setInterval(() => {
    for (const s of streams) s.beat();
  }, heartbeatMs);
  heartbeat.unref();
  app.addHook("onClose", async () => clearInterval(heartbeat));

  app.get(
    "/order/status/:id/events",
    {
      config: { auth: "user", errors: { 404: notFoundNote } },
      schema: {
        operationId: "streamOrderStatus",
        tags: ["orders"],
        summary: "The order's status, live: server-sent events resuming after Last-Event-ID",
        description: STREAM_DESCRIPTION,
        headers: z.object({
          "x-platform": z.string().optional(),
          "x-user": z.string().optional(),
          "last-event-id": z
            .string()
            .regex(/^\d{1,15}$/)
            .optional()
            .describe(
              "The last event id received: the stream resumes after it (browsers send it on reconnect).",
            ),
        }),
        params: z.object({ id: z.string().min(1).max(100) }),
        response: {
          200: {
            description: "The stream of the order's changes (see above).",
            content: { "text/event-stream": { schema: z.string() } },
          },
        },
      },
    },
    async (req, reply) => {
      const userId = requireUser(req).userId;
      // Not the user's order (or none): 404 before the stream opens.
      await orderStatus(db, userId, req.params.id);
      const last = req.headers["last-event-id"];
      reply.hijack();
      reply.raw.writeHead(200, {
        ...(reply.getHeaders() as Record<string, string>),
        "content-type": "text/event-stream; charset=utf-8",
        "cache-control": "no-cache, no-transform",
        "x-accel-buffering": "no",
        // Not kept alive for another request once the stream ends (at shutdown): the socket closes with it.
        connection: "close",
      });
      reply.raw.flushHeaders();
      openStream(
        deps,
        streams,
        reply.raw,
        { id: req.params.id, userId },
        last === undefined ? null : Number(last),
      );
    },
  );
};

/**
 * The stream outlives the request: opened outside the handler, so what it keeps is the response and the order's
 * id, not the request's objects (session, logger, parsed input).
 */
function openStream(
  deps: ConstructorParameters<typeof OrderStream>[0],
  streams: Set<OrderStream>,
  res: ServerResponse,
  order: { id: string; userId: string },
  lastEventId: number | null,
): void {
  const stream = new OrderStream(deps, res, order, lastEventId);
  streams.add(stream);
  const end = () => {
    stream.close();
    streams.delete(stream);
  };
  res.req.on("close", end);
  res.on("close", end);
}
