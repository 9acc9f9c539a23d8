import type { FastifyInstance } from "fastify";
import { OFFLINE_EMAIL_DELAY_MS } from "#domain/chat/chat.ts";
import type { Config } from "#server/config.ts";
import type { Db } from "#server/platform/db.ts";
import type { JobQueue } from "#server/platform/jobs.ts";
import type { RateLimiter } from "#server/platform/rate-limit.ts";
import { StreamHub } from "#server/platform/stream-hub.ts";
import type { Outbox } from "../messages/index.ts";
import { chatConsoleRoutes } from "./console-routes.ts";
import type { ChatHub } from "./hub.ts";
import { EMAIL_UNREAD_REPLY } from "./jobs.ts";
import { chatRoutes } from "./routes.ts";
import { type ChatDeps, emailUnreadReply } from "./service.ts";
import type { ChatStream } from "./stream.ts";

export { EMAIL_UNREAD_REPLY } from "./jobs.ts";
/** The chat module's public face. */
export type { ChatMessage } from "./service.ts";
export { emailUnreadReply } from "./service.ts";

const HEARTBEAT_MS = 25_000;

/**
 * Support chat (docs/adr/0038-support-chat.md): the shopper's widget API, visitors' messages, the console's chats,
 * and the live channel of ADR 26 (a trigger's pg_notify, one LISTEN per instance, a hub by thread, SSE streams).
 * When `workers`, this instance also runs the offline-email job.
 */
export async function registerChat(
  app: FastifyInstance,
  deps: {
    db: Db;
    config: Config;
    jobs: JobQueue;
    outbox: Outbox;
    limiter: RateLimiter;
    workers: boolean;
    now?: () => Date;
    heartbeatMs?: number;
    offlineDelayMs?: number;
  },
): Promise<void> {
  const hub: ChatHub = new StreamHub("thread_id");
  const streams = new Set<ChatStream>();
  app.metrics.watchLiveStreams("chat", streams);
  const listener = await hub.listen(deps.db, "chat_messages", (err) =>
    app.log.warn({ err }, "chat messages: listen connection lost"),
  );
  const heartbeat = setInterval(() => {
    for (const s of streams) s.beat();
  }, deps.heartbeatMs ?? HEARTBEAT_MS);
  heartbeat.unref();
  app.addHook("preClose", async () => {
    clearInterval(heartbeat);
    for (const s of streams) s.shutdown();
    await listener.close();
  });
  await deps.jobs.define(EMAIL_UNREAD_REPLY);
  const chat: ChatDeps = {
    db: deps.db,
    jobs: deps.jobs,
    outbox: deps.outbox,
    origin: deps.config.publicOrigin ? new URL(deps.config.publicOrigin).origin : null,
    offlineDelayMs: deps.offlineDelayMs ?? OFFLINE_EMAIL_DELAY_MS,
    now: deps.now ?? (() => new Date()),
  };
  const onError = (err: unknown) => app.log.error({ err }, "chat stream failed");
  await app.register(chatRoutes, { db: deps.db, hub, streams, limiter: deps.limiter, onError });
  await app.register(chatConsoleRoutes, { deps: chat, hub, streams, onError });
  if (deps.workers) {
    await deps.jobs.work(EMAIL_UNREAD_REPLY, async (job) => {
      await emailUnreadReply(chat, job.data.messageId);
    });
  }
}
