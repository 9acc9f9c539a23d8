import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Config } from "#server/config.ts";
import type { Db } from "#server/platform/db.ts";
import type { RateLimiter } from "#server/platform/rate-limit.ts";
import { clientIp } from "#server/platform/trusted-proxy.ts";
import { countAndLimit } from "#server/route-limits.ts";
import { productListSchema, resolveStore, servingStores, storeHintsOf } from "../catalogue/index.ts";
import { PROMO_LIMITS } from "../promos/index.ts";
import { cartSchema, shippingAnswerSchema, syncedCartSchema } from "./answers.ts";
import {
  addItems,
  chooseShipping,
  readCart,
  removeItems,
  type Serving,
  shippingOf,
  syncCart,
  updateItems,
} from "./cart-service.ts";
import { choosePromo } from "./checkout-choices.ts";
import { ownerForRead, ownerForWrite } from "./owner.ts";
import { checkoutRecommendations } from "./recommendations.ts";
import {
  addBody,
  cartHeaders,
  cartQuery,
  deleteBody,
  promoBody,
  recommendationBody,
  shippingBody,
  syncBody,
  updateBody,
} from "./schemas.ts";

const tags = ["cart"];

/**
 * The stores serving the request's delivery position (lat/lng headers, or the address cookie's through the
 * position hook); null when the request does not say where it delivers to. `state`: the position's state when
 * known (`req.deliveryState`, set by the geo module's position hook when the position is the saved address's).
 */
export async function servingOf(
  db: Db,
  headers: { lat?: number; lng?: number },
  state: string | null = null,
  postalCode: string | null = null,
): Promise<Serving> {
  if (headers.lat === undefined || headers.lng === undefined) return null;
  return servingStores(db, { lat: headers.lat, lng: headers.lng }, state, postalCode);
}

/** The cart calls of spec §7 (base path /menu/). Every answer is the Cart entity, computed on the server. */
export const cartRoutes: FastifyPluginAsyncZod<{
  db: Db;
  config: Config;
  limiter: RateLimiter;
  now?: () => Date;
}> = async (app, { db, config, limiter, now = () => new Date() }) => {
  app.get(
    "/menu/cart/v2",
    {
      config: { auth: "optional" },
      schema: {
        operationId: "getCart",
        tags,
        response: { 200: cartSchema },
        summary: "The shopper's cart (tipAmount in cents or tipPercent add a tip to the totals)",
        headers: cartHeaders,
        querystring: cartQuery,
      },
    },
    async (req) =>
      readCart(db, ownerForRead(req), await servingOf(db, req.headers, req.deliveryState, req.deliveryZip), {
        amount: req.query.tipAmount,
        percent: req.query.tipPercent,
      }),
  );

  app.post(
    "/menu/cart/v2",
    {
      config: {
        auth: "optional",
        errors: {
          404: "No product has that SKU (`product_not_found`).",
          409: "The item is from a second store and x-multi-store is not true (`split_cart_required`).",
        },
      },
      schema: {
        operationId: "addCartItems",
        tags,
        response: { 200: cartSchema },
        summary:
          "Add items (merged when SKU, store and all three engraving lines match); a second store needs x-multi-store: true",
        headers: cartHeaders,
        body: addBody,
      },
    },
    async (req, reply) =>
      addItems(
        db,
        ownerForWrite(req, reply, config),
        req.body,
        req.headers["x-multi-store"] === true,
        await servingOf(db, req.headers, req.deliveryState, req.deliveryZip),
      ),
  );

  app.patch(
    "/menu/cart/v2",
    {
      config: { auth: "optional", errors: { 404: "No line of the cart matches (`cart_item_not_found`)." } },
      schema: {
        operationId: "updateCartItems",
        tags,
        response: { 200: cartSchema },
        summary: "Set quantities of lines named by cart_id (or sku + store_id)",
        headers: cartHeaders,
        body: updateBody,
      },
    },
    async (req, reply) =>
      updateItems(
        db,
        ownerForWrite(req, reply, config),
        req.body,
        await servingOf(db, req.headers, req.deliveryState, req.deliveryZip),
      ),
  );

  app.delete(
    "/menu/cart/v2",
    {
      config: { auth: "optional" },
      schema: {
        operationId: "removeCartItems",
        tags,
        response: { 200: cartSchema },
        summary: "Remove lines by ids, or every line of the given skus",
        headers: cartHeaders,
        body: deleteBody,
      },
    },
    async (req, reply) =>
      removeItems(
        db,
        ownerForWrite(req, reply, config),
        req.body,
        await servingOf(db, req.headers, req.deliveryState, req.deliveryZip),
      ),
  );

  app.post(
    "/menu/cart/sync/v2",
    {
      config: { auth: "optional" },
      schema: {
        operationId: "syncCart",
        tags,
        response: { 200: syncedCartSchema },
        summary:
          "Merge the client's lines and bring the cart in line with current shelves; lists what changed",
        headers: cartHeaders,
        body: syncBody,
      },
    },
    async (req, reply) =>
      syncCart(
        db,
        ownerForWrite(req, reply, config),
        req.body?.skus ?? [],
        req.headers["x-multi-store"] === true,
        await servingOf(db, req.headers, req.deliveryState, req.deliveryZip),
      ),
  );

  app.post(
    "/menu/cart/promo/v2",
    {
      config: {
        auth: "optional",
        rateLimits: [PROMO_LIMITS.codesOwner, PROMO_LIMITS.codesIp],
        errors: {
          400: "The code does not apply to this cart or this shopper now (`promo_not_applicable`, `expired`, `first_order_only`…), in the shopper's words.",
          401: "Credit, or a code that needs an account, asked for by a visitor (`login_required`).",
          404: "No such code (`promo_not_found`).",
        },
      },
      schema: {
        operationId: "applyCartPromo",
        tags,
        response: { 200: cartSchema },
        summary:
          "Apply a promo code ({code}), remove it ({code: null}) or use store credit ({credit}: true, cents, or false); answers the cart",
        headers: cartHeaders,
        body: promoBody,
      },
    },
    async (req, reply) => {
      const owner = ownerForWrite(req, reply, config);
      if ("code" in req.body && req.body.code !== null) {
        await countAndLimit(
          limiter,
          [
            [PROMO_LIMITS.codesOwner, owner],
            [PROMO_LIMITS.codesIp, clientIp(req)],
          ],
          reply,
        );
      }
      return choosePromo(
        db,
        owner,
        await servingOf(db, req.headers, req.deliveryState, req.deliveryZip),
        req.body,
        now(),
      );
    },
  );

  app.get(
    "/menu/cart/shipping/v2",
    {
      config: { auth: "optional" },
      schema: {
        operationId: "getShippingOptions",
        tags,
        response: { 200: shippingAnswerSchema },
        summary: "Shipping options for the shipped part of the cart (first selected when none is)",
        headers: cartHeaders,
      },
    },
    async (req) =>
      shippingOf(db, ownerForRead(req), await servingOf(db, req.headers, req.deliveryState, req.deliveryZip)),
  );

  app.post(
    "/menu/cart/shipping/v2",
    {
      config: { auth: "optional" },
      schema: {
        operationId: "chooseShipping",
        tags,
        response: { 200: cartSchema },
        summary: "Choose a shipping option by name",
        headers: cartHeaders,
        body: shippingBody,
      },
    },
    async (req, reply) =>
      chooseShipping(
        db,
        ownerForWrite(req, reply, config),
        req.body.shipping_name,
        await servingOf(db, req.headers, req.deliveryState, req.deliveryZip),
      ),
  );

  app.post(
    "/menu/recommendation/checkout",
    {
      config: { auth: "optional" },
      schema: {
        operationId: "getCheckoutRecommendations",
        tags,
        response: { 200: productListSchema },
        summary: "Products to suggest at checkout for these SKUs; kept as the cart's recommendations",
        headers: cartHeaders,
        body: recommendationBody,
      },
    },
    async (req) => {
      const store = await resolveStore(db, storeHintsOf(req.headers));
      return checkoutRecommendations(db, ownerForRead(req), req.body.skus, store);
    },
  );
};
