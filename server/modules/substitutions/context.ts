import type { Db } from "../../platform/db.ts";
import type { JobQueue } from "../../platform/jobs.ts";
import type { PaymentProvider } from "../../platform/payments/provider.ts";
import type { Outbox } from "../messages/index.ts";

/** What proposing and settling substitutions share, built once per app. */
export interface SubstitutionsContext {
  db: Db;
  provider: PaymentProvider;
  jobs: JobQueue;
  outbox: Outbox;
}
