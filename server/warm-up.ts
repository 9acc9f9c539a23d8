import type { FastifyInstance } from "fastify";
import { productUrl } from "../domain/catalogue/product-url.ts";

/** Distinct pages rendered: each kind of page, and enough of them for the renderer's hot code to be compiled. */
const CATEGORY_PAGES = 12;
const PRODUCT_PAGES = 12;

/**
 * Renders a few pages in process before the instance listens (main.ts): the home page, category pages and product
 * pages, each a different page, so none is answered from the shared page cache. A fresh process compiles the
 * server bundle's code and opens its database connections on its first renders; without this, the first shoppers
 * a new instance gets pay for that (the soak measured category pages at up to 0.8 s in a fresh fleet's first
 * seconds, 0.05 s after; docs/adr/0040-fleet-behind-nginx.md). Pages that fail are skipped: warming is best
 * effort, and takes about a second.
 */
export async function warmUp(app: FastifyInstance): Promise<{ pages: number; ms: number }> {
  const started = performance.now();
  const get = (url: string) => app.inject({ method: "GET", url, headers: { accept: "text/html" } });
  const categories = await app.inject({ method: "GET", url: "/menu/categories" });
  const paths = ["/"];
  if (categories.statusCode === 200) {
    const tree = categories.json<{ url: string }[]>();
    paths.push(...tree.slice(0, CATEGORY_PAGES).map((c) => c.url));
  }
  const found = await app.inject({
    method: "POST",
    url: "/menu/search/v4",
    payload: { query: "wine", hitsPerPage: PRODUCT_PAGES },
  });
  if (found.statusCode === 200) {
    const { products } = found.json<{
      products: { sku_id: string; title: string; default_category: string }[];
    }>();
    paths.push(...products.map(productUrl));
  }
  let pages = 0;
  for (const path of paths) if ((await get(path)).statusCode === 200) pages++;
  return { pages, ms: Math.round(performance.now() - started) };
}
