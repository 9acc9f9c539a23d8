import type { FastifyRequest } from "fastify";
import { servingStores } from "./modules/catalogue/index.ts";
import { readAddressCookie } from "./modules/geo/index.ts";
import type { Db } from "./platform/db.ts";
import type { SharedShopper } from "./ssr.ts";

/** How long a shared page is served after its render (orders' stock moves show within it; console changes at once). */
export const SHARED_PAGE_MS = 5_000;

/**
 * After that, a page is still served for up to this long while one request renders it again: under a peak an
 * expiring page never sends its shoppers into the render queue at once. A shelf change forgets stale pages too.
 */
export const SHARED_PAGE_STALE_MS = 25_000;

/**
 * Who a page request's shopper is for the shared page cache (docs/adr/0042-shared-page-cache.md): the stores serving
 * their saved address — the part of the key that decides the shelf — and that address's position, which the shared
 * render asks the API with. Signed in or not: a shared page holds nobody's session; the browser fills it in. A
 * request with the apps' session header is not a browser's (null).
 */
export function sharedShopperFor(db: Db) {
  return async (req: FastifyRequest): Promise<SharedShopper | null> => {
    if (req.headers["x-user"] !== undefined) return null;
    const saved = readAddressCookie(req);
    if (!saved) return { stores: "default", position: null };
    const serving = await servingStores(db, saved);
    return {
      stores: serving ? `${serving.primary.id}:${serving.ids.join(",")}` : "none",
      position: { lat: saved.lat, lng: saved.lng },
    };
  };
}
