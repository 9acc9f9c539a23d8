import type { FastifyReply } from "fastify";
import { z } from "zod";
import type { ChatStream } from "./stream.ts";
import { ChatStream as Stream } from "./stream.ts";

export const STREAM_DESCRIPTION = `Server-sent events (text/event-stream), one message per chat message written after the
one the client has: \`id:\` is the message id (increasing), \`data:\` the message as JSON (id, author: shopper, staff or
visitor, authorName, body, createdAt). The stream starts after \`Last-Event-ID\` (a browser's reconnect), else after
\`after\` (the last id of the history the page loaded), else after the newest message. Comment lines
(\`: heartbeat\`) keep the connection open about every 25 s.`;

export const lastEventIdHeader = z
  .string()
  .regex(/^\d{1,15}$/)
  .optional()
  .describe("The last message id received: the stream resumes after it (browsers send it on reconnect).");
export const afterQuery = z.object({
  after: z.coerce
    .number()
    .int()
    .min(0)
    .max(Number.MAX_SAFE_INTEGER)
    .optional()
    .describe("The last message id the page has (its loaded history)."),
});
export const streamResponse = {
  200: {
    description: "The stream of the thread's new messages (see above).",
    content: { "text/event-stream": { schema: z.string() } },
  },
};

/** Turns the reply into the thread's event stream; it outlives the request (kept in `streams` until it closes). */
export function openChatStream(
  reply: FastifyReply,
  deps: ConstructorParameters<typeof Stream>[0],
  streams: Set<ChatStream>,
  threadId: string,
  after: number,
): void {
  reply.hijack();
  reply.raw.writeHead(200, {
    ...(reply.getHeaders() as Record<string, string>),
    "content-type": "text/event-stream; charset=utf-8",
    "cache-control": "no-cache, no-transform",
    "x-accel-buffering": "no",
    connection: "close",
  });
  reply.raw.flushHeaders();
  const res = reply.raw;
  const stream = new Stream(deps, res, threadId, after);
  streams.add(stream);
  const end = () => {
    stream.close();
    streams.delete(stream);
  };
  res.req.on("close", end);
  res.on("close", end);
}

/** Where a stream starts: Last-Event-ID, else `after`, else the thread's newest message (`latest`). */
export function startAfter(
  lastEventId: string | undefined,
  after: number | undefined,
  latest: number,
): number {
  if (lastEventId !== undefined) return Number(lastEventId);
  if (after !== undefined) return after;
  return latest;
}
