import { z } from "zod";

const text = (max: number) => z.string().trim().max(max);

/** The link's token: 24 random bytes, base64url (server/modules/checkout/settle.ts). */
export const giftToken = z
  .string()
  .min(16)
  .max(128)
  .regex(/^[\w-]+$/, "must be the token from the gift's link");

export const giftParams = z.object({ orderId: z.string().min(1).max(64) });

export const giftQuery = z.object({ token: giftToken });

/** PUT /order/gift/{orderId}: a slot (its date and start, as availability lists them) or the ETA, never both. */
export const claimGiftBody = z.object({
  token: giftToken,
  slot: z
    .object({
      date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "must be a date like 2026-11-25"),
      start: z.string().min(10).max(40),
    })
    .optional(),
  eta: z.boolean().optional(),
  notes: text(500).optional(),
  unit: text(40).optional(),
});
