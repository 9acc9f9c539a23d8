import type { FastifyInstance } from "fastify";
import type { Config } from "#server/config.ts";
import type { Db } from "#server/platform/db.ts";
import { memoryRateLimiter, type RateLimiter, redisRateLimiter } from "#server/platform/rate-limit.ts";
import { openRedis } from "#server/platform/redis.ts";
import { serverKey } from "#server/platform/secrets.ts";
import type { Outbox } from "../messages/index.ts";
import { type Csrf, installSessions } from "../sessions/index.ts";
import type { AccountsContext } from "./context.ts";
import { devAccountsRoutes } from "./dev-routes.ts";
import { type AccountCreatedHandler, type IdentityLinkedHandler, IdentityLinks } from "./identity-links.ts";
import { ensureDemoMerchant, hasDemoMerchant } from "./merchant-service.ts";
import { accountsRoutes } from "./routes.ts";
import { OidcClients } from "./sso/oidc-clients.ts";

export { publicOrigin } from "./context.ts";
/** The accounts module's public face. */
export type { AccountCreatedHandler, IdentityLinkedHandler } from "./identity-links.ts";
export { LIMITS } from "./limits.ts";
export { listMerchants, registerMerchant } from "./merchant-service.ts";
export { hashPassword } from "./passwords.ts";
export { demoteToCustomer, listStaffAccounts, upsertStaffAccount } from "./staff-accounts.ts";
export {
  findUser,
  findUserByEmail,
  setAgeVerificationStatus,
  setPaymentCustomerId,
  setRoundUp,
} from "./users.ts";

export interface Accounts {
  /** Runs `handler` inside every sign-in and signup transaction (the guest cart transfer plugs in here). */
  onIdentityLinked(handler: IdentityLinkedHandler): () => void;
  /** Runs `handler` inside the transaction of every signup that creates an account (referrals plug in here). */
  onAccountCreated(handler: AccountCreatedHandler): () => void;
  /** The abuse-limit counters (in Redis when configured), for other modules' limits. */
  limiter: RateLimiter;
  /** The CSRF signer, for a route that checks a token itself (POST /e: a beacon's token or its Origin). */
  csrf: Csrf;
}

declare module "fastify" {
  interface FastifyInstance {
    /** The accounts module's hooks for other modules (and tests). */
    accounts: Accounts;
  }
}

/**
 * Installs the request context (sessions, CSRF) on the root app and registers the accounts API. Call it first in
 * registerModules: its hooks must see every route.
 */
export async function registerAccounts(
  app: FastifyInstance,
  deps: { db: Db; config: Config; outbox: Outbox; limiter?: RateLimiter },
): Promise<Accounts> {
  const { db, config } = deps;
  const csrf = await installSessions(app, deps);
  const links = new IdentityLinks();
  const ctx: AccountsContext = {
    db,
    config,
    csrf,
    limiter: deps.limiter ?? createLimiter(app, config),
    links,
    oidc: new OidcClients(config),
    outbox: deps.outbox,
    codeKey: await serverKey(db, "login-codes", config.auth.sessionSecret),
    flowKey: await serverKey(db, "oidc-flow", config.auth.sessionSecret),
  };
  await ensureDemoMerchant(db, config);
  await app.register(accountsRoutes, { ctx });
  if (hasDemoMerchant(config)) await app.register(devAccountsRoutes);
  const accounts: Accounts = {
    onIdentityLinked: (handler) => links.onIdentityLinked(handler),
    onAccountCreated: (handler) => links.onAccountCreated(handler),
    limiter: ctx.limiter,
    csrf,
  };
  app.decorate("accounts", accounts);
  return accounts;
}

/** Shared counters in Redis when REDIS_URL is set (every instance counts together), else in this process. */
function createLimiter(app: FastifyInstance, config: Config): RateLimiter {
  if (!config.redisUrl) return memoryRateLimiter();
  const redis = openRedis(config.redisUrl);
  redis.on("error", (err) => app.log.warn({ err }, "redis error"));
  app.addHook("onClose", async () => {
    redis.disconnect();
  });
  return redisRateLimiter(redis, memoryRateLimiter(), (err) =>
    app.log.warn({ err }, "rate limits fall back to this process: Redis did not answer"),
  );
}
