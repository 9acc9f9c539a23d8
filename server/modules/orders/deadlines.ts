import type { Transaction } from "kysely";
import type { Database } from "#db/schema.ts";
import type { JobQueue } from "#server/platform/jobs.ts";
import {
  ACCEPT_WITHIN_MINUTES,
  ORDER_ACCEPTANCE_TIMEOUT,
  RELEASE_BEFORE_SLOT_MINUTES,
  RELEASE_SCHEDULED,
} from "./jobs.ts";

const isSlot = (scheduled: unknown): scheduled is { start: string } =>
  typeof scheduled === "object" && scheduled !== null && "start" in scheduled;

/**
 * The store's deadlines for an order just paid or claimed (in that transaction): a slot's order is released to
 * the store's queue an hour before the slot; every order not taken within its time (ASAP: 30 minutes; a slot: 30
 * minutes into it; shipped: two days) is cancelled by the acceptance timeout.
 */
export async function scheduleStoreDeadlines(
  jobs: JobQueue,
  tx: Transaction<Database>,
  order: { id: string; shipping: boolean; scheduled: unknown },
  now: Date,
): Promise<void> {
  const slot = isSlot(order.scheduled) ? order.scheduled : null;
  if (slot && !order.shipping)
    await jobs.send(
      RELEASE_SCHEDULED,
      { orderId: order.id },
      { tx, startAfter: new Date(Date.parse(slot.start) - RELEASE_BEFORE_SLOT_MINUTES * 60_000) },
    );
  const from = slot ? new Date(Math.max(now.getTime(), Date.parse(slot.start))) : now;
  const minutes = order.shipping
    ? ACCEPT_WITHIN_MINUTES.shipped
    : slot
      ? ACCEPT_WITHIN_MINUTES.slot
      : ACCEPT_WITHIN_MINUTES.asap;
  await jobs.send(
    ORDER_ACCEPTANCE_TIMEOUT,
    { orderId: order.id },
    { tx, startAfter: new Date(from.getTime() + minutes * 60_000) },
  );
}
