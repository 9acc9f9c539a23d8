import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { notFound } from "#server/errors.ts";
import { sessionHeaders as headers, requireUser } from "../sessions/index.ts";
import { markViewing, submitAnswers } from "./answer.ts";
import { substitutionReviewSchema } from "./answers.ts";
import type { SubstitutionsContext } from "./context.ts";
import { ORDER_NOT_FOUND, substitutionReview } from "./review.ts";
import { answerBody, orderParams } from "./schemas.ts";

const tags = ["substitutions"];
const notFoundNote =
  "No order of the user's has that id (`order_not_found`): another user's order, or a `user.objectId` not the signed-in user's, answers the same.";

/** Spec §7: the substitution review of one order, and PUT /order/substitution/{orderId}. */
export const substitutionRoutes: FastifyPluginAsyncZod<{ ctx: SubstitutionsContext }> = async (
  app,
  { ctx },
) => {
  app.get(
    "/order/substitution/:orderId",
    {
      config: { auth: "user", errors: { 404: notFoundNote } },
      schema: {
        operationId: "getSubstitutionReview",
        tags,
        response: { 200: substitutionReviewSchema },
        summary:
          "The order's short lines (sku_id, title, quantity, stock_level) with the store's suggested replacements, the review status and whether answers are still taken",
        headers,
        params: orderParams,
      },
    },
    async (req) => substitutionReview(ctx.db, requireUser(req).userId, req.params.orderId),
  );

  app.put(
    "/order/substitution/:orderId",
    {
      config: {
        auth: "user",
        errors: {
          404: notFoundNote,
          409: "Nothing to review (`no_substitutions`), already settled (`substitutions_answered`), or the order has left the store (`order_moved`).",
          422: "An answer cannot be applied (`substitution_refused`): `error.details` holds the message for each SKU it concerns (more than the shelf has, a replacement sold out or not sold here, choices costing more than the order).",
        },
      },
      schema: {
        operationId: "answerSubstitutions",
        tags,
        response: { 200: substitutionReviewSchema },
        summary:
          "Mark the review as being viewed ('Viewing'), or submit the answers ('Done'): per short line removed, kept and added; the order's lines and total are recomputed and the difference refunded",
        headers,
        params: orderParams,
        body: answerBody,
      },
    },
    async (req) => {
      const userId = requireUser(req).userId;
      const { user, status, products, save } = req.body;
      if (user.objectId !== userId) throw notFound(ORDER_NOT_FOUND, "order_not_found");
      if (status === "Viewing") return markViewing(ctx, userId, req.params.orderId);
      return submitAnswers(ctx, userId, req.params.orderId, save ? products : []);
    },
  );
};
