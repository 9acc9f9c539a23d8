import type { FastifyReply, FastifyRequest } from "fastify";
import type { Transaction } from "kysely";
import type { Database } from "#db/schema.ts";
import type { LoggedIn, User } from "#domain/accounts/types.ts";
import { CSRF_HEADER, cookieOptions, createSession, revokeSession, USER_COOKIE } from "../sessions/index.ts";
import { type AccountsContext, clientIp } from "./context.ts";
import { loadUserView } from "./users.ts";

export interface StartedSession {
  sessionId: string;
  token: string;
  user: User;
}

/**
 * Signs a user in inside the caller's transaction: always a new session (the one this request rode on, if any, is
 * ended — no session fixation), then the identity-linked handlers (the guest cart moves to the account).
 * Nothing reaches the browser until `deliverSession` runs after the commit.
 */
export async function startSession(
  ctx: AccountsContext,
  req: FastifyRequest,
  tx: Transaction<Database>,
  userId: string,
): Promise<StartedSession> {
  if (req.actor.sessionId) await revokeSession(tx, req.actor.sessionId);
  const platform = req.actor.platform;
  const { sessionId, token } = await createSession(tx, {
    userId,
    kind: platform === "web" ? "web" : "mobile",
    platform,
    userAgent: typeof req.headers["user-agent"] === "string" ? req.headers["user-agent"] : null,
    ip: clientIp(req),
  });
  if (req.actor.anonymousId) await ctx.links.linked(req.actor.anonymousId, userId, tx);
  const user = await loadUserView(tx, userId);
  if (!user) throw new Error(`user ${userId} vanished during sign-in`);
  return { sessionId, token, user };
}

/**
 * Hands the new session to the client: the web gets the HttpOnly cookie and the CSRF token for the new session
 * (x-csrf-token response header); the mobile apps get the token in the body, to send as `x-user`.
 */
export function deliverSession(
  ctx: AccountsContext,
  req: FastifyRequest,
  reply: FastifyReply,
  started: StartedSession,
): LoggedIn {
  req.actor = {
    ...req.actor,
    userId: started.user.id,
    role: started.user.role,
    sessionId: started.sessionId,
    storeId: started.user.store_id,
    session: "live",
    via: req.actor.platform === "web" ? "cookie" : "header",
  };
  if (req.actor.platform === "web") {
    reply.setCookie(USER_COOKIE, started.token, cookieOptions(req, ctx.config));
    reply.header(CSRF_HEADER, ctx.csrf.tokenFor(`session:${started.sessionId}`));
    return { status: "logged_in", user: started.user };
  }
  return { status: "logged_in", user: started.user, sessionToken: started.token };
}

/** Signs in within a transaction of its own. */
export async function signIn(
  ctx: AccountsContext,
  req: FastifyRequest,
  reply: FastifyReply,
  userId: string,
): Promise<LoggedIn> {
  const started = await ctx.db.transaction().execute((tx) => startSession(ctx, req, tx, userId));
  return deliverSession(ctx, req, reply, started);
}
