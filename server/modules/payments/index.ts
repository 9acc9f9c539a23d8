import type { FastifyInstance } from "fastify";
import { type Config, isDemoStore } from "../../config.ts";
import type { Db } from "../../platform/db.ts";
import { createPaymentProvider } from "../../platform/payments/index.ts";
import type { PaymentProvider } from "../../platform/payments/provider.ts";
import { sandboxRoutes } from "../../platform/payments/sandbox/routes.ts";
import { SandboxProvider } from "../../platform/payments/sandbox/sandbox-provider.ts";
import type { RateLimiter } from "../../platform/rate-limit.ts";
import { paymentRoutes } from "./routes.ts";

/** The payments module's public face. */
export { addCard, customerFor, ownCard, providerRefusal, type SavedCard } from "./cards.ts";

export interface Payments {
  provider: PaymentProvider;
}

/** The configured provider, its own pages when it is the built-in sandbox, and the saved-cards API. */
export async function registerPayments(
  app: FastifyInstance,
  deps: { db: Db; config: Config; limiter: RateLimiter; provider?: PaymentProvider },
): Promise<Payments> {
  const provider = deps.provider ?? createPaymentProvider(deps.config.payments, deps.db);
  if (provider instanceof SandboxProvider) await app.register(sandboxRoutes, { sandbox: provider });
  await app.register(paymentRoutes, { db: deps.db, provider, limiter: deps.limiter });
  return { provider };
}

export const SANDBOX_IN_PRODUCTION =
  "Payments: no STRIPE_* keys, so the built-in sandbox takes cards and no money is charged. Set STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET to take real payments.";

/** What the start-up log says about payments: a real store without Stripe's keys charges nobody. */
export function paymentNotes(config: Config): { level: "warn" | "info"; message: string }[] {
  if (config.payments.kind === "stripe") return [{ level: "info", message: "Payments: Stripe." }];
  if (isDemoStore(config))
    return [{ level: "info", message: "Payments: the built-in sandbox (test cards, no money charged)." }];
  return [{ level: "warn", message: SANDBOX_IN_PRODUCTION }];
}
