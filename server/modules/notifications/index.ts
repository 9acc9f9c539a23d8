import type { FastifyInstance } from "fastify";
import type { Transaction } from "kysely";
import type { Database } from "#db/schema.ts";
import { isPushServiceHost } from "#domain/notifications/push-token.ts";
import type { Config } from "#server/config.ts";
import type { Db } from "#server/platform/db.ts";
import type { JobQueue } from "#server/platform/jobs.ts";
import type { Outbox } from "../messages/index.ts";
import type { NotificationsContext } from "./context.ts";
import { NOTIFY_ORDER_EVENT, SEND_PUSH } from "./jobs.ts";
import { notifyOrderEvent } from "./order-notices.ts";
import { deliverPush, type PushTransport, webPushTransport } from "./push.ts";
import { notificationRoutes } from "./routes.ts";
import { vapidKeys } from "./vapid.ts";

/** The notifications module's public face. */
export { NOTIFY_ORDER_EVENT } from "./jobs.ts";
export type { MoneyBack } from "./order-notices.ts";
export type { PushTransport } from "./push.ts";
export { webPushTransport } from "./push.ts";

/** Creates the queues other modules send to (an order's move sends NOTIFY_ORDER_EVENT), before they register. */
export async function openNotifications(jobs: JobQueue): Promise<void> {
  await jobs.define(NOTIFY_ORDER_EVENT);
  await jobs.define(SEND_PUSH);
}

/**
 * Listens to order moves (orders' onOrderMoved): the event's notification job is sent in the move's transaction,
 * so every status change is told, by whichever writer, once it commits.
 */
export function noticeOrderMoves(jobs: Pick<JobQueue, "send">) {
  return async (moved: { eventId: number }, tx: Transaction<Database>): Promise<void> => {
    await jobs.send(NOTIFY_ORDER_EVENT, { eventId: moved.eventId }, { tx });
  };
}

/**
 * Order notifications (docs/adr/0030-order-notifications.md): the push-token routes and, when `work`, the jobs that
 * turn an order's status change into an email, a text and Web Push, and deliver the pushes.
 */
export async function registerNotifications(
  app: FastifyInstance,
  deps: { db: Db; config: Config; jobs: JobQueue; outbox: Outbox; workers: boolean; push?: PushTransport },
): Promise<void> {
  const { config } = deps;
  const vapid = await vapidKeys(deps.db, config.push);
  const loopback = config.env !== "production";
  const ctx: NotificationsContext = {
    ...deps,
    vapid,
    transport: deps.push ?? webPushTransport({ subject: config.push.subject }),
    pushHostAllowed: (host) => isPushServiceHost(host, loopback),
  };
  await app.register(notificationRoutes, { ctx });
  if (!deps.workers) return;
  await deps.jobs.work(NOTIFY_ORDER_EVENT, async (job) => {
    await notifyOrderEvent(ctx, job.data.eventId);
  });
  await deps.jobs.work(SEND_PUSH, async (job) => {
    const outcome = await deliverPush(ctx.db, ctx.transport, vapid, job.data.tokenId, job.data.payload);
    if (outcome === "refused") app.log.warn({ tokenId: job.data.tokenId }, "push refused by its service");
  });
}
