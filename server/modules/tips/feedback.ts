import type { FastifyRequest } from "fastify";
import { checkFeedback, type Feedback, mayGiveFeedback } from "#domain/orders/after-order.ts";
import { AppError, badRequest } from "#server/errors.ts";
import { recordOrderEvent } from "../orders/index.ts";
import { requireUser } from "../sessions/index.ts";
import type { TipsContext } from "./context.ts";
import type { FeedbackBody } from "./schemas.ts";
import { ownOrder } from "./tip.ts";

/**
 * POST /order/feedback/{id} (spec §7): how the order went, once it has ended. One feedback per order: posting
 * again replaces it (the shopper changed their mind, or added a note), with an order_events row each time.
 */
export async function giveFeedback(
  ctx: TipsContext,
  req: FastifyRequest,
  id: string,
  body: FeedbackBody,
): Promise<Feedback & { id: string }> {
  const { userId } = requireUser(req);
  const order = await ownOrder(ctx, userId, id);
  const allowed = mayGiveFeedback(order.facts);
  if (!allowed.ok) throw new AppError(409, "feedback_not_allowed", allowed.message);
  const checked = checkFeedback({
    positive: body.positive,
    negative: body.negative,
    thumb: body.thumb ?? null,
    notes: body.notes ?? null,
  });
  if (!checked.ok) throw badRequest(checked.message, "invalid_feedback");
  const feedback = checked.value;
  await ctx.db.transaction().execute(async (tx) => {
    await tx
      .insertInto("order_feedback")
      .values({ order_id: order.id, user_id: userId, ...feedback })
      .onConflict((oc) => oc.column("order_id").doUpdateSet({ ...feedback, updated_at: ctx.now() }))
      .execute();
    await recordOrderEvent(tx, {
      order_id: order.id,
      type: "feedback",
      from_status: null,
      to_status: null,
      data: JSON.stringify({ thumb: feedback.thumb }),
      actor: `user:${userId}`,
    });
  });
  return { id: order.id, ...feedback };
}
