import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError } from "#server/errors.ts";
import { ORDER_NOT_FOUND, ordersWhere } from "../orders/index.ts";
import { sessionHeadersWithCsrf as headers, requireUser } from "../sessions/index.ts";
import {
  checkoutConfirmationSchema,
  giftQuoteSchema,
  placeOrderAnswerSchema,
  webhookAnswerSchema,
} from "./answers.ts";
import { checkoutConfirmation } from "./confirmation.ts";
import type { CheckoutAnswer, CheckoutContext, PlacingContext } from "./context.ts";
import { quoteGift } from "./gift-address.ts";
import { SETTLE_PAYMENT } from "./jobs.ts";
import { placeOrder } from "./place-order.ts";
import { confirmationQuery, giftQuoteBody, placeOrderBody, verify3dsQuery } from "./schemas.ts";
import { settleByIntent } from "./settle.ts";

const tags = ["checkout"];

/** A checkout's answer as the API gives it: the orders placed, where to verify, or the failure as an error. */
async function answer(ctx: CheckoutContext, userId: string, result: CheckoutAnswer) {
  if (result.status === "failed")
    throw new AppError(result.error.http, result.error.code, result.error.message);
  if (result.status === "requires_action") return result;
  return {
    ...result,
    orders: result.orders ?? (await ordersWhere(ctx.db, { userId, ids: result.order_ids })),
  };
}

/** Spec §7: POST /order/v3, GET /order/verify3DS; the provider's webhook. */
export const checkoutRoutes: FastifyPluginAsyncZod<{ ctx: PlacingContext }> = async (app, { ctx }) => {
  app.post(
    "/order/v3",
    {
      config: {
        auth: "user",
        errors: {
          400: "Something the order needs is missing or not possible (`cart_empty`, `minimum_not_met`, `address_required`, `delivery_unavailable`, a time the law forbids for a line of the order `delivery_not_allowed` with the law's reason, `invalid_gift`, `payment_method_required`, a gift's address not found `address_not_found`, a shipping option the gift is not offered `unknown_shipping_option`…), in the shopper's words; or the checkout id is not the caller's user id, `_` and a timestamp (`invalid_checkout_id`).",
          402: "The card provider declined the payment, in its own words (`card_declined`, `insufficient_funds`…); nothing is charged or kept.",
          403: "The account holder is under 21 (`under_age`), or the cart has nicotine or tobacco and no ID check holds through the delivery date (`age_verification_required`): verify with POST /menu/cart/verify first.",
          404: "The saved card is not the user's (`card_not_found`).",
          409: "The cart, a price, stock, the promo or credit changed (`cart_changed`, `price_changed`, `out_of_stock`, `promo_used_up`, `credit_changed`), or this checkout id is being placed right now (`checkout_in_progress`); or nothing in the cart may go to the address (`cart_unavailable`, saying why: not sold or out of stock there, a dry area where alcohol is not delivered, a state we may not ship the class to).",
          422: "This checkout id was used with other details (`checkout_id_reused`): make a new one. Or no store delivers or ships to the gift's address (`gift_address_not_served`). Or a store's part is over a state's cap on a class per order (`legal_limit_exceeded`, naming the cap and what the part holds: wine shipped to the District, 9 litres).",
          502: "The card provider did not answer (`payment_provider_unavailable`), or the address lookup service for a gift's address (`geocoder_unavailable`); nothing is charged.",
        },
      },
      schema: {
        operationId: "placeOrder",
        tags,
        response: { 200: placeOrderAnswerSchema },
        summary:
          "Place the cart as orders (one per store, one payment). `id` is the user id, `_` and a timestamp (base 36, or decimal milliseconds): the same id again answers the same outcome. A gift with `giftAddress` goes to the recipient's address: priced, checked and reserved at the stores serving it (see POST /order/gift-quote); the sender's own address and cart stay as they are. Answers the orders, or where to pass 3-D Secure",
        headers,
        body: placeOrderBody,
      },
    },
    async (req) => answer(ctx, requireUser(req).userId, await placeOrder(ctx, req, req.body)),
  );

  app.post(
    "/order/gift-quote",
    {
      config: {
        auth: "user",
        errors: {
          400: "The address cannot be found (`address_not_found`), the cart is empty (`cart_empty`), or the shipping option is not offered there (`unknown_shipping_option`).",
          422: "No store delivers or ships to the address (`gift_address_not_served`), in the sender's words.",
          502: "The address lookup service did not answer (`geocoder_unavailable`).",
          503: "A store's availability could not be read (`availability_failed`).",
        },
      },
      schema: {
        operationId: "quoteGift",
        tags,
        response: { 200: giftQuoteSchema },
        summary:
          "Before paying for a gift to its recipient's address: who brings it there (delivered by the stores whose zones hold it, or shipped), the cart priced at those stores with what they lack, and when they can deliver. Nothing is written; the sender's own address and cart stay as they are. Place it with the same address in POST /order/v3 `giftAddress`",
        headers,
        body: giftQuoteBody,
      },
    },
    async (req) => quoteGift(ctx, req, req.body),
  );

  app.get(
    "/order/verify3DS",
    {
      config: {
        auth: "user",
        errors: {
          402: "3-D Secure failed or the card was then declined, in the provider's words; nothing is charged or kept.",
          404: "No payment of the user's has that id (`payment_not_found`).",
        },
      },
      schema: {
        operationId: "verify3DS",
        tags,
        response: { 200: placeOrderAnswerSchema },
        summary: "After the 3-D Secure challenge (/3dscb): the checkout's outcome, read from the provider",
        headers,
        querystring: verify3dsQuery,
      },
    },
    async (req) => {
      const { userId } = requireUser(req);
      const payment = await ctx.db
        .selectFrom("payments")
        .select("id")
        .where("provider_intent_id", "=", req.query.payment_intent_id)
        .where("user_id", "=", userId)
        .where("purpose", "=", "checkout")
        .executeTakeFirst();
      if (!payment) throw new AppError(404, "payment_not_found", ORDER_NOT_FOUND);
      const intent = await ctx.provider.retrieve(req.query.payment_intent_id);
      return answer(ctx, userId, await settleByIntent(ctx, payment.id, intent));
    },
  );

  app.get(
    "/order/confirmation",
    {
      config: {
        auth: "user",
        errors: {
          404: "No placed checkout of the user's has that id (`checkout_not_found`): another user's, a declined one or one still waiting for 3-D Secure answers the same.",
        },
      },
      schema: {
        operationId: "getCheckoutConfirmation",
        tags,
        response: { 200: checkoutConfirmationSchema },
        summary:
          "A placed checkout's confirmation: every order it placed (a split cart has one per store) with its store, items, time and total, and the sum paid",
        headers,
        querystring: confirmationQuery,
      },
    },
    async (req) => checkoutConfirmation(ctx.db, requireUser(req).userId, req.query.checkout_id),
  );

  await app.register(async (webhooks) => {
    // The signature is over the raw body.
    webhooks.addContentTypeParser("application/json", { parseAs: "buffer" }, (_req, body, done) =>
      done(null, body),
    );
    webhooks.post(
      "/order/webhooks/payments",
      {
        config: {
          auth: "public",
          csrf: false,
          errors: { 400: "The signature does not hold (`invalid_signature`)." },
        },
        schema: {
          operationId: "receivePaymentWebhook",
          tags,
          response: { 200: webhookAnswerSchema },
          summary:
            "The payment provider's signed events (Stripe): each payment named is re-read and its checkout settled",
          headers: z.object({ "stripe-signature": z.string().max(2000).optional() }),
        },
      },
      async (req) => {
        let notice: ReturnType<typeof ctx.provider.parseNotice>;
        try {
          notice = ctx.provider.parseNotice(req.body as Buffer, req.headers);
        } catch {
          throw new AppError(400, "invalid_signature", "The webhook signature does not hold.");
        }
        if (notice) {
          // One job per event id: a provider's retry of the same event settles once.
          await ctx.jobs.send(
            SETTLE_PAYMENT,
            { intentId: notice.intentId },
            { singletonKey: notice.eventId },
          );
        }
        return { received: true };
      },
    );
  });
};
