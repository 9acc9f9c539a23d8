import { z } from "zod";
import { NEGATIVE_TAGS, POSITIVE_TAGS } from "#domain/orders/after-order.ts";
import { cardChoiceSchema } from "../checkout/index.ts";

export const orderId = z.string().min(1).max(100);

/** POST /order/tip/ (spec §3 Tip: id, amount, rating). */
export const tipBody = z.object({
  id: orderId.describe("The order's id."),
  amount: z
    .number()
    .int()
    .min(0)
    .max(10_000_000)
    .describe(
      "The tip in cents added after delivery to the one chosen at checkout, charged at once as a payment of its own on the card chosen (`paymentMethod`). 0: no tip, the rating alone. The tips in all (checkout's and this) are at most the order's subtotal, but at least $100 and at most $500.",
    ),
  rating: z.number().int().min(1).max(5).nullish().describe("Stars for the delivery, 1 to 5."),
  paymentMethod: cardChoiceSchema
    .optional()
    .describe(
      "The card to charge: a saved card of the shopper's, or a new card's token from the provider's own page (saved first when `save`). Without it: the card the order was paid with if saved, else the primary card.",
    ),
});
export type TipBody = z.infer<typeof tipBody>;

/** The answer: the order's tip as it stands (spec §3 Tip), or the bank's challenge to pass first. */
export const tipAnswer = z.object({
  id: z.string(),
  status: z
    .enum(["succeeded", "requires_action"])
    .describe(
      "requires_action: the bank wants the shopper to authenticate at `redirect_url` first; they come back to /3dscb, which completes the tip with GET /order/tip/verify3DS.",
    ),
  amount: z.number().int().describe("Cents charged as a tip after delivery (0: none yet)."),
  rating: z.number().int().nullable(),
  charge: z.object({ brand: z.string(), last4: z.string() }).nullable(),
  redirect_url: z
    .string()
    .nullable()
    .describe("The provider's 3-D Secure page, while status is requires_action."),
  checkout_tip: z
    .number()
    .int()
    .describe("The tip chosen at checkout, in cents, part of the order's own payment."),
});

export const tipVerifyQuery = z.object({ payment_intent_id: z.string().min(3).max(255) });

/** PUT /order/checkout-tip/{id}: the tip chosen at checkout, changed before the payment is captured. */
export const checkoutTipBody = z.object({
  amount: z
    .number()
    .int()
    .min(0)
    .max(10_000_000)
    .describe(
      "The tip in cents, in place of the one chosen at checkout. Lower at any time before the capture; higher only as far as the card's hold covers.",
    ),
});

/** POST /order/feedback/{id} (spec §3 Feedback: positive, negative, notes, thumb). */
export const feedbackBody = z.object({
  positive: z
    .array(z.string().max(40))
    .max(POSITIVE_TAGS.length * 2)
    .default([])
    .describe(`What went well, from: ${POSITIVE_TAGS.join(", ")}.`),
  negative: z
    .array(z.string().max(40))
    .max(NEGATIVE_TAGS.length * 2)
    .default([])
    .describe(`What went wrong, from: ${NEGATIVE_TAGS.join(", ")}.`),
  thumb: z.enum(["up", "down"]).nullish(),
  notes: z.string().max(2000).nullish().describe("Plain text, at most 500 characters once trimmed."),
});
export type FeedbackBody = z.infer<typeof feedbackBody>;

export const feedbackAnswer = z.object({
  id: z.string(),
  positive: z.array(z.string()),
  negative: z.array(z.string()),
  thumb: z.enum(["up", "down"]).nullable(),
  notes: z.string().nullable(),
});
