import { defineJob } from "#server/platform/jobs.ts";

/**
 * An order's status changed (`order_events` row `eventId`): sent by moveOrder in the change's transaction; the job
 * tells the shopper by email, text and Web Push as domain/notifications/order-updates.ts says.
 */
export const NOTIFY_ORDER_EVENT = defineJob<{ eventId: number }>("notify-order-event", {
  retryLimit: 8,
  retryDelaySeconds: 10,
  retryBackoff: true,
  expireInSeconds: 120,
});

/** What the service worker shows (public/sw.js), and the page a tap opens. */
export interface PushPayload {
  title: string;
  body: string;
  /** A path on our origin: the order's tracking page. */
  url: string;
  /** One notification per order on the device: a newer status replaces the older. */
  tag: string;
}

/** One Web Push message to one subscription, retried on its own (a push service down fails nothing else). */
export const SEND_PUSH = defineJob<{ tokenId: string; payload: PushPayload }>("send-push", {
  retryLimit: 6,
  retryDelaySeconds: 10,
  retryBackoff: true,
  expireInSeconds: 120,
});
