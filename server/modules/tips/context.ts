import type { Config } from "#server/config.ts";
import type { Db } from "#server/platform/db.ts";
import type { PaymentProvider } from "#server/platform/payments/provider.ts";

/** What tipping and feedback share, built once per app. */
export interface TipsContext {
  db: Db;
  config: Config;
  provider: PaymentProvider;
  now: () => Date;
}
