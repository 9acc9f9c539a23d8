import type { Config } from "#server/config.ts";
import type { Db } from "#server/platform/db.ts";
import type { PayoutProvider } from "./provider.ts";
import { SandboxPayoutProvider } from "./sandbox.ts";
import { StripePayoutProvider } from "./stripe.ts";

export { type PayoutProvider, PayoutUnavailable } from "./provider.ts";
export { SandboxPayoutProvider } from "./sandbox.ts";
export { StripePayoutProvider } from "./stripe.ts";

/** The payout provider the configuration names (PAYOUTS): the sandbox by default, or Stripe Connect. */
export function openPayoutProvider(db: Db, config: Pick<Config, "payouts">): PayoutProvider {
  const payouts = config.payouts;
  if (payouts.kind === "sandbox") return new SandboxPayoutProvider(db);
  return new StripePayoutProvider({ secretKey: payouts.secretKey, apiUrl: payouts.apiUrl });
}
