import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { COPY } from "#domain/copy.ts";
import type { Config } from "#server/config.ts";
import type { Db } from "#server/platform/db.ts";
import { isSiteOriginFixed, type RequestAddress, siteOrigin } from "#server/platform/site-origin.ts";
import { createTtlCache } from "#server/platform/ttl-cache.ts";
import { BRAND_CONTENT_DIR, createFragmentReader } from "./brand-fragments.ts";
import { citySchema, cityPageSchema } from "../catalogue/index.ts";
import { textAnswer } from "#server/openapi/answers.ts";
import { copyTextsSchema } from "./answers.ts";
import { cityPage, listCities } from "./cities.ts";
import { robotsTxt, sitemapPaths, sitemapXml } from "./sitemap.ts";

const TEN_MINUTES_MS = 10 * 60 * 1000;

export interface ContentOptions {
  db: Db;
  config: Config;
  /** Where the brand fragments live (tests point elsewhere). */
  brandContentDir?: string;
}

/** Copy texts, city pages, brand fragments, the sitemap and robots.txt. */
export const contentRoutes: FastifyPluginAsyncZod<ContentOptions> = async (app, opts) => {
  const { db, config } = opts;
  const readFragment = createFragmentReader(opts.brandContentDir ?? BRAND_CONTENT_DIR, config.env === "production");
  const originOf = (req: RequestAddress) => siteOrigin(config, req);
  // robots.txt and the sitemap: built from configuration, any cache may keep them; from the request (development
  // and tests without PUBLIC_ORIGIN), none.
  const cacheable = isSiteOriginFixed(config);
  let sitemap: { at: number; xml: Promise<string> } | null = null;
  const cities = createTtlCache<Awaited<ReturnType<typeof listCities>>>(config.env === "test" ? 0 : 60_000, 1);

  app.get(
    "/copy",
    { config: { auth: "public" },
      schema: {
        operationId: "getCopy", response: { 200: copyTextsSchema }, tags: ["content"], summary: "User-facing texts the apps show (not-found, errors…), keyed by name" } },
    async (_req, reply) => {
      reply.header("cache-control", "public, max-age=600");
      return COPY;
    },
  );

  app.get(
    "/order/cities",
    { config: { auth: "public" },
      schema: {
        operationId: "listCities", response: { 200: z.array(citySchema) }, tags: ["content"], summary: "Every city we deliver in, with its picker label" } },
    // Every page's footer asks; the cities only change with the seed. Public for a minute, as kept here.
    async (_req, reply) => {
      reply.header("cache-control", "public, max-age=60");
      return cities.get("all", () => listCities(db));
    },
  );

  app.get(
    "/order/cities/:slug",
    {
      config: { auth: "public", errors: { 404: "No city has that slug (`city_not_found`)." } },
      schema: {
        operationId: "getCityPage", response: { 200: cityPageSchema },
        tags: ["content"],
        summary: "A city landing page (/alcohol-delivery-{slug}): the city, its intro and stores",
        params: z.object({ slug: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "must be a city slug such as new-york") }),
      },
    },
    async (req) => cityPage(db, req.params.slug),
  );

  app.get(
    "/menu/brand-fragment/:file",
    {
      config: { auth: "public", errors: { 404: "No such fragment (`fragment_not_found`)." } },
      schema: {
        operationId: "getBrandFragment", response: { 200: textAnswer("text/html", "The fragment: sanitized HTML.") },
        tags: ["content"],
        summary: "A brand page's header or footer block ({slug}-header.html, {slug}-footer.html), sanitized HTML",
        params: z.object({ file: z.string().max(200) }),
      },
    },
    async (req, reply) => {
      const html = await readFragment(req.params.file);
      reply.header("cache-control", "public, max-age=600");
      return reply.type("text/html; charset=utf-8").send(html);
    },
  );

  app.get(
    "/sitemap.xml",
    { config: { auth: "public" },
      schema: {
        operationId: "getSitemap", response: { 200: textAnswer("application/xml", "The sitemap (sitemaps.org XML).") }, tags: ["content"], summary: "Sitemap: categories, brands, products, city and content pages" } },
    async (req, reply) => {
      const origin = originOf(req);
      if (!cacheable) {
        reply.header("cache-control", "no-store");
        return reply.type("application/xml; charset=utf-8").send(sitemapXml(origin, await sitemapPaths(db)));
      }
      let entry = sitemap;
      if (!entry || Date.now() - entry.at > TEN_MINUTES_MS) {
        const fresh = { at: Date.now(), xml: sitemapPaths(db).then((paths) => sitemapXml(origin, paths)) };
        fresh.xml.catch(() => {
          if (sitemap === fresh) sitemap = null;
        });
        sitemap = fresh;
        entry = fresh;
      }
      const xml = await entry.xml;
      reply.header("cache-control", "public, max-age=600");
      return reply.type("application/xml; charset=utf-8").send(xml);
    },
  );

  app.get(
    "/robots.txt",
    { config: { auth: "public" },
      schema: {
        operationId: "getRobotsTxt", response: { 200: textAnswer("text/plain", "robots.txt.") }, tags: ["content"], summary: "robots.txt: allow all but personal pages; points to the sitemap" } },
    async (req, reply) => {
      reply.header("cache-control", cacheable ? "public, max-age=3600" : "no-store");
      return reply.type("text/plain; charset=utf-8").send(robotsTxt(originOf(req)));
    },
  );
};
