import { randomUUID } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { platformOf } from "#domain/accounts/roles.ts";
import { isApiPath } from "#server/api-paths.ts";
import type { Config } from "#server/config.ts";
import { AppError } from "#server/errors.ts";
import type { Db } from "#server/platform/db.ts";
import { type Actor, anonymousActor, requireUser, SESSION_ENDED } from "./actor.ts";
import { ANONYMOUS_COOKIE, clearUserCookie, cookieOptions, USER_COOKIE } from "./cookies.ts";
import type { Csrf } from "./csrf.ts";
import { isCsrfExempt, SAFE_METHODS, StateChangingRoutes } from "./csrf-policy.ts";
import { RENDER_HEADER, resolveSessionOnce } from "./render-sessions.ts";

const ANONYMOUS_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const CSRF_HEADER = "x-csrf-token";
/** The form field page forms carry the token in (React Router actions read raw form bodies). */
export const CSRF_FIELD = "_csrf";
export const CSRF_FAILED = "This form has expired. Please reload the page and try again.";
export const CROSS_SITE = "Requests from other sites are not accepted.";

/**
 * The request context (docs/adr/0002-sessions-and-csrf.md), on every request of the app:
 * - onRequest: platform from x-platform; the session from `x-user` (mobile) or the user cookie (web); the
 *   anonymous visitor from its cookie, issued on the first page visit. A GET to a path only served for
 *   state-changing methods is refused (403).
 * - preHandler (after the body is read): on POST/PUT/PATCH/DELETE, a cross-site Origin is refused (403); a request
 *   riding on a cookie must carry the CSRF token (header, or `_csrf` in a page form) bound to its session or
 *   anonymous id (403 otherwise); an ended session is refused with 401 'invalid_session' except by account entry
 *   points. Requests authenticated only by `x-user` need no token: a cross-site page cannot send that header.
 *   Then a route for signed-in users only (`auth: "user"`) refuses anyone else with 401.
 */
export function installRequestContext(app: FastifyInstance, deps: { db: Db; config: Config; csrf: Csrf }) {
  const { db, config, csrf } = deps;
  const stateChanging = new StateChangingRoutes();
  app.addHook("onRoute", (route) => stateChanging.add(route.url, route.method as string | string[]));

  app.decorateRequest("actor", null as unknown as Actor);

  // Plain callback hooks: most requests (API reads, page loads without a session) finish synchronously,
  // without the promise and microtask hops of async hooks.
  app.addHook("onRequest", (req, reply, done) => {
    const pathname = req.url.split("?")[0];
    const api = isApiPath(pathname);
    const platform = platformOf(header(req, "x-platform"));
    const anonCookie = req.cookies[ANONYMOUS_COOKIE];
    let anonymousId = anonCookie && ANONYMOUS_ID.test(anonCookie) ? anonCookie.toLowerCase() : null;
    if (!anonymousId && !api && SAFE_METHODS.has(req.method) && isPagePath(pathname)) {
      anonymousId = issueAnonymousId(req, reply, config);
    }
    req.actor = anonymousActor(platform, anonymousId);

    if (SAFE_METHODS.has(req.method) && api && !routed(req) && stateChanging.changesState(pathname)) {
      return done(new AppError(403, "state_change_over_get", "This action needs a POST request."));
    }

    // Page GETs need no session here: their loaders ask the API, which resolves it per call.
    if (!api && SAFE_METHODS.has(req.method)) return done();
    const fromHeader = header(req, "x-user");
    const token = fromHeader ?? req.cookies[USER_COOKIE];
    if (!token) return done();
    const via = fromHeader ? "header" : "cookie";
    resolveSessionOnce(db, token, header(req, RENDER_HEADER))
      .then((session) => {
        if (!session) {
          req.actor = { ...req.actor, via, session: "ended" };
          if (via === "cookie") clearUserCookie(req, reply, config);
          return;
        }
        req.actor = {
          ...req.actor,
          userId: session.userId,
          role: session.role,
          sessionId: session.sessionId,
          storeId: session.storeId,
          via,
          session: "live",
        };
      })
      .then(() => done(), done);
  });

  app.addHook("preHandler", (req, _reply, done) => {
    try {
      if (!SAFE_METHODS.has(req.method)) checkStateChange(req);
      // A route for signed-in users only (route config `auth: "user"`): 401 before its handler runs.
      if (req.routeOptions.config?.auth === "user") requireUser(req);
      done();
    } catch (err) {
      done(err as Error);
    }
  });

  /** Origin, ended session and CSRF token of a state-changing request; throws the refusal. */
  function checkStateChange(req: FastifyRequest) {
    if (isCrossSite(req, config)) throw new AppError(403, "cross_site", CROSS_SITE);
    const actor = req.actor;
    if (actor.via === "header") {
      if (actor.session === "ended" && !allowsEndedSession(req)) {
        throw new AppError(401, "invalid_session", SESSION_ENDED);
      }
      return;
    }
    const ridesOnCookie = Boolean(req.cookies[USER_COOKIE] || req.cookies[ANONYMOUS_COOKIE]);
    if (!ridesOnCookie) return;
    const api = isApiPath(req.url);
    if (api && actor.session === "ended" && !allowsEndedSession(req)) {
      throw new AppError(401, "invalid_session", SESSION_ENDED);
    }
    // A route that says it needs no token (a read-only POST, the card provider's own endpoints) needs none.
    if (isCsrfExempt(req)) return;
    const token = header(req, CSRF_HEADER) ?? (api ? undefined : tokenFromPageBody(req));
    const binding = csrfBinding(actor);
    if (!binding || !csrf.verify(token, binding)) throw new AppError(403, "csrf", CSRF_FAILED);
    // A page action calls the API in-process with the shopper's cookies: the checked token goes along.
    if (!api) req.headers[CSRF_HEADER] = token;
  }
}

/** What a CSRF token is bound to: the live session, else the anonymous visitor. */
export function csrfBinding(actor: Actor): string | null {
  if (actor.sessionId) return `session:${actor.sessionId}`;
  if (actor.anonymousId) return `anon:${actor.anonymousId}`;
  return null;
}

/**
 * The anonymous visitor of this request, issuing one (cookie, 1 year) when there is none. The new id is also
 * written into the request's cookie header, so calls made in-process for this request see it.
 */
export function issueAnonymousId(req: FastifyRequest, reply: FastifyReply, config: Config): string {
  const id = randomUUID();
  reply.setCookie(ANONYMOUS_COOKIE, id, cookieOptions(req, config));
  const existing = req.headers.cookie;
  req.headers.cookie = existing ? `${existing}; ${ANONYMOUS_COOKIE}=${id}` : `${ANONYMOUS_COOKIE}=${id}`;
  req.cookies[ANONYMOUS_COOKIE] = id;
  if (req.actor) req.actor = { ...req.actor, anonymousId: id };
  return id;
}

function header(req: FastifyRequest, name: string): string | undefined {
  const value = req.headers[name];
  return typeof value === "string" && value.length > 0 ? value : undefined;
}

function routed(req: FastifyRequest): boolean {
  const url = req.routeOptions.url;
  return url !== undefined && url !== "/*";
}

function allowsEndedSession(req: FastifyRequest): boolean {
  return (req.routeOptions.config as { allowEndedSession?: boolean } | undefined)?.allowEndedSession === true;
}

/** Pages and React Router data requests; not files (assets, favicon, robots.txt). */
function isPagePath(pathname: string): boolean {
  return pathname.endsWith(".data") || !/\.[A-Za-z0-9]{1,8}$/.test(pathname);
}

/**
 * A state change from another site: the browser says so (Sec-Fetch-Site), or the Origin is neither this host
 * nor PUBLIC_ORIGIN. In-process calls and native apps send no Origin.
 */
function isCrossSite(req: FastifyRequest, config: Config): boolean {
  if (header(req, "sec-fetch-site") === "cross-site") return true;
  const origin = header(req, "origin");
  if (!origin) return false;
  if (origin === "null") return true;
  const own = `${req.protocol}://${req.host}`;
  return origin !== own && origin !== config.publicOrigin?.replace(/\/$/, "");
}

function tokenFromPageBody(req: FastifyRequest): string | undefined {
  const body = req.body;
  if (!Buffer.isBuffer(body) || body.length === 0) return undefined;
  const type = String(req.headers["content-type"] ?? "");
  // A form's token field comes first (CsrfField), so a file's form (a shelf feed, a photo) is read only this far.
  if (type.startsWith("multipart/form-data")) {
    const match = /name="_csrf"\r\n\r\n([A-Za-z0-9_-]{1,100})\r\n/.exec(
      body.subarray(0, 64 * 1024).toString("latin1"),
    );
    return match?.[1];
  }
  if (body.length > 64 * 1024) return undefined;
  const text = body.toString("utf8");
  if (type.startsWith("application/x-www-form-urlencoded")) {
    return new URLSearchParams(text).get(CSRF_FIELD) ?? undefined;
  }
  if (type.startsWith("application/json")) {
    try {
      const value = (JSON.parse(text) as Record<string, unknown>)?.[CSRF_FIELD];
      return typeof value === "string" ? value : undefined;
    } catch {
      return undefined;
    }
  }
  return undefined;
}
