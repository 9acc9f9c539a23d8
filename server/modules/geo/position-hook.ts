import type { FastifyRequest, onRequestHookHandler } from "fastify";
import { isApiPath } from "../../api-paths.ts";
import { readAddressCookie } from "./address-cookie.ts";

/**
 * Requests carry the shopper's position as lat/lng headers (spec §7). A request that sends neither the
 * headers nor a lat/lng query (a page load, an older client) gets them from the saved address, so every
 * store-priced call sees the store that serves that address.
 */
export const positionFromAddressCookie: onRequestHookHandler = (req, _reply, done) => {
  applySavedPosition(req);
  done();
};

function applySavedPosition(req: FastifyRequest): void {
  if (!isApiPath(req.url)) return;
  if (
    req.headers.lat !== undefined ||
    req.headers.lng !== undefined ||
    req.headers["x-store-id"] !== undefined
  )
    return;
  const query = req.url.includes("?") ? new URLSearchParams(req.url.slice(req.url.indexOf("?") + 1)) : null;
  if (query?.has("lat") || query?.has("lng")) return;
  const saved = readAddressCookie(req);
  if (!saved) return;
  req.headers.lat = String(saved.lat);
  req.headers.lng = String(saved.lng);
}
