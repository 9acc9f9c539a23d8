import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { FAVOURITES_MAX } from "#domain/catalogue/co-purchase.ts";
import type { Product } from "#domain/catalogue/types.ts";
import type { Db } from "#server/platform/db.ts";
import { createTtlCache } from "#server/platform/ttl-cache.ts";
import {
  geoQuerySchema,
  onShelfChange,
  productListSchema,
  queryBoolean,
  resolveStore,
  skuSchema,
  storeHeadersSchema,
  storeHintsOf,
  storeIdSchema,
} from "../catalogue/index.ts";
import { requireRole, requireUser } from "../sessions/index.ts";
import { coPurchaseRefreshSchema, favouriteSkusSchema, userRecommendationsSchema } from "./answers.ts";
import { genericRecommendations, relatedProducts, similarProducts } from "./catalogue-picks.ts";
import { refreshCoPurchase } from "./co-purchase.ts";
import {
  addFavourite,
  favouriteProducts,
  favouriteSkus,
  fbtProducts,
  ownId,
  removeFavourite,
  userRecommendations,
} from "./learned.ts";

const catalogueTags = ["catalogue"];
const favouriteTags = ["favourites"];
const productNotFound = "No product has that SKU (`product_not_found`).";
const skuParams = z.object({ sku: skuSchema });
const userHeaders = storeHeadersSchema.extend({
  "x-platform": z.string().optional(),
  "x-user": z.string().optional(),
});

/**
 * Similar, related and generic recommendations are kept a minute per process (docs/adr/0007-product-answer-cache.md):
 * product pages and cards ask for the same ones over and over. Stock and prices shown may be that much behind.
 */
export const RECOMMENDATION_CACHE_MS = 60_000;

/** Frequently-bought-together answers are kept a minute per process, like the other recommendations (ADR 0007). */
export const FBT_CACHE_MS = 60_000;

/**
 * Every recommendation route: similar, related and generic picks by the catalogue's rules; recommendations that
 * learn from orders, and favourites (issue 17; docs/adr/0034-recommendations-that-learn.md). `caching: false` turns
 * the answer caches off (tests).
 */
export const recommendationRoutes: FastifyPluginAsyncZod<{
  db: Db;
  now: () => Date;
  caching: boolean;
}> = async (app, { db, now, caching }) => {
  const recommendationCache = createTtlCache<Product[]>(caching ? RECOMMENDATION_CACHE_MS : 0, 5_000);
  const fbtCache = createTtlCache<Product[]>(caching ? FBT_CACHE_MS : 0, 5_000);
  // A console change to a shelf or a store reaches every instance's kept answers (docs/adr/0032-store-admin.md).
  const stopForgetting = onShelfChange(db, () => {
    recommendationCache.clear();
    fbtCache.clear();
  });
  app.addHook("preClose", async () => {
    stopForgetting();
  });
  const storeOf = (headers: { "x-store-id"?: string; lat?: number; lng?: number }, query?: object) =>
    resolveStore(db, storeHintsOf(headers, query as { lat?: number; lng?: number; store_id?: string }));

  app.get(
    "/menu/recommendation/similar/:id",
    {
      config: { auth: "public", errors: { 404: "No product has that SKU (`product_not_found`)." } },
      schema: {
        operationId: "getSimilarProducts",
        tags: catalogueTags,
        response: { 200: productListSchema },
        summary: "Products in the same category and price band",
        params: z.object({ id: skuSchema }),
        headers: storeHeadersSchema,
        querystring: geoQuerySchema,
      },
    },
    async (req) => {
      const store = await storeOf(req.headers, req.query);
      const key = `similar|${store?.id ?? ""}|${req.params.id}`;
      return {
        products: await recommendationCache.get(key, () => similarProducts(db, store, req.params.id)),
      };
    },
  );

  app.get(
    "/menu/recommendation/related/:id",
    {
      config: { auth: "public", errors: { 404: "No product has that SKU (`product_not_found`)." } },
      schema: {
        operationId: "getRelatedProducts",
        tags: catalogueTags,
        response: { 200: productListSchema },
        summary: "Products of the same brand, then the same category (in stock only for substitutions)",
        params: z.object({ id: skuSchema }),
        headers: storeHeadersSchema,
        querystring: geoQuerySchema.extend({
          analytics: queryBoolean.optional(),
          store_id: storeIdSchema.optional(),
          substitution: queryBoolean.default(false),
          order_id: z
            .string()
            .regex(/^[\w-]{1,64}$/, "must be an order id")
            .optional(),
        }),
      },
    },
    async (req) => {
      const store = await storeOf(req.headers, req.query);
      const related = () =>
        relatedProducts(db, store, req.params.id, { substitution: req.query.substitution });
      // Substitutions offer what is in stock now: never from the cache.
      if (req.query.substitution) return { products: await related() };
      return {
        products: await recommendationCache.get(`related|${store?.id ?? ""}|${req.params.id}`, related),
      };
    },
  );

  app.get(
    "/menu/recommendation/generic",
    {
      config: { auth: "public" },
      schema: {
        operationId: "getGenericRecommendations",
        tags: catalogueTags,
        response: { 200: productListSchema },
        summary: "Popular products across the categories",
        headers: storeHeadersSchema,
        querystring: geoQuerySchema,
      },
    },
    async (req) => {
      const store = await storeOf(req.headers, req.query);
      return {
        products: await recommendationCache.get(`generic|${store?.id ?? ""}`, () =>
          genericRecommendations(db, store),
        ),
      };
    },
  );
  app.get(
    "/menu/recommendation/fbt/:id",
    {
      config: { auth: "public", errors: { 404: productNotFound } },
      schema: {
        operationId: "getFrequentlyBoughtTogether",
        tags: catalogueTags,
        response: { 200: productListSchema },
        summary:
          "Frequently bought together: products completed orders bought with this one, in stock at the resolved store, most shared first",
        params: z.object({ id: skuSchema }),
        headers: storeHeadersSchema,
        querystring: geoQuerySchema,
      },
    },
    async (req) => ({
      products: await fbtProducts(db, await storeOf(req.headers, req.query), req.params.id),
    }),
  );

  app.get(
    "/menu/recommendation/user/:id",
    {
      config: {
        auth: "user",
        errors: { 404: "The id is not the signed-in shopper's (`user_not_found`)." },
      },
      schema: {
        operationId: "getUserRecommendations",
        tags: catalogueTags,
        response: { 200: userRecommendationsSchema },
        summary:
          "For the signed-in shopper (their own id only): buy again (products of their completed orders in stock at their store, most often then most recently bought first; SKUs in buy_again) then what other orders bought with them. Empty without a completed order; anonymous shoppers use getGenericRecommendations",
        params: z.object({ id: z.string().min(1).max(64) }),
        headers: userHeaders,
        querystring: geoQuerySchema,
      },
    },
    async (req) => {
      const userId = ownId(requireUser(req).userId, req.params.id);
      return userRecommendations(db, await storeOf(req.headers, req.query), userId);
    },
  );

  app.get(
    "/menu/favourites",
    {
      config: { auth: "user" },
      schema: {
        operationId: "listFavouriteSkus",
        tags: favouriteTags,
        response: { 200: favouriteSkusSchema },
        summary:
          "The SKUs the signed-in shopper hearted, the latest first (the storefront loads them once a page)",
        headers: userHeaders,
      },
    },
    async (req) => ({ skus: await favouriteSkus(db, requireUser(req).userId) }),
  );

  app.get(
    "/menu/favourites/products",
    {
      config: { auth: "user" },
      schema: {
        operationId: "listFavouriteProducts",
        tags: favouriteTags,
        response: { 200: productListSchema },
        summary:
          "The signed-in shopper's favourites as products priced at the resolved store, the latest first",
        headers: userHeaders,
        querystring: geoQuerySchema,
      },
    },
    async (req) => ({
      products: await favouriteProducts(db, await storeOf(req.headers, req.query), requireUser(req).userId),
    }),
  );

  app.put(
    "/menu/favourites/:sku",
    {
      config: {
        auth: "user",
        errors: {
          404: productNotFound,
          409: `The shopper already has ${FAVOURITES_MAX} favourites (\`favourites_full\`).`,
        },
      },
      schema: {
        operationId: "addFavourite",
        tags: favouriteTags,
        response: { 200: favouriteSkusSchema },
        summary: "Heart a product (idempotent); answers the shopper's favourite SKUs",
        params: skuParams,
        headers: userHeaders,
      },
    },
    async (req) => addFavourite(db, requireUser(req).userId, req.params.sku),
  );

  app.delete(
    "/menu/favourites/:sku",
    {
      config: { auth: "user" },
      schema: {
        operationId: "removeFavourite",
        tags: favouriteTags,
        response: { 200: favouriteSkusSchema },
        summary: "Un-heart a product (idempotent); answers the shopper's favourite SKUs",
        params: skuParams,
        headers: userHeaders,
      },
    },
    async (req) => removeFavourite(db, requireUser(req).userId, req.params.sku),
  );

  app.post(
    "/api/console/recommendations/refresh",
    {
      config: { auth: "user", errors: { 403: "Only administrators can do this (`forbidden`)." } },
      schema: {
        operationId: "refreshCoPurchase",
        tags: ["console"],
        response: { 200: coPurchaseRefreshSchema },
        summary:
          "Rebuild the frequently-bought-together table from completed orders now, as the hourly job does (administrators)",
        headers: userHeaders.pick({ "x-platform": true }),
      },
    },
    async (req) => {
      requireRole(req, "admin");
      const refreshed = await refreshCoPurchase(db, now());
      fbtCache.clear();
      return refreshed;
    },
  );
};
