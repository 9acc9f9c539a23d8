import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { TipsContext } from "./context.ts";
import { giveFeedback } from "./feedback.ts";
import { feedbackAnswer, feedbackBody, orderId, tipAnswer, tipBody } from "./schemas.ts";
import { tipOrder } from "./tip.ts";

const tags = ["orders"];
const headers = z.object({ "x-platform": z.string().optional(), "x-user": z.string().optional() });
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
          400: "The tip or rating is not possible (`invalid_tip`): a negative or fractional amount, more than the cap, a rating outside 1–5, or neither a tip nor a rating.",
          402: "The card provider declined the tip, in its own words (`card_declined`…), or the bank wants a check that cannot be done here (`authentication_required`); nothing is charged.",
          404: notFoundNote,
          409: "The order is not delivered yet, was not delivered, or is shipped (`tip_not_allowed`); a different tip was already given (`tip_already_given`); this tip is going through right now (`charge_in_progress`); or there is no saved card to charge (`no_card`).",
          502: "The card provider did not answer (`payment_provider_unavailable`); trying again carries the same charge on, never a second one.",
        },
      },
      schema: {
        operationId: "tipOrder",
        tags,
        summary:
          "Tip and rate a delivered order: a new charge on the card it was paid with (if saved) or the primary card. One tip per order: the same tip again answers it as it stands",
        headers,
        body: tipBody,
        response: { 200: tipAnswer },
      },
    },
    async (req) => tipOrder(ctx, req, req.body),
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
