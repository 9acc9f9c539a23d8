import type { Db } from "#server/platform/db.ts";
import type { JobQueue } from "#server/platform/jobs.ts";
import type { PaymentProvider } from "#server/platform/payments/provider.ts";
import type { Outbox } from "../messages/index.ts";

/** What proposing and settling substitutions share, built once per app. */
export interface SubstitutionsContext {
  db: Db;
  provider: PaymentProvider;
  jobs: JobQueue;
  outbox: Outbox;
}
