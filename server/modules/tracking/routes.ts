import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Db } from "../../platform/db.ts";
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
      const res = reply.raw;
      res.writeHead(200, {
        ...(reply.getHeaders() as Record<string, string>),
        "content-type": "text/event-stream; charset=utf-8",
        "cache-control": "no-cache, no-transform",
        "x-accel-buffering": "no",
        // Not kept alive for another request once the stream ends (at shutdown): the socket closes with it.
        connection: "close",
      });
      res.flushHeaders();
      const stream = new OrderStream(
        { db, hub, heartbeatMs, onError: (err) => req.log.error({ err }, "order stream failed") },
        res,
        { id: req.params.id, userId },
        last === undefined ? null : Number(last),
      );
      streams.add(stream);
      const end = () => {
        stream.close();
        streams.delete(stream);
      };
      req.raw.on("close", end);
      res.on("close", end);
    },
  );
};
