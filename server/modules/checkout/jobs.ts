import { defineJob } from "../../platform/jobs.ts";

/** A payment changed at the provider (a 3-D Secure challenge answered, a webhook): settle its checkout. */
export const SETTLE_PAYMENT = defineJob<{ intentId: string }>("settle-payment", {
  retryLimit: 8,
  retryDelaySeconds: 5,
  retryBackoff: true,
  expireInSeconds: 120,
});

/** No store accepted an order in time: cancel it and release its hold (spec issue: "an order no store accepts"). */
export const ORDER_ACCEPTANCE_TIMEOUT = defineJob<{ orderId: string }>("order-acceptance-timeout", {
  retryLimit: 8,
  retryDelaySeconds: 30,
  retryBackoff: true,
  expireInSeconds: 120,
});

/** A payment operation the provider did not answer in the request: carried out again, with the same keys. */
export const RUN_PAYMENT_OPERATIONS = defineJob<{ paymentId: string }>("run-payment-operations", {
  retryLimit: 10,
  retryDelaySeconds: 30,
  retryBackoff: true,
  expireInSeconds: 120,
});

/**
 * A gift waiting for its recipient reaches its expiry: sent when the claim link is (settle.ts), to run at the
 * expiry; the gifts module works it (cancels the gift unless it was claimed: docs/adr/0027-gift-claim.md).
 */
export const GIFT_EXPIRY = defineJob<{ orderId: string }>("gift-expiry", {
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

/**
 * A checkout still processing this long after it was claimed was cut off between reserving and settling (its
 * instance died): the recovery sweep (recover.ts), or the shopper's retry, settles or releases it. Longer than a
 * request's own authorise call may take, so the request is done in the usual case.
 */
export const RECOVER_CHECKOUT_AFTER_SECONDS = 30;

/** How often each worker instance sweeps for cut-off checkouts (and once as it starts). */
export const RECOVER_SWEEP_SECONDS = 10;
