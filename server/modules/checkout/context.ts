import type { Order } from "#domain/orders/types.ts";
import type { Config } from "#server/config.ts";
import type { Db } from "#server/platform/db.ts";
import type { JobQueue } from "#server/platform/jobs.ts";
import type { PaymentProvider } from "#server/platform/payments/provider.ts";
import type { AddressLocator } from "../geo/index.ts";
import type { Outbox } from "../messages/index.ts";
import type { OrderMoves } from "../orders/index.ts";

/** Everything checkout's steps share, built once per app. */
export interface CheckoutContext {
  db: Db;
  config: Config;
  provider: PaymentProvider;
  jobs: JobQueue;
  outbox: Outbox;
  /** The listeners every order move is told to (orders' moveOrder). */
  orderMoves: OrderMoves;
  now: () => Date;
}

/** What placing an order needs besides: the locator of an address that is not the shopper's own (a gift's). */
export interface PlacingContext extends CheckoutContext {
  locate: AddressLocator;
}

/** What a checkout answers, kept on its row so a retry with the same id gets the same answer. */
export type CheckoutAnswer =
  | {
      status: "succeeded";
      checkout_id: string;
      order_ids: string[];
      /** The orders as settling left them, when it read them (never kept with the answer: read again later). */
      orders?: Order[];
    }
  | { status: "requires_action"; checkout_id: string; payment_intent_id: string; redirect_url: string }
  | { status: "failed"; checkout_id: string; error: { code: string; message: string; http: number } };
