import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { orderSchema } from "../orders/index.ts";
import { sessionHeaders as headers } from "../sessions/index.ts";
import type { TipsContext } from "./context.ts";
import { giveFeedback } from "./feedback.ts";
import {
  checkoutTipBody,
  feedbackAnswer,
  feedbackBody,
  orderId,
  tipAnswer,
  tipBody,
  tipVerifyQuery,
} from "./schemas.ts";
import { changeCheckoutTip, tipOrder, verifyTip3DS } from "./tip.ts";

const tags = ["orders"];
const notFoundNote =
  "No order of the user's has that id (`order_not_found`): another user's order answers the same.";

/** Spec §7: POST /order/tip/ {id, amount, rating}; POST /order/feedback/{id} {positive, negative, thumb, notes}. */
export const tipRoutes: FastifyPluginAsyncZod<{ ctx: TipsContext }> = async (app, { ctx }) => {
  app.post(
    "/order/tip/",
    {
      config: {
        auth: "user",
        errors: {
          400: "The tip or rating is not possible (`invalid_tip`): a negative or fractional amount, more than the cap (counting the checkout's tip), a rating outside 1–5, or neither a tip nor a rating.",
          402: "The card provider declined the tip or would not take the new card, in its own words (`card_declined`…); nothing is charged.",
          404: `${notFoundNote} Or the card chosen is not the user's (\`card_not_found\`).`,
          409: "The order is not delivered yet, was not delivered, or is shipped (`tip_not_allowed`); a different tip was already given (`tip_already_given`); this tip is going through right now (`charge_in_progress`); or there is no saved card to charge (`no_card`).",
          502: "The card provider did not answer (`payment_provider_unavailable`); trying again carries the same charge on, never a second one.",
        },
      },
      schema: {
        operationId: "tipOrder",
        tags,
        summary:
          "Tip and rate a delivered order: a tip added to the checkout's, charged as a payment of its own on the card chosen (else the order's saved card, else the primary one); answers the bank's 3-D Secure challenge when it asks for one. One tip per order: the same tip again answers it as it stands",
        headers,
        body: tipBody,
        response: { 200: tipAnswer },
      },
    },
    async (req) => tipOrder(ctx, req, req.body),
  );

  app.get(
    "/order/tip/verify3DS",
    {
      config: {
        auth: "user",
        errors: {
          402: "3-D Secure failed or the card was then declined, in the provider's words (`payment_failed`…); nothing is charged.",
          404: "No tip payment of the user's has that id (`payment_not_found`).",
          409: "Another attempt at this tip is going through (`charge_in_progress`).",
          502: "The card provider did not answer (`payment_provider_unavailable`); asking again carries the same charge on.",
        },
      },
      schema: {
        operationId: "verifyTip3DS",
        tags,
        summary:
          "After the bank's 3-D Secure challenge for a tip (/3dscb?tip=): the tip's charge read from the provider and completed, once",
        headers,
        querystring: tipVerifyQuery,
        response: { 200: tipAnswer },
      },
    },
    async (req) => verifyTip3DS(ctx, req, req.query.payment_intent_id),
  );

  app.put(
    "/order/checkout-tip/:id",
    {
      config: {
        auth: "user",
        errors: {
          400: "The amount is more than the cap for this order (`invalid_tip`).",
          404: notFoundNote,
          409: "The tip can no longer change (`tip_not_changeable`): the order's payment was captured, the order is shipped, did not go ahead or was paid without a card, or the card's hold does not cover that much.",
        },
      },
      schema: {
        operationId: "changeCheckoutTip",
        response: { 200: orderSchema },
        tags,
        summary:
          "Change the tip chosen at checkout while the order's payment is not yet captured (lower it, or raise it as far as the card's hold covers). Answers the order",
        headers,
        params: z.object({ id: orderId }),
        body: checkoutTipBody,
      },
    },
    async (req) => changeCheckoutTip(ctx, req, req.params.id, req.body.amount),
  );

  app.post(
    "/order/feedback/:id",
    {
      config: {
        auth: "user",
        errors: {
          400: "A chip outside the lists, notes over 500 characters, or nothing at all (`invalid_feedback`).",
          404: notFoundNote,
          409: "The order has not ended yet (`feedback_not_allowed`).",
        },
      },
      schema: {
        operationId: "giveOrderFeedback",
        tags,
        summary:
          "How an ended order went: chips of what went well and wrong, a thumb, notes. Posting again replaces it",
        headers,
        params: z.object({ id: orderId }),
        body: feedbackBody,
        response: { 200: feedbackAnswer },
      },
    },
    async (req) => giveFeedback(ctx, req, req.params.id, req.body),
  );
};
