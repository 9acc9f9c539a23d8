import { createHmac } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import { createRemoteJWKSet, type JWTVerifyGetKey, jwtVerify } from "jose";
import * as oidc from "openid-client";
import type { Config, OidcProviderConfig } from "#server/config.ts";
import { AppError } from "#server/errors.ts";
import { cookieOptions, safeEqual } from "#server/modules/sessions/index.ts";

/** What a provider's ID token says about the person (OpenID Connect's standard claims we read). */
export interface ProviderClaims {
  sub: string;
  email?: string | null;
  email_verified?: boolean | null;
  given_name?: string | null;
  family_name?: string | null;
  name?: string | null;
}

/**
 * The relying-party side of social sign-in (spec §7: Apple, Google, Facebook) over standard OpenID Connect with
 * `openid-client`: discovery on first use (a provider that is down at start does not stop the app), the
 * authorization code flow with PKCE (S256), state and nonce, and ID-token checks for tokens the mobile apps
 * obtained themselves.
 */
export class OidcClients {
  private readonly configs = new Map<string, Promise<oidc.Configuration>>();
  private readonly jwks = new Map<string, JWTVerifyGetKey>();

  constructor(private readonly config: Config) {}

  list(): OidcProviderConfig[] {
    return this.config.auth.providers;
  }

  provider(id: string): OidcProviderConfig {
    const found = this.config.auth.providers.find((p) => p.id === id);
    if (!found) throw new AppError(404, "provider_not_configured", "That sign-in option is not available.");
    return found;
  }

  async configuration(id: string): Promise<oidc.Configuration> {
    const provider = this.provider(id);
    let pending = this.configs.get(id);
    if (!pending) {
      const issuer = new URL(provider.issuer);
      // Plain HTTP only for a provider on this machine (tests, local development).
      const local =
        issuer.protocol === "http:" && ["127.0.0.1", "localhost", "[::1]"].includes(issuer.hostname);
      pending = oidc.discovery(issuer, provider.clientId, provider.clientSecret, undefined, {
        execute: local ? [oidc.allowInsecureRequests] : [],
        timeout: 5,
      });
      this.configs.set(id, pending);
      pending.catch(() => this.configs.delete(id));
    }
    try {
      return await pending;
    } catch {
      throw new AppError(
        502,
        "provider_unavailable",
        `We could not reach ${provider.name}. Please try again.`,
      );
    }
  }

  /** Checks an ID token a mobile app got from the provider: signature (provider JWKS), issuer, audience, expiry, nonce. */
  async verifyIdToken(id: string, idToken: string, nonce?: string): Promise<ProviderClaims> {
    const provider = this.provider(id);
    const metadata = (await this.configuration(id)).serverMetadata();
    if (!metadata.jwks_uri)
      throw new AppError(502, "provider_unavailable", "The provider publishes no keys.");
    let keys = this.jwks.get(id);
    if (!keys) {
      keys = createRemoteJWKSet(new URL(metadata.jwks_uri));
      this.jwks.set(id, keys);
    }
    try {
      const { payload } = await jwtVerify(idToken, keys, {
        issuer: metadata.issuer,
        audience: provider.clientId,
        requiredClaims: ["sub", "exp", "iat"],
      });
      if (nonce !== undefined && payload.nonce !== nonce) throw new Error("nonce mismatch");
      return payload as unknown as ProviderClaims;
    } catch {
      throw new AppError(401, "invalid_id_token", "That sign-in could not be verified. Please try again.");
    }
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The browser's side of one sign-in attempt, kept in a signed, HttpOnly cookie for ten minutes: state, nonce and
// PKCE verifier never touch the database, and a callback only works in the browser that started it.

export const FLOW_COOKIE = "nc_oidc";
const FLOW_TTL_S = 10 * 60;

export interface Flow {
  /** provider */
  p: string;
  /** state */
  s: string;
  /** nonce */
  n: string;
  /** PKCE code verifier */
  v: string;
  /** redirect URI sent to the provider */
  u: string;
  /** where to go afterwards (a local path) */
  r: string;
  /** the invite code the sign-up came through (/signup?ref=), carried back to /signup */
  f?: string;
  /** expiry (epoch seconds) */
  e: number;
}

export function writeFlowCookie(
  key: Buffer,
  req: FastifyRequest,
  reply: FastifyReply,
  config: Config,
  flow: Omit<Flow, "e">,
) {
  const payload = Buffer.from(
    JSON.stringify({ ...flow, e: Math.floor(Date.now() / 1000) + FLOW_TTL_S }),
  ).toString("base64url");
  reply.setCookie(FLOW_COOKIE, `${payload}.${sign(key, payload)}`, {
    ...cookieOptions(req, config, FLOW_TTL_S),
    path: "/auth/sso/",
  });
}

export function readFlowCookie(key: Buffer, req: FastifyRequest): Flow | null {
  const raw = req.cookies[FLOW_COOKIE];
  if (!raw) return null;
  const [payload, signature] = raw.split(".");
  if (!payload || !signature || !safeEqual(sign(key, payload), signature)) return null;
  try {
    const flow = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as Flow;
    return flow.e > Date.now() / 1000 ? flow : null;
  } catch {
    return null;
  }
}

export function clearFlowCookie(req: FastifyRequest, reply: FastifyReply, config: Config) {
  reply.clearCookie(FLOW_COOKIE, { ...cookieOptions(req, config), maxAge: undefined, path: "/auth/sso/" });
}

const sign = (key: Buffer, payload: string) =>
  createHmac("sha256", key).update(`oidc-flow:${payload}`).digest("base64url");
