import type { FastifyRequest } from "fastify";
import type { Platform, Role } from "#domain/accounts/roles.ts";
import { AppError } from "#server/errors.ts";

/**
 * Who a request is for (spec §6, §7). Every request gets one from the request-context hook; modules read
 * `req.actor` and never parse cookies or tokens themselves.
 */
export interface Actor {
  /** The signed-in account, or null. */
  userId: string | null;
  role: Role;
  /** The anonymous visitor (anonymous-user cookie), also kept while signed in: the cart transfer needs it. */
  anonymousId: string | null;
  /** The session the request rides on, or null. */
  sessionId: string | null;
  /** Staff and administrators belong to a store. */
  storeId: string | null;
  platform: Platform;
  /** Where the session token came from: the web cookie or the mobile `x-user` header. */
  via: "cookie" | "header" | null;
  /** 'ended': a token was sent but its session no longer exists (expired, logged out, revoked). */
  session: "none" | "live" | "ended";
}

/**
 * Who may call a route (its OpenAPI security follows from it, see server/openapi/route-contract.ts):
 * - "user": a signed-in account only; anyone else gets 401 before the handler runs.
 * - "optional": anyone; a session or the anonymous visitor personalises the answer (cart, session info, sign-in).
 * - "public": anyone; the answer does not depend on who asks.
 */
export type RouteAuth = "user" | "optional" | "public";

declare module "fastify" {
  interface FastifyRequest {
    actor: Actor;
  }
  interface FastifyContextConfig {
    /** Every documented route says who may call it (checked at startup). */
    auth?: RouteAuth;
    /** An account entry point (log in, sign up, reset): an ended session is no reason to refuse it. */
    allowEndedSession?: boolean;
    /** A POST that only reads (search queries): no CSRF token needed. */
    csrf?: false;
  }
}

export const anonymousActor = (platform: Platform, anonymousId: string | null): Actor => ({
  userId: null,
  role: "anonymous",
  anonymousId,
  sessionId: null,
  storeId: null,
  platform,
  via: null,
  session: "none",
});

export const SESSION_ENDED = "Your session has ended. Please log in again.";
export const LOGIN_REQUIRED = "Please log in to continue.";

export interface SignedInActor extends Actor {
  userId: string;
  sessionId: string;
}

/** The signed-in actor, or 401: 'invalid_session' when the token's session is gone (the storefront logs out). */
export function requireUser(req: FastifyRequest): SignedInActor {
  const actor = req.actor;
  if (actor.userId && actor.sessionId) return actor as SignedInActor;
  if (actor.session === "ended") throw new AppError(401, "invalid_session", SESSION_ENDED);
  throw new AppError(401, "login_required", LOGIN_REQUIRED);
}

/** The signed-in actor with one of the roles, else 403 (401 when not signed in). */
export function requireRole(req: FastifyRequest, ...roles: Role[]): SignedInActor {
  const actor = requireUser(req);
  if (!roles.includes(actor.role)) throw new AppError(403, "forbidden", "You do not have access to this.");
  return actor;
}
