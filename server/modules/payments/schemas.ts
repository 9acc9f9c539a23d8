import { z } from "zod";

/** A provider token (sandbox tok_…, Stripe pm_…): letters, digits, _ and -. Never a card number. */
export const cardTokenBody = z.object({
  token: z
    .string()
    .min(3)
    .max(255)
    .regex(/^[A-Za-z][A-Za-z0-9_-]*$/, "must be the token the card page gave, not card details"),
});

export const cardIdBody = z.object({ cardId: z.string().min(1).max(100) });
