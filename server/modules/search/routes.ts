import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Db } from "#server/platform/db.ts";
import {
  geoQuerySchema,
  resolveStore,
  searchResultsSchema,
  storeHeadersSchema,
  storeHintsOf,
  tagSchema,
} from "../catalogue/index.ts";
import { categorySearchBodySchema, searchBodySchema, tagFilterBodySchema } from "./schemas.ts";
import { search } from "./service.ts";

const tags = ["search"];

/** Search and filtered category listings (spec §7). */
export const searchRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const storeOf = (headers: { "x-store-id"?: string; lat?: number; lng?: number }, query: object) =>
    resolveStore(db, storeHintsOf(headers, query));

  app.post(
    "/menu/search/v4",
    {
      config: { auth: "public", csrf: false },
      schema: {
        operationId: "searchProducts",
        response: { 200: searchResultsSchema },
        tags,
        summary: "Full-text search with typo tolerance, facets, sort, paging (60 per page) and autocomplete",
        headers: storeHeadersSchema,
        querystring: geoQuerySchema,
        body: searchBodySchema,
      },
    },
    async (req) => search(db, await storeOf(req.headers, req.query), { query: req.body.query }, req.body),
  );

  app.post(
    "/menu/search/v4/categories",
    {
      config: {
        auth: "public",
        csrf: false,
        errors: { 404: "None of the url_names is a category (`category_not_found`)." },
      },
      schema: {
        operationId: "searchCategoryProducts",
        response: { 200: searchResultsSchema },
        tags,
        summary: "Products of categories (url_names) or tags, with the search options",
        headers: storeHeadersSchema,
        querystring: geoQuerySchema,
        body: categorySearchBodySchema,
      },
    },
    async (req) =>
      search(
        db,
        await storeOf(req.headers, req.query),
        { query: req.body.query, url_names: req.body.url_names, tags: req.body.tags },
        req.body,
      ),
  );

  app.post(
    "/menu/category-tags/:tag/filter",
    {
      config: { auth: "public", csrf: false },
      schema: {
        operationId: "filterTagProducts",
        response: { 200: searchResultsSchema },
        tags,
        summary: "Products carrying a tag, with the search options",
        params: z.object({ tag: tagSchema }),
        headers: storeHeadersSchema,
        querystring: geoQuerySchema,
        body: tagFilterBodySchema,
      },
    },
    async (req) =>
      search(
        db,
        await storeOf(req.headers, req.query),
        { query: req.body.query, tags: [req.params.tag] },
        req.body,
      ),
  );
};
