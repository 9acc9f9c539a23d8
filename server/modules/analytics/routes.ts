import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { FUNNEL_STEPS } from "#domain/analytics/funnel.ts";
import { AppError } from "#server/errors.ts";
import type { Db } from "#server/platform/db.ts";
import type { RateLimiter } from "#server/platform/rate-limit.ts";
import { clientIp } from "#server/platform/trusted-proxy.ts";
import { countAndLimit } from "#server/route-limits.ts";
import {
  ANONYMOUS_COOKIE,
  CSRF_FAILED,
  CSRF_HEADER,
  type Csrf,
  csrfBinding,
  sessionHeaders as headers,
  requireRole,
  USER_COOKIE,
} from "../sessions/index.ts";
import { ANALYTICS_LIMITS } from "./limits.ts";
import { consoleAnalyticsAnswer, consoleQuery, eventsAnswer, eventsBody } from "./schemas.ts";
import { funnel, recordEvents, type Visitor, zeroResultSearches } from "./store.ts";

const tags = ["analytics"];

/**
 * A cookie-riding request shows it comes from our pages: by the CSRF token (`x-csrf-token`, as the storefront's
 * fetch sends it), or — sendBeacon cannot set headers — by the Origin or Sec-Fetch-Site every browser sends on a
 * POST, which the request context has already refused when it names another site. A cookie-riding request that
 * shows neither is refused: it is no page of ours (docs/adr/0036-analytics-and-banners.md).
 */
function requireOwnPage(req: FastifyRequest, csrf: Csrf) {
  if (req.actor.via === "header") return;
  const ridesOnCookie = Boolean(req.cookies[USER_COOKIE] || req.cookies[ANONYMOUS_COOKIE]);
  if (!ridesOnCookie) return;
  const token = req.headers[CSRF_HEADER];
  const binding = csrfBinding(req.actor);
  if (typeof token === "string" && binding && csrf.verify(token, binding)) return;
  const site = req.headers["sec-fetch-site"];
  if (site === "same-origin" || (typeof req.headers.origin === "string" && req.headers.origin !== "null"))
    return;
  throw new AppError(403, "csrf", CSRF_FAILED);
}

function visitorOf(req: FastifyRequest): Visitor {
  const { anonymousId, userId, platform } = req.actor;
  const visitor = anonymousId ?? (userId ? `user:${userId}` : null);
  if (!visitor)
    throw new AppError(
      400,
      "no_visitor",
      "Events need a visitor: the anonymous-visitor cookie or a session (x-user or the session cookie).",
    );
  return { visitor, anonymousId, userId, platform };
}

/** Analytics (spec §7 `POST /e`; issue 17; docs/adr/0036-analytics-and-banners.md). */
export const analyticsRoutes: FastifyPluginAsyncZod<{
  db: Db;
  limiter: RateLimiter;
  csrf: Csrf;
  now: () => Date;
}> = async (app, { db, limiter, csrf, now }) => {
  // sendBeacon posts a string as text/plain (a simple request: no preflight): read it as the JSON it is.
  app.removeContentTypeParser("text/plain");
  app.addContentTypeParser("text/plain", { parseAs: "string" }, (_req, body, done) => {
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(new AppError(400, "bad_request", "The body is not JSON."), undefined);
    }
  });

  app.post(
    "/e",
    {
      config: {
        auth: "optional",
        // No x-csrf-token: sendBeacon cannot send headers. requireOwnPage stands in (see above).
        csrf: false,
        rateLimits: [ANALYTICS_LIMITS.batchesVisitor, ANALYTICS_LIMITS.batchesIp],
        errors: {
          400: "No visitor (`no_visitor`): neither the anonymous-visitor cookie nor a session; or an event's time is more than a day old or ahead of the server's clock (`bad_timestamp`).",
          403: "A cookie-riding request with neither a valid `x-csrf-token` nor an Origin or Sec-Fetch-Site of our own (`csrf`).",
        },
      },
      schema: {
        operationId: "postEvents",
        tags,
        summary:
          "Record a batch of analytics events and page views (spec §7), as JSON or as text/plain JSON (navigator.sendBeacon)",
        headers,
        body: eventsBody,
        response: { 200: eventsAnswer },
      },
    },
    async (req, reply) => {
      requireOwnPage(req, csrf);
      const who = visitorOf(req);
      await countAndLimit(
        limiter,
        [
          [ANALYTICS_LIMITS.batchesVisitor, who.visitor],
          [ANALYTICS_LIMITS.batchesIp, clientIp(req)],
        ],
        reply,
      );
      return { accepted: await recordEvents(db, who, req.body, now()) };
    },
  );

  app.get(
    "/api/console/analytics",
    {
      config: {
        auth: "user",
        errors: { 403: "The account is not an administrator's (`forbidden`)." },
      },
      schema: {
        operationId: "getConsoleAnalytics",
        tags,
        response: { 200: consoleAnalyticsAnswer },
        summary:
          "The funnel (visit → product → add to cart → checkout → order) in distinct visitors per UTC day, and the searches that found nothing (administrators)",
        headers,
        querystring: consoleQuery,
      },
    },
    async (req) => {
      requireRole(req, "admin");
      const at = now();
      const [days, searches] = await Promise.all([
        funnel(db, at, req.query.days),
        zeroResultSearches(db, at, req.query.days),
      ]);
      return {
        days: req.query.days,
        steps: FUNNEL_STEPS.map(({ key, label, event }) => ({ key, label, event })),
        funnel: days,
        zeroResultSearches: searches,
      };
    },
  );
};
