import { z } from "zod";
import { NEGATIVE_TAGS, POSITIVE_TAGS } from "../../../domain/orders/after-order.ts";

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
      "The tip in cents, charged at once on the card the order was paid with (if saved) or the primary card. 0: no tip, the rating alone. At most the order's subtotal, but at least $100 and at most $500.",
    ),
  rating: z.number().int().min(1).max(5).nullish().describe("Stars for the delivery, 1 to 5."),
});
export type TipBody = z.infer<typeof tipBody>;

/** The answer: the order's tip as it stands (spec §3 Tip). */
export const tipAnswer = z.object({
  id: z.string(),
  amount: z.number().int().describe("Cents charged as a tip after delivery (0: none)."),
  rating: z.number().int().nullable(),
  charge: z.object({ brand: z.string(), last4: z.string() }).nullable(),
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
