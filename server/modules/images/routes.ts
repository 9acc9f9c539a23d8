import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { isSku } from "#domain/catalogue/sku.ts";
import type { Config } from "#server/config.ts";
import { notFound } from "#server/errors.ts";
import { textAnswer } from "#server/openapi/answers.ts";
import type { Db } from "#server/platform/db.ts";
import { createTtlCache } from "#server/platform/ttl-cache.ts";
import { findCategoryArt, findProductArt } from "./repository.ts";
import { categorySvg, productSvg } from "./svg.ts";

const SVG_HEADERS = {
  "content-type": "image/svg+xml; charset=utf-8",
  "cache-control": "public, max-age=86400",
};

const fileParams = z.object({ file: z.string().min(5).max(120).describe("{sku}.svg or {url_name}.svg") });

/**
 * Product images are kept this long once drawn: a product page's largest paint is its image, which should not
 * wait behind the database queries of page renders (docs/adr/0045-critical-css.md), as a static image would not.
 * Browsers keep them a day (SVG_HEADERS); a renamed product's new art shows within this time here.
 */
export const PRODUCT_IMAGE_CACHE_MS = 10 * 60_000;

/** Generated SVG images of products and categories (`products.image` points here). */
export async function imageRoutes(
  app: FastifyInstance,
  deps: { db: Db; config: Config; caching?: boolean },
): Promise<void> {
  const { db } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  // About 2 kB each; off in tests (as the other answer caches), which rename products and read them back.
  const caching = deps.caching ?? deps.config.env !== "test";
  const productImages = createTtlCache<string>(caching ? PRODUCT_IMAGE_CACHE_MS : 0, 5_000);

  r.get(
    "/images/products/:file",
    {
      config: { auth: "public", errors: { 404: "No product has that SKU." } },
      schema: {
        operationId: "getProductImage",
        params: fileParams,
        tags: ["images"],
        summary: "Product image (SVG), by SKU",
        response: { 200: textAnswer("image/svg+xml", "The product's image.") },
      },
    },
    async (req, reply) => {
      const sku = req.params.file.endsWith(".svg") ? req.params.file.slice(0, -4) : "";
      if (!isSku(sku)) throw notFound("Product Not Found");
      // A SKU with no product is not kept (a failed load is forgotten): a product added later shows at once.
      const svg = await productImages.get(sku, async () => {
        const product = await findProductArt(db, sku);
        if (!product) throw notFound("Product Not Found");
        return productSvg({
          title: product.title,
          brand: product.brand_name,
          tags: product.tags,
          volumeLabel: product.volume_label,
          volumeMl: product.volume_ml,
          packageQty: product.package_qty,
        });
      });
      return reply.headers(SVG_HEADERS).send(svg);
    },
  );

  r.get(
    "/images/categories/:file",
    {
      config: { auth: "public", errors: { 404: "No category has that url_name." } },
      schema: {
        operationId: "getCategoryImage",
        params: fileParams,
        tags: ["images"],
        summary: "Category image (SVG), by url_name",
        response: { 200: textAnswer("image/svg+xml", "The category's image.") },
      },
    },
    async (req, reply) => {
      const urlName = req.params.file.endsWith(".svg") ? req.params.file.slice(0, -4) : "";
      const category = urlName ? await findCategoryArt(db, urlName) : undefined;
      if (!category) throw notFound("Category Not Found");
      const svg = categorySvg({
        urlName: category.url_name,
        name: category.name,
        tags: category.product_tags,
      });
      return reply.headers(SVG_HEADERS).send(svg);
    },
  );
}
