import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { AppError } from "#server/errors.ts";
import type { Db } from "#server/platform/db.ts";
import type { RateLimiter } from "#server/platform/rate-limit.ts";
import { clientIp } from "#server/platform/trusted-proxy.ts";
import { countAndLimit } from "#server/route-limits.ts";
import { sessionHeaders as headers, requireRole } from "../sessions/index.ts";
import { bannerAnswerSchema, bannerListSchema } from "./answers.ts";
import { BANNER_LIMITS } from "./limits.ts";
import {
  bannerBody,
  bannerEventAnswer,
  bannerEventBody,
  bannerParams,
  bannerPatch,
  serveAnswer,
  serveQuery,
} from "./schemas.ts";
import { countBannerEvent, createBanner, listBanners, serve, updateBanner } from "./store.ts";

const tags = ["banners"];
const staffOnly = "The account is a shopper's, not store staff's (`staff_only`).";

function requireStaffMember(req: Parameters<typeof requireRole>[0]) {
  try {
    return requireRole(req, "store_staff", "admin");
  } catch (err) {
    if (err instanceof AppError && err.status === 403)
      throw new AppError(403, "staff_only", "The store console is for store staff.");
    throw err;
  }
}

/** Banners: our own placement service (spec §7 `mc/serve?u=`; docs/adr/0036-analytics-and-banners.md). */
export const bannerRoutes: FastifyPluginAsyncZod<{ db: Db; limiter: RateLimiter; now: () => Date }> = async (
  app,
  { db, limiter, now },
) => {
  app.get(
    "/mc/serve",
    {
      config: { auth: "public" },
      schema: {
        operationId: "serveBanners",
        tags,
        summary:
          "The banner placements for a unit (spec §3 Banner placement, §7 mc/serve): running and targeted, each with plain-text title and text, image, link, location, categories and after_row_of_result",
        querystring: serveQuery,
        response: { 200: serveAnswer },
      },
    },
    async (req) => serve(db, req.query.u, now()),
  );

  app.post(
    "/mc/events",
    {
      config: {
        auth: "optional",
        rateLimits: [BANNER_LIMITS.eventsVisitor, BANNER_LIMITS.eventsIp],
        errors: { 404: "No banner has that id (`banner_not_found`)." },
      },
      schema: {
        operationId: "countBannerEvent",
        tags,
        summary:
          "Count a banner's impression (shown half in view, spec §9) or click: once per banner, kind and page view; a repeat answers counted: false",
        headers,
        body: bannerEventBody,
        response: { 200: bannerEventAnswer },
      },
    },
    async (req, reply) => {
      const { anonymousId, userId } = req.actor;
      const visitor = anonymousId ?? (userId ? `user:${userId}` : null);
      await countAndLimit(
        limiter,
        [
          [BANNER_LIMITS.eventsVisitor, visitor ?? clientIp(req)],
          [BANNER_LIMITS.eventsIp, clientIp(req)],
        ],
        reply,
      );
      return { counted: await countBannerEvent(db, req.body, visitor) };
    },
  );

  /** One banner as the console lists it (just written: a miss is a banner deleted meanwhile). */
  const bannerNamed = async (id: string) => {
    const banner = (await listBanners(db, now())).find((b) => b.id === id);
    if (!banner) throw new AppError(404, "banner_not_found", "No banner has that id.");
    return banner;
  };

  app.get(
    "/api/console/banners",
    {
      config: { auth: "user", errors: { 403: staffOnly } },
      schema: {
        operationId: "listBanners",
        tags,
        response: { 200: bannerListSchema },
        summary:
          "Every banner, newest first, with its schedule, targeting, whether it runs now, impressions and clicks",
        headers,
      },
    },
    async (req) => {
      requireStaffMember(req);
      return { banners: await listBanners(db, now()) };
    },
  );

  app.post(
    "/api/console/banners",
    {
      config: {
        auth: "user",
        errors: {
          400: "The end is not after the start (`invalid_dates`), or a category has no such url name (`unknown_category`).",
          403: staffOnly,
        },
      },
      schema: {
        operationId: "createBanner",
        tags,
        response: { 200: bannerAnswerSchema },
        summary:
          "Make a banner: plain text, a link of ours or https, where it shows (location, categories, row) and when",
        headers,
        body: bannerBody,
      },
    },
    async (req) => {
      const staff = requireStaffMember(req);
      const id = await createBanner(db, staff.userId, req.body);
      return { banner: await bannerNamed(id) };
    },
  );

  app.patch(
    "/api/console/banners/:id",
    {
      config: {
        auth: "user",
        errors: {
          400: "The end is not after the start (`invalid_dates`), or a category has no such url name (`unknown_category`).",
          403: staffOnly,
          404: "No banner has that id (`banner_not_found`).",
        },
      },
      schema: {
        operationId: "updateBanner",
        tags,
        response: { 200: bannerAnswerSchema },
        summary: "Change a banner: its texts, link, targeting, schedule, or switch it on or off",
        headers,
        params: bannerParams,
        body: bannerPatch,
      },
    },
    async (req) => {
      requireStaffMember(req);
      await updateBanner(db, req.params.id, req.body);
      return { banner: await bannerNamed(req.params.id) };
    },
  );
};
