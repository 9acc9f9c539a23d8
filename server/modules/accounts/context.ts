import type { FastifyRequest } from "fastify";
import type { Config } from "#server/config.ts";
import type { Db } from "#server/platform/db.ts";
import type { RateLimiter } from "#server/platform/rate-limit.ts";
import { siteOrigin } from "#server/platform/site-origin.ts";
import type { Outbox } from "../messages/index.ts";
import type { Csrf } from "../sessions/index.ts";
import type { IdentityLinks } from "./identity-links.ts";
import type { OidcClients } from "./sso/oidc-clients.ts";

/** Everything the accounts services share, built once per app. */
export interface AccountsContext {
  db: Db;
  config: Config;
  csrf: Csrf;
  limiter: RateLimiter;
  links: IdentityLinks;
  oidc: OidcClients;
  /** Every email and SMS goes through it, in the transaction of the change that causes it. */
  outbox: Outbox;
  /** Keys the HMAC of login codes and PINs, so a copied table cannot be brute-forced offline. */
  codeKey: Buffer;
  /** Signs the short-lived social sign-in flow cookie. */
  flowKey: Buffer;
}

/** The origin for links in emails and for OAuth redirect URIs (server/platform/site-origin.ts). */
export function publicOrigin(req: FastifyRequest, config: Config): string {
  return siteOrigin(config, req);
}

/** The client's address (server/platform/trusted-proxy.ts), which other modules import from there. */
export { clientIp } from "#server/platform/trusted-proxy.ts";
