import type { Config } from "../../config.ts";
import type { Db } from "../../platform/db.ts";
import type { PaymentProvider } from "../../platform/payments/provider.ts";

/** What tipping and feedback share, built once per app. */
export interface TipsContext {
  db: Db;
  config: Config;
  provider: PaymentProvider;
  now: () => Date;
}
