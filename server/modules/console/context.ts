import type { Config } from "#server/config.ts";
import type { Db } from "#server/platform/db.ts";
import type { JobQueue } from "#server/platform/jobs.ts";
import type { PaymentProvider } from "#server/platform/payments/provider.ts";
import type { Outbox } from "../messages/index.ts";
import type { OrderMoves } from "../orders/index.ts";

/** What the console's actions share, built once per app. */
export interface ConsoleContext {
  db: Db;
  config: Config;
  provider: PaymentProvider;
  jobs: JobQueue;
  outbox: Outbox;
  /** The listeners every order move is told to (orders' moveOrder). */
  orderMoves: OrderMoves;
  /** Work the job queues on this instance (the scheduled feeds' fetch). */
  workers?: boolean;
  /** The clock the console's rules read (when an order may go out); the system clock when absent. */
  now?: () => Date;
}
