import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { isSku } from "../../../domain/catalogue/sku.ts";
import { notFound } from "../../errors.ts";
import type { ModuleDeps } from "../index.ts";
import { findCategoryArt, findProductArt } from "./repository.ts";
import { categorySvg, productSvg } from "./svg.ts";

const SVG_HEADERS = {
  "content-type": "image/svg+xml; charset=utf-8",
  "cache-control": "public, max-age=86400",
};

const fileParams = z.object({ file: z.string().min(5).max(120).describe("{sku}.svg or {url_name}.svg") });

/** Generated SVG images of products and categories (`products.image` points here). */
export async function imageRoutes(app: FastifyInstance, { db }: ModuleDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/images/products/:file",
    {
      config: { auth: "public", errors: { 404: "No product has that SKU." } },
      schema: {
        operationId: "getProductImage",
        params: fileParams,
        tags: ["images"],
        summary: "Product image (SVG), by SKU",
      },
    },
    async (req, reply) => {
      const sku = req.params.file.endsWith(".svg") ? req.params.file.slice(0, -4) : "";
      const product = isSku(sku) ? await findProductArt(db, sku) : undefined;
      if (!product) throw notFound("Product Not Found");
      const svg = productSvg({
        title: product.title,
        brand: product.brand_name,
        tags: product.tags,
        volumeLabel: product.volume_label,
        volumeMl: product.volume_ml,
        packageQty: product.package_qty,
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
