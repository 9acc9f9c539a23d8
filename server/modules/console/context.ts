import type { Config } from "../../config.ts";
import type { Db } from "../../platform/db.ts";
import type { JobQueue } from "../../platform/jobs.ts";
import type { PaymentProvider } from "../../platform/payments/provider.ts";
import type { Outbox } from "../messages/index.ts";

/** What the console's actions share, built once per app. */
export interface ConsoleContext {
  db: Db;
  config: Config;
  provider: PaymentProvider;
  jobs: JobQueue;
  outbox: Outbox;
  /** The clock the console's rules read (when an order may go out); the system clock when absent. */
  now?: () => Date;
}
