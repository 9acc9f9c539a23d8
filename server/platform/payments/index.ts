import type { PaymentsConfig } from "#server/config.ts";
import type { Db } from "../db.ts";
import type { PaymentProvider } from "./provider.ts";
import { SandboxProvider } from "./sandbox/sandbox-provider.ts";
import { StripeProvider } from "./stripe/stripe-provider.ts";

/** The card provider as configured: Stripe when its keys are set, else the built-in sandbox in the database. */
export function createPaymentProvider(config: PaymentsConfig, db: Db): PaymentProvider {
  if (config.kind === "stripe")
    return new StripeProvider({
      secretKey: config.secretKey,
      publishableKey: config.publishableKey,
      webhookSecret: config.webhookSecret,
      apiUrl: config.apiUrl,
    });
  return new SandboxProvider(db);
}
