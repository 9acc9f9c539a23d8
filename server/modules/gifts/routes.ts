import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { availabilitySchema } from "../geo/index.ts";
import { giftViewSchema } from "./answers.ts";
import type { GiftsContext } from "./context.ts";
import { claimGiftBody, giftParams, giftQuery } from "./schemas.ts";
import { claimGift, giftAvailability, readGift } from "./service.ts";

const tags = ["gifts"];

const NOT_FOUND = "No gift has that order id, or the token is not its link's (`gift_not_found`).";

/**
 * The gift claim (spec §2 /giftclaim/{orderId}, §4, §7 "delivery availability" and "updating a gift order"): the
 * link's unguessable token is the key, so these calls need no account (docs/adr/0027-gift-claim.md).
 */
export const giftRoutes: FastifyPluginAsyncZod<{ ctx: GiftsContext }> = async (app, { ctx }) => {
  app.get(
    "/order/gift/:orderId",
    {
      config: { auth: "public", errors: { 404: NOT_FOUND } },
      schema: {
        operationId: "getGiftOrder",
        response: { 200: giftViewSchema },
        tags,
        summary:
          "A gift as its recipient sees it from the link: from, note, occasion, items, store, address, expiry, and its state (open, claimed, expired, cancelled, or arranged by the sender)",
        params: giftParams,
        querystring: giftQuery,
      },
    },
    async (req, reply) => {
      reply.header("cache-control", "no-store");
      return readGift(ctx, req.params.orderId, req.query.token);
    },
  );

  app.get(
    "/order/gift/:orderId/availability",
    {
      config: {
        auth: "public",
        errors: {
          404: NOT_FOUND,
          409: "The gift was claimed already (`gift_claimed`) or its sender chose the time (`gift_arranged`).",
          410: "The gift expired unclaimed (`gift_expired`) or was cancelled (`gift_cancelled`).",
          503: "The store's availability could not be read (`availability_failed`): 'Something went wrong. Please go back and try again.'",
        },
      },
      schema: {
        operationId: "getGiftAvailability",
        response: { 200: availabilitySchema },
        tags,
        summary:
          "Delivery availability of the gift's store for its address, cut to the gift's life: no date after the expiry, no slot ending after it, the ETA only if it lands before it",
        params: giftParams,
        querystring: giftQuery,
      },
    },
    async (req, reply) => {
      reply.header("cache-control", "no-store");
      return giftAvailability(ctx, req.params.orderId, req.query.token);
    },
  );

  app.put(
    "/order/gift/:orderId",
    {
      config: {
        auth: "public",
        errors: {
          400: "Neither or both of a slot and the ETA (`gift_choice_required`).",
          404: NOT_FOUND,
          409: "Claimed already, by this or another request at the same moment (`gift_claimed`); its sender chose the time (`gift_arranged`); the slot or the ETA is no longer available (`delivery_unavailable`), or the law forbids delivering the gift's lines then (`delivery_not_allowed`, with the law's reason).",
          410: "The gift expired unclaimed (`gift_expired`) or was cancelled (`gift_cancelled`).",
          503: "The store's availability could not be read (`availability_failed`).",
        },
      },
      schema: {
        operationId: "updateGiftOrder",
        response: { 200: giftViewSchema },
        tags,
        summary:
          "Claim a gift with the link's token: a slot (date and start from its availability) or the ETA (as soon as possible), notes and a unit. An ETA sends the order to the store now (status 0); a slot keeps it scheduled (7) for that slot. The sender is emailed",
        params: giftParams,
        body: claimGiftBody,
      },
    },
    async (req) => claimGift(ctx, req.params.orderId, req.body),
  );
};
