import type { FastifyRequest, onRequestHookHandler } from "fastify";
import { isApiPath } from "#server/api-paths.ts";
import { readAddressCookie } from "./address-cookie.ts";

declare module "fastify" {
  interface FastifyRequest {
    /**
     * The delivery position's state (USPS code) when the position is the saved address's; null when the request's
     * position is another (a lat/lng of its own) or there is none. The cart reads the shipping laws by it.
     */
    deliveryState: string | null;
    /** The saved address's ZIP, under the same rule as `deliveryState`. */
    deliveryZip: string | null;
  }
}

/**
 * Requests carry the shopper's position as lat/lng headers (spec §7). A request that sends neither the
 * headers nor a lat/lng query (a page load, an older client) gets them from the saved address, so every
 * store-priced call sees the store that serves that address. Either way, when the position is the saved address's,
 * its state goes with it (`req.deliveryState`).
 */
export const positionFromAddressCookie: onRequestHookHandler = (req, _reply, done) => {
  applySavedPosition(req);
  done();
};

function applySavedPosition(req: FastifyRequest): void {
  req.deliveryState = null;
  req.deliveryZip = null;
  if (!isApiPath(req.url)) return;
  const saved = readAddressCookie(req);
  if (!saved) return;
  if (req.headers.lat !== undefined || req.headers.lng !== undefined) {
    // The client's own position: the saved address's state holds only when it is the saved address's position.
    if (Number(req.headers.lat) === saved.lat && Number(req.headers.lng) === saved.lng) {
      req.deliveryState = saved.state;
      req.deliveryZip = saved.zip;
    }
    return;
  }
  if (req.headers["x-store-id"] !== undefined) return;
  const query = req.url.includes("?") ? new URLSearchParams(req.url.slice(req.url.indexOf("?") + 1)) : null;
  if (query?.has("lat") || query?.has("lng")) return;
  req.headers.lat = String(saved.lat);
  req.headers.lng = String(saved.lng);
  req.deliveryState = saved.state;
  req.deliveryZip = saved.zip;
}
