import type { FastifyInstance } from "fastify";
import type { Config } from "#server/config.ts";
import type { Db } from "#server/platform/db.ts";
import { serverKey } from "#server/platform/secrets.ts";
import { type Csrf, createCsrf } from "./csrf.ts";
import { keepSessions } from "./kept-sessions.ts";
import { installRequestContext } from "./request-context.ts";

/**
 * Sessions and the request context: the public face other modules use. Read `req.actor`; guard with
 * `requireUser(req)` / `requireRole(req, ...)`; never parse identity cookies or headers yourself.
 */
export {
  type Actor,
  LOGIN_REQUIRED,
  type RouteAuth,
  requireRole,
  requireUser,
  SESSION_ENDED,
  type SignedInActor,
} from "./actor.ts";
export {
  ANONYMOUS_COOKIE,
  COOKIE_MAX_AGE_S,
  clearUserCookie,
  cookieOptions,
  secureCookies,
  USER_COOKIE,
} from "./cookies.ts";
export type { Csrf } from "./csrf.ts";
export { isCsrfExemptRoute, isStateChangingMethod } from "./csrf-policy.ts";
export { forgetKeptSessions } from "./kept-sessions.ts";
export { newRenderId, RENDER_HEADER } from "./render-sessions.ts";
export {
  CROSS_SITE,
  CSRF_FAILED,
  CSRF_FIELD,
  CSRF_HEADER,
  csrfBinding,
  issueAnonymousId,
} from "./request-context.ts";
export {
  createSession,
  type NewSession,
  resolveSession,
  revokeSession,
  revokeUserSessions,
} from "./session-store.ts";
export { hashSecret, newSecret, safeEqual } from "./tokens.ts";

/**
 * Installs the request context on the root app (hooks must see every route), keeps the sessions it reads while it
 * hears their notices, and answers the CSRF signer.
 */
export async function installSessions(app: FastifyInstance, deps: { db: Db; config: Config }): Promise<Csrf> {
  const csrf = createCsrf(await serverKey(deps.db, "csrf", deps.config.auth.sessionSecret));
  installRequestContext(app, { ...deps, csrf });
  const keeping = await keepSessions(deps.db, (err) =>
    app.log.warn(
      { err },
      "sessions: notices' connection lost; sessions are read on every request until it is back",
    ),
  );
  app.addHook("preClose", async () => keeping?.close());
  return csrf;
}
export { sessionHeaders, sessionHeadersWithCsrf } from "./headers.ts";
