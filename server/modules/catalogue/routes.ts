import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { sql } from "kysely";
import { z } from "zod";
import { preSerialized, serializeAnswer } from "#server/openapi/answers.ts";
import { type Db, listen } from "#server/platform/db.ts";
import { createTtlCache } from "#server/platform/ttl-cache.ts";
import {
  availableCategoriesSchema,
  brandPageSchema,
  brandSchema,
  categoryGroupSchema,
  categoryPageSchema,
  categorySchema,
  giftGuideSchema,
  mainMenuSchema,
  priceRangeSchema,
  productListSchema,
  productNameSchema,
} from "./answers.ts";
import { brandList, brandPage } from "./brand-service.ts";
import { CATALOGUE_CACHE_MS } from "./catalogue-cache.ts";
import {
  availableCategories,
  categoryGroup,
  categoryPage,
  categoryTree,
  mainMenu,
} from "./category-service.ts";
import { giftGuide } from "./gift-guide.ts";
import { refreshPlannerStatistics } from "./planner-statistics.ts";
import { productName, productPrices, productsBySku } from "./product-service.ts";
import {
  acceptVersionSchema,
  geoQuerySchema,
  productHeadersSchema,
  queryBoolean,
  skuListSchema,
  skuSchema,
  storeHeadersSchema,
  urlNameSchema,
} from "./schemas.ts";
import { forgetShelf, onShelfChange, parseShelfChange, shelfChannel } from "./shelf-changes.ts";
import { resolveStore, storeHintsOf } from "./store-resolution.ts";

const tags = ["catalogue"];

/**
 * Product answers are kept for a few seconds per process (docs/adr/0007-product-answer-cache.md; recommendations
 * are kept by their own module): product pages and cards ask for the same SKUs at the same store over
 * and over. Stock and prices shown may be that much behind; the cart, checkout and substitutions always read
 * the database.
 */
export const PRODUCT_CACHE_MS = 5_000;

/** The menu and catalogue service (spec §7, base path /menu/). `caching: false` turns the answer caches off. */
export const catalogueRoutes: FastifyPluginAsyncZod<{ db: Db; caching?: boolean }> = async (
  app,
  { db, caching = true },
) => {
  // Product answers are kept serialized: the hottest route then skips JSON.stringify on every hit.
  const productCache = createTtlCache<{ body: string; loadedAt: number }>(
    caching ? PRODUCT_CACHE_MS : 0,
    5_000,
  );
  // A console change to a shelf or a store reaches every instance's kept answers (docs/adr/0032-store-admin.md).
  const stopForgetting = onShelfChange(db, () => {
    productCache.clear();
    app.forgetPublicAnswers?.();
  });
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  const listener = await listen(
    db,
    shelfChannel(rows[0].schema),
    (p) => forgetShelf(db, parseShelfChange(p)),
    {
      // Notices sent while the connection was down are lost: forget everything once.
      onResumed: () => forgetShelf(db, "store"),
      onError: (err) => app.log.warn({ err }, "shelf changes: listen connection lost"),
    },
  );
  app.addHook("preClose", async () => {
    stopForgetting();
    await listener.close();
  });
  // The app starts after migrations and the seed: make sure the planner knows the catalogue it serves.
  await refreshPlannerStatistics(db);
  const storeOf = (headers: { "x-store-id"?: string; lat?: number; lng?: number }, query?: object) =>
    resolveStore(db, storeHintsOf(headers, query as { lat?: number; lng?: number; store_id?: string }));

  app.get(
    "/menu/main/v4",
    {
      config: { auth: "public" },
      schema: {
        operationId: "getMainMenu",
        tags,
        response: { 200: mainMenuSchema },
        summary: "Main menu: category tree, storefront curations (12 products each) and featured images",
        headers: storeHeadersSchema,
        querystring: geoQuerySchema.extend({
          categories: queryBoolean.default(true),
          curations: queryBoolean.default(true),
          featured_images: queryBoolean.default(true),
        }),
      },
    },
    async (req) => mainMenu(db, await storeOf(req.headers, req.query), req.query),
  );

  app.get(
    "/menu/available-categories",
    {
      config: { auth: "public" },
      schema: {
        operationId: "listAvailableCategories",
        tags,
        response: { 200: availableCategoriesSchema },
        summary: "Categories with at least one product at the resolved store, with counts at that store",
        headers: storeHeadersSchema,
        querystring: geoQuerySchema,
      },
    },
    async (req) => availableCategories(db, await storeOf(req.headers, req.query)),
  );

  app.get(
    "/menu/categories",
    {
      config: { auth: "public" },
      schema: {
        operationId: "getCategoryTree",
        tags,
        response: { 200: z.array(categorySchema) },
        summary: "The whole category tree with product counts (cached 10 minutes)",
      },
    },
    async (_req, reply) => {
      reply.header("cache-control", `public, max-age=${CATALOGUE_CACHE_MS / 1000}`);
      return categoryTree(db);
    },
  );

  app.get(
    "/menu/category/:url_name",
    {
      config: { auth: "public", errors: { 404: "No category has that url_name (`category_not_found`)." } },
      schema: {
        operationId: "getCategory",
        tags,
        response: { 200: categoryPageSchema },
        summary: "A category with its parent and children, for category pages",
        params: z.object({ url_name: urlNameSchema }),
        querystring: z.object({ parent: urlNameSchema.optional() }),
      },
    },
    async (req) => categoryPage(db, req.params.url_name, req.query.parent),
  );

  app.get(
    "/menu/category-group/:url_name",
    {
      config: {
        auth: "public",
        errors: { 404: "No category group has that url_name (`category_group_not_found`)." },
      },
      schema: {
        operationId: "getCategoryGroup",
        tags,
        response: { 200: categoryGroupSchema },
        summary: "Category-group page: the group and up to 12 products per child category (or brand)",
        params: z.object({ url_name: urlNameSchema }),
        headers: storeHeadersSchema,
        querystring: geoQuerySchema,
      },
    },
    async (req) => categoryGroup(db, await storeOf(req.headers, req.query), req.params.url_name),
  );

  app.get(
    "/menu/category-group/:parent/:name",
    {
      config: {
        auth: "public",
        errors: { 404: "No such group under that category (`category_group_not_found`)." },
      },
      schema: {
        operationId: "getCategorySubGroup",
        tags,
        response: { 200: categoryGroupSchema },
        summary: "Named sub-group page /{category}/{name}: up to 12 products per group",
        params: z.object({ parent: urlNameSchema, name: urlNameSchema }),
        headers: storeHeadersSchema,
        querystring: geoQuerySchema,
      },
    },
    async (req) =>
      categoryGroup(db, await storeOf(req.headers, req.query), req.params.name, req.params.parent),
  );

  app.get(
    "/menu/product/:skus",
    {
      config: { auth: "public", errors: { 404: "None of the SKUs is a product (`product_not_found`)." } },
      schema: {
        operationId: "getProducts",
        tags,
        response: { 200: productListSchema },
        summary: "Products by SKU (comma-separated, at most 60), priced at the resolved store",
        params: z.object({ skus: skuListSchema }),
        headers: productHeadersSchema,
        querystring: geoQuerySchema,
      },
    },
    async (req, reply) => {
      const store = await storeOf(req.headers, req.query);
      const key = `${store?.id ?? ""}|${req.params.skus.join(",")}`;
      const answer = await productCache.get(key, async () => {
        const loadedAt = Date.now(); // before the read: the answer is no fresher than this
        return {
          body: serializeAnswer(productListSchema, {
            products: await productsBySku(db, req.params.skus, store),
          }),
          loadedAt,
        };
      });
      // Public (priced by store hints, not by who asks) and as fresh as the cached read it comes from.
      if (caching) reply.publicUntil = answer.loadedAt + PRODUCT_CACHE_MS;
      return reply.type("application/json; charset=utf-8").send(preSerialized(answer.body));
    },
  );

  app.get(
    "/menu/product-name/:id",
    {
      config: { auth: "public", errors: { 404: "No product has that SKU (`product_not_found`)." } },
      schema: {
        operationId: "getProductName",
        tags,
        response: { 200: productNameSchema },
        summary: "A product's title and canonical url",
        params: z.object({ id: skuSchema }),
      },
    },
    async (req) => productName(db, req.params.id),
  );

  app.get(
    "/menu/product/:sku/prices",
    {
      config: { auth: "public", errors: { 404: "No product has that SKU (`product_not_found`)." } },
      schema: {
        operationId: "getProductPrices",
        tags,
        response: { 200: priceRangeSchema },
        summary: "Lowest and highest price (cents) across the stores that sell the product",
        params: z.object({ sku: skuSchema }),
      },
    },
    async (req) => productPrices(db, req.params.sku),
  );

  app.get(
    "/menu/brands",
    {
      config: { auth: "public" },
      schema: {
        operationId: "listBrands",
        tags,
        response: { 200: z.array(brandSchema) },
        summary: "Every brand with its product count, by name",
      },
    },
    async () => brandList(db),
  );

  app.post(
    "/menu/brands",
    {
      config: { auth: "public", csrf: false, errors: { 404: "No brand has that name (`brand_not_found`)." } },
      schema: {
        operationId: "getBrandPage",
        tags,
        response: { 200: brandPageSchema },
        summary: "A brand's page: the brand, its products at the resolved store, has_tobacco",
        querystring: geoQuerySchema.extend({
          name: z.string().trim().min(1).max(120),
          enabled: queryBoolean.default(true),
        }),
        headers: storeHeadersSchema.extend(acceptVersionSchema.shape),
      },
    },
    async (req) => brandPage(db, await storeOf(req.headers, req.query), req.query.name, req.query.enabled),
  );

  app.get(
    "/menu/gift-guide",
    {
      config: { auth: "public" },
      schema: {
        operationId: "getGiftGuide",
        tags,
        response: { 200: giftGuideSchema },
        summary:
          "The liquor gift guide: per price band (under $25, $25 to $50, $50 to $100, $100 and up), popular products with a gifting tag in stock at the store",
        headers: storeHeadersSchema,
        querystring: geoQuerySchema,
      },
    },
    async (req) => giftGuide(db, await storeOf(req.headers, req.query)),
  );
};
