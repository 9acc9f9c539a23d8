import type { Db } from "../../platform/db.ts";
import type { JobQueue } from "../../platform/jobs.ts";
import type { PaymentProvider } from "../../platform/payments/provider.ts";
import type { Outbox } from "../messages/index.ts";

/** What the gift claim's calls and its expiry job share, built once per app. */
export interface GiftsContext {
  db: Db;
  provider: PaymentProvider;
  jobs: JobQueue;
  outbox: Outbox;
  now: () => Date;
}
