import { z } from "zod";

export const checkoutHeaders = z.object({
  "x-platform": z.string().optional(),
  "x-user": z.string().optional(),
  "x-csrf-token": z.string().optional(),
});

const paymentToken = z
  .string()
  .min(3)
  .max(255)
  .regex(/^[A-Za-z][A-Za-z0-9_-]*$/, "must be the token the card page gave, not card details");

const savedCard = z.object({ type: z.literal("card"), cardId: z.string().min(1).max(100) });
const newCard = z.object({ type: z.literal("token"), token: paymentToken, save: z.boolean().optional() });

/** How the order is paid: a saved card, a new card's token (saved if asked), a wallet's token. */
export const paymentMethodSchema = z.discriminatedUnion("type", [
  savedCard,
  newCard,
  z.object({ type: z.literal("applePay"), token: paymentToken }),
  z.object({ type: z.literal("googlePay"), token: paymentToken }),
]);

/** A card for a charge after the order: a saved card, or a new card's token (saved if asked). */
export const cardChoiceSchema = z.discriminatedUnion("type", [savedCard, newCard]);

const text = (max: number) => z.string().trim().max(max);

/** POST /order/v3: spec §3 Checkout (isGift, giftRecipient, giftEmail, giftMobile, giftNote, giftOccasion, deliveryTime, deliveryDate, shippingOption, paymentMethod, id). */
export const placeOrderBody = z.object({
  id: z.string().min(8).max(120),
  paymentMethod: paymentMethodSchema.optional(),
  /** "asap", a slot's start (ISO instant, with deliveryDate), or "recipient" for a gift. */
  deliveryTime: z.string().max(40).default("asap"),
  deliveryDate: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, "must be a date like 2026-11-25")
    .optional(),
  shippingOption: z.string().min(1).max(40).optional(),
  /** The total the shopper was shown, in cents: a different total now (a change in another tab) is refused. */
  expectedTotal: z.number().int().min(0).max(100_000_000).optional(),
  tip: z
    .object({
      amount: z.number().int().min(0).max(100_000).optional(),
      percent: z.number().min(0).max(100).optional(),
    })
    .optional(),
  isGift: z.boolean().default(false),
  giftRecipient: text(80).optional(),
  giftEmail: text(254).optional(),
  giftMobile: text(30).optional(),
  giftNote: text(250).optional(),
  giftOccasion: text(40).optional(),
  address: z
    .object({
      unit: text(40).optional(),
      business_name: text(120).optional(),
      business_phone: text(30).optional(),
      type: z.enum(["Business", "Residential"]).default("Residential"),
    })
    .default({ type: "Residential" }),
  delivery_notes: text(500).optional(),
  recipient_note: text(250).optional(),
});

export type PlaceOrderBody = z.infer<typeof placeOrderBody>;

export const verify3dsQuery = z.object({ payment_intent_id: z.string().min(3).max(255) });

export const confirmationQuery = z.object({ checkout_id: z.string().min(8).max(120) });
