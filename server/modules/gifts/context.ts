import type { Db } from "#server/platform/db.ts";
import type { JobQueue } from "#server/platform/jobs.ts";
import type { PaymentProvider } from "#server/platform/payments/provider.ts";
import type { Outbox } from "../messages/index.ts";
import type { OrderMoves } from "../orders/index.ts";

/** What the gift claim's calls and its expiry job share, built once per app. */
export interface GiftsContext {
  db: Db;
  provider: PaymentProvider;
  jobs: JobQueue;
  outbox: Outbox;
  /** The listeners every order move is told to (orders' moveOrder). */
  orderMoves: OrderMoves;
  now: () => Date;
}
