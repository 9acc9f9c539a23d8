import type { FastifyInstance } from "fastify";
import type { Config } from "../../config.ts";
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
