import { defineJob } from "#server/platform/jobs.ts";

/** No store accepted an order in time: cancel it and release its hold (spec issue: "an order no store accepts"). */
export const ORDER_ACCEPTANCE_TIMEOUT = defineJob<{ orderId: string }>("order-acceptance-timeout", {
  retryLimit: 8,
  retryDelaySeconds: 30,
  retryBackoff: true,
  expireInSeconds: 120,
});

/** A scheduled order reaches its slot's lead time: it goes to the store's queue as placed (7 → 0). */
export const RELEASE_SCHEDULED = defineJob<{ orderId: string }>("release-scheduled-order", {
  retryLimit: 8,
  retryDelaySeconds: 30,
  retryBackoff: true,
  expireInSeconds: 120,
});

/** How long before its slot a scheduled order is released to the store to prepare. */
export const RELEASE_BEFORE_SLOT_MINUTES = 60;

/** How long a store has to accept: an ASAP order, from now; a scheduled one, from its slot's start; shipped, two days. */
export const ACCEPT_WITHIN_MINUTES = { asap: 30, slot: 30, shipped: 48 * 60 } as const;
