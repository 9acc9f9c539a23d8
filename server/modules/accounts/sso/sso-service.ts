import type { FastifyReply, FastifyRequest } from "fastify";
import * as oidc from "openid-client";
import { safeReturnTo } from "#domain/accounts/return-to.ts";
import type { LoggedIn, SsoResult } from "#domain/accounts/types.ts";
import { AppError, badRequest } from "#server/errors.ts";
import { verifyCredentials, withSpentCode } from "../auth-service.ts";
import { type AccountsContext, publicOrigin } from "../context.ts";
import { deliverSession, startSession } from "../sign-in.ts";
import { findUserByEmail, loadUserView } from "../users.ts";
import { clearFlowCookie, readFlowCookie, writeFlowCookie } from "./oidc-clients.ts";
import {
  clearPendingSsoCookie,
  consumePendingSso,
  IDENTITY_TAKEN,
  keepPendingSso,
  linkIdentity,
  type ProviderClaims,
  readPendingSso,
  SSO_EXPIRED,
  setPendingSsoCookie,
} from "./pending.ts";

/**
 * GET /auth/sso/:provider/start: the provider's authorization URL, with PKCE, state and nonce; an invite code
 * (`ref`) rides the signed flow cookie and comes back on /signup when the provider's identity is new.
 */
export async function startSso(
  ctx: AccountsContext,
  req: FastifyRequest,
  reply: FastifyReply,
  providerId: string,
  returnTo: string | undefined,
  ref?: string,
): Promise<string> {
  const configuration = await ctx.oidc.configuration(providerId);
  const verifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const redirectUri = `${publicOrigin(req, ctx.config)}/auth/sso/${providerId}/callback`;
  const url = oidc.buildAuthorizationUrl(configuration, {
    redirect_uri: redirectUri,
    scope: "openid email profile",
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: "S256",
    state,
    nonce,
  });
  writeFlowCookie(ctx.flowKey, req, reply, ctx.config, {
    p: providerId,
    s: state,
    n: nonce,
    v: verifier,
    u: redirectUri,
    r: safeReturnTo(returnTo),
    ...(ref ? { f: ref } : {}),
  });
  return url.href;
}

/**
 * GET /auth/sso/:provider/callback: checks state, PKCE and nonce (openid-client), then signs in, or keeps the
 * provider's data and sends the shopper to finish the profile (/signup) or prove the existing account (/login).
 * The state in the signed flow cookie ties the callback to the browser that started it (no login CSRF).
 */
export async function finishSso(
  ctx: AccountsContext,
  req: FastifyRequest,
  reply: FastifyReply,
  providerId: string,
  query: Record<string, string>,
): Promise<string> {
  const flow = readFlowCookie(ctx.flowKey, req);
  clearFlowCookie(req, reply, ctx.config);
  if (!flow || flow.p !== providerId) return "/login?sso_error=expired";
  if (query.error) return "/login?sso_error=cancelled";
  let claims: ProviderClaims;
  try {
    const configuration = await ctx.oidc.configuration(providerId);
    const currentUrl = new URL(flow.u);
    currentUrl.search = new URLSearchParams(query).toString();
    const tokens = await oidc.authorizationCodeGrant(
      configuration,
      currentUrl,
      {
        pkceCodeVerifier: flow.v,
        expectedState: flow.s,
        expectedNonce: flow.n,
        idTokenExpected: true,
      },
      { redirect_uri: flow.u },
    );
    claims = tokens.claims() as unknown as ProviderClaims;
  } catch (err) {
    req.log.warn({ err, provider: providerId }, "social sign-in callback refused");
    return "/login?sso_error=failed";
  }
  const wasSignedIn = req.actor.userId !== null;
  let result: SsoResult;
  try {
    result = await resolveSso(ctx, req, reply, providerId, claims);
  } catch (err) {
    if (err instanceof AppError && err.code === "identity_taken") return "/account?sso_error=taken";
    throw err;
  }
  // The flow cookie is signed and its path was checked at the start; checked again, as every return address is.
  const back = safeReturnTo(flow.r);
  if (result.status === "logged_in") return wasSignedIn ? `/account?linked=${providerId}` : back;
  const next = encodeURIComponent(back);
  return result.status === "link_required"
    ? `/login?link=${providerId}&returnTo=${next}`
    : `/signup?sso=${providerId}&returnTo=${next}${flow.f ? `&ref=${encodeURIComponent(flow.f)}` : ""}`;
}

/**
 * Who a provider identity is: its linked account (signed in); the signed-in shopper's own account (linked now);
 * else the provider's data is kept and the answer says what is missing — proof of an existing account with that
 * email (link_required), or the rest of the profile, the birthday above all (signup_required).
 */
export async function resolveSso(
  ctx: AccountsContext,
  req: FastifyRequest,
  reply: FastifyReply,
  provider: string,
  claims: ProviderClaims,
): Promise<SsoResult> {
  if (!claims.sub) throw new AppError(401, "invalid_id_token", "That sign-in could not be verified.");
  const linked = await ctx.db
    .selectFrom("sso_identities")
    .select("user_id")
    .where("provider", "=", provider)
    .where("subject", "=", claims.sub)
    .executeTakeFirst();
  const current = req.actor.userId;
  if (linked && current && linked.user_id !== current) {
    throw new AppError(409, "identity_taken", IDENTITY_TAKEN);
  }
  if (linked && !current) {
    const started = await ctx.db.transaction().execute((tx) => startSession(ctx, req, tx, linked.user_id));
    return deliverSession(ctx, req, reply, started);
  }
  if (current) {
    await linkIdentity(ctx.db, { provider, subject: claims.sub, email: claims.email ?? null }, current);
    const user = await loadUserView(ctx.db, current);
    if (!user) throw new AppError(401, "invalid_session", "Your session has ended. Please log in again.");
    return { status: "logged_in", user };
  }
  const { token, pending } = await keepPendingSso(ctx.db, provider, claims);
  const mobile = req.actor.platform !== "web";
  if (!mobile) setPendingSsoCookie(ctx, req, reply, token);
  const handle = mobile ? { sso_token: token } : {};
  const existing = pending.email ? await findUserByEmail(ctx.db, pending.email) : undefined;
  if (existing && pending.email)
    return { status: "link_required", provider, email: pending.email, ...handle };
  return {
    status: "signup_required",
    provider,
    profile: {
      email: pending.email,
      emailVerified: pending.emailVerified,
      firstname: pending.firstname,
      lastname: pending.lastname,
    },
    ...handle,
  };
}

/** POST /auth/checkSSOUser: an ID token from a mobile app, or (no token) the kept data of this browser or app. */
export async function checkSsoUser(
  ctx: AccountsContext,
  req: FastifyRequest,
  reply: FastifyReply,
  body: { provider?: string; id_token?: string; nonce?: string; sso_token?: string },
): Promise<SsoResult> {
  if (body.id_token) {
    if (!body.provider) throw badRequest("Say which provider issued the token.", "provider_required");
    const claims = await ctx.oidc.verifyIdToken(body.provider, body.id_token, body.nonce);
    return resolveSso(ctx, req, reply, body.provider, claims);
  }
  const pending = await readPendingSso(ctx, req, body.sso_token);
  if (!pending) throw new AppError(404, "sso_expired", SSO_EXPIRED);
  const existing = pending.email ? await findUserByEmail(ctx.db, pending.email) : undefined;
  if (existing && pending.email)
    return { status: "link_required", provider: pending.provider, email: pending.email };
  return {
    status: "signup_required",
    provider: pending.provider,
    profile: {
      email: pending.email,
      emailVerified: pending.emailVerified,
      firstname: pending.firstname,
      lastname: pending.lastname,
    },
  };
}

/** POST /auth/googleToken: a Google ID token, or an authorization code (PKCE) a mobile app received. */
export async function googleToken(
  ctx: AccountsContext,
  req: FastifyRequest,
  reply: FastifyReply,
  body: { id_token?: string; nonce?: string; code?: string; code_verifier?: string; redirect_uri?: string },
): Promise<SsoResult> {
  if (body.id_token) {
    return resolveSso(
      ctx,
      req,
      reply,
      "google",
      await ctx.oidc.verifyIdToken("google", body.id_token, body.nonce),
    );
  }
  if (!body.code || !body.code_verifier || !body.redirect_uri) {
    throw badRequest(
      "Send an id_token, or a code with its code_verifier and redirect_uri.",
      "token_required",
    );
  }
  const configuration = await ctx.oidc.configuration("google");
  let claims: ProviderClaims;
  try {
    const url = new URL(body.redirect_uri);
    url.searchParams.set("code", body.code);
    // The app received the code from Google itself (RFC 9207's mix-up check has nothing to compare against).
    url.searchParams.set("iss", configuration.serverMetadata().issuer);
    const tokens = await oidc.authorizationCodeGrant(configuration, url, {
      pkceCodeVerifier: body.code_verifier,
      idTokenExpected: true,
      ...(body.nonce ? { expectedNonce: body.nonce } : {}),
    });
    claims = tokens.claims() as unknown as ProviderClaims;
  } catch (err) {
    req.log.warn({ err }, "google code exchange refused");
    throw new AppError(401, "invalid_grant", "That Google sign-in could not be verified. Please try again.");
  }
  return resolveSso(ctx, req, reply, "google", claims);
}

/**
 * POST /auth/linkSSOToExistingUser (and linkGoogleToExistingUser): links the kept provider identity to an
 * existing account once the shopper proves control of it — its password, or a code from loginV2Step1.
 */
export async function linkSsoToExistingUser(
  ctx: AccountsContext,
  req: FastifyRequest,
  reply: FastifyReply,
  body: {
    provider?: string;
    sso_token?: string;
    username?: string;
    password?: string;
    oid?: string;
    code?: string;
  },
  onlyProvider?: string,
): Promise<LoggedIn> {
  const pending = await readPendingSso(ctx, req, body.sso_token);
  if (!pending) throw badRequest(SSO_EXPIRED, "sso_expired");
  const provider = onlyProvider ?? body.provider ?? pending.provider;
  if (pending.provider !== provider) throw badRequest(SSO_EXPIRED, "sso_expired");

  let started: Awaited<ReturnType<typeof startSession>>;
  if (body.password) {
    const login = body.username ?? pending.email;
    if (!login) throw badRequest("Enter the email of your Nightcap account.", "username_required");
    const user = await verifyCredentials(ctx, req, reply, login, body.password);
    started = await ctx.db.transaction().execute(async (tx) => {
      await linkIdentity(tx, pending, user.id);
      await consumePendingSso(tx, pending);
      return startSession(ctx, req, tx, user.id);
    });
  } else if (body.oid && body.code) {
    started = await withSpentCode(
      ctx,
      req,
      reply,
      { oid: body.oid, code: body.code },
      ["login"],
      async (tx, attempt) => {
        if (!attempt.user_id) return null;
        await linkIdentity(tx, pending, attempt.user_id);
        await consumePendingSso(tx, pending);
        return startSession(ctx, req, tx, attempt.user_id);
      },
    );
  } else {
    throw badRequest("Enter your password, or ask for a code by email.", "proof_required");
  }
  clearPendingSsoCookie(ctx, req, reply);
  return deliverSession(ctx, req, reply, started);
}
