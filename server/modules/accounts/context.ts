import type { FastifyRequest } from "fastify";
import type { Config } from "../../config.ts";
import type { Db } from "../../platform/db.ts";
import type { RateLimiter } from "../../platform/rate-limit.ts";
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

const LOOPBACK = /^(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/;

/**
 * The origin for links in emails and for OAuth redirect URIs. PUBLIC_ORIGIN when set. Without it the request's
 * own origin is used outside production, and on loopback hosts in production; anywhere else a forged Host or
 * X-Forwarded-Host header could point a reset link at someone else's site, so production needs PUBLIC_ORIGIN.
 */
export function publicOrigin(req: FastifyRequest, config: Config): string {
  if (config.publicOrigin) return new URL(config.publicOrigin).origin;
  // Through URL so a default port is dropped ("http://localhost:80" → "http://localhost"), as URLs compare.
  const own = new URL(`${req.protocol}://${req.host}`).origin;
  if (config.env !== "production" || LOOPBACK.test(req.host)) return own;
  throw new Error("PUBLIC_ORIGIN must be set in production: links in emails are built from it.");
}

export function clientIp(req: FastifyRequest): string {
  return req.ip || "unknown";
}
