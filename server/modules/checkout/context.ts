import type { Config } from "../../config.ts";
import type { Db } from "../../platform/db.ts";
import type { JobQueue } from "../../platform/jobs.ts";
import type { PaymentProvider } from "../../platform/payments/provider.ts";
import type { AddressLocator } from "../geo/index.ts";
import type { Outbox } from "../messages/index.ts";

/** Everything checkout's steps share, built once per app. */
export interface CheckoutContext {
  db: Db;
  config: Config;
  provider: PaymentProvider;
  jobs: JobQueue;
  outbox: Outbox;
  now: () => Date;
}

/** What placing an order needs besides: the locator of an address that is not the shopper's own (a gift's). */
export interface PlacingContext extends CheckoutContext {
  locate: AddressLocator;
}

/** What a checkout answers, kept on its row so a retry with the same id gets the same answer. */
export type CheckoutAnswer =
  | { status: "succeeded"; checkout_id: string; order_ids: string[] }
  | { status: "requires_action"; checkout_id: string; payment_intent_id: string; redirect_url: string }
  | { status: "failed"; checkout_id: string; error: { code: string; message: string; http: number } };
