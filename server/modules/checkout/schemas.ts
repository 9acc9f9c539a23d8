import { z } from "zod";
import { ADDRESS_MAX_LENGTH } from "#domain/geo/address.ts";
import { GIFT_ADDRESS_MESSAGES } from "#domain/gifts/address.ts";

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

/** A gift's recipient's address, as the sender types it (docs/adr/0053-gift-to-the-recipients-address.md). */
export const giftAddressSchema = z
  .object({
    address: z
      .string()
      .trim()
      .min(3, "must be a street address, city and state, or ZIP code")
      .max(ADDRESS_MAX_LENGTH, `must be at most ${ADDRESS_MAX_LENGTH} characters`)
      .describe("The recipient's street address, city and state, or ZIP code, as typed"),
    unit: text(40).optional().describe("The recipient's apartment, suite or floor"),
  })
  .describe(
    "Where a gift goes when it is not the sender's own delivery address: the cart is priced, checked and reserved at the store(s) serving it, or shipped when no zone holds it",
  );

const tipSchema = z
  .object({
    amount: z.number().int().min(0).max(100_000).optional(),
    percent: z.number().min(0).max(100).optional(),
  })
  .optional();

const shippingOptionSchema = z.string().min(1).max(40);

/** POST /order/v3: spec §3 Checkout (isGift, giftRecipient, giftEmail, giftMobile, giftNote, giftOccasion, deliveryTime, deliveryDate, shippingOption, paymentMethod, id). */
export const placeOrderBody = z
  .object({
    id: z
      .string()
      .min(8)
      .max(120)
      .describe(
        "The checkout id (spec §7: the user id plus a timestamp): the caller's user id, `_`, and a timestamp, in base 36 (the storefront: `Date.now().toString(36)`) or as milliseconds in decimal (13 digits: `Date.now()`). Made once when checkout opens and sent again with every try: the same id answers the same outcome; another user's id is refused (400 `invalid_checkout_id`).",
      ),
    paymentMethod: paymentMethodSchema.optional(),
    /** "asap", a slot's start (ISO instant, with deliveryDate), or "recipient" for a gift. */
    deliveryTime: z.string().max(40).default("asap"),
    deliveryDate: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, "must be a date like 2026-11-25")
      .optional(),
    shippingOption: shippingOptionSchema.optional(),
    /** The total the shopper was shown, in cents: a different total now (a change in another tab) is refused. */
    expectedTotal: z.number().int().min(0).max(100_000_000).optional(),
    tip: tipSchema,
    isGift: z.boolean().default(false),
    giftAddress: giftAddressSchema.optional(),
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
  })
  .refine((b) => b.isGift || !b.giftAddress, {
    message: GIFT_ADDRESS_MESSAGES.onlyForGifts,
    path: ["giftAddress"],
  });

export type PlaceOrderBody = z.infer<typeof placeOrderBody>;

/** POST /order/gift-quote: the cart as it would go to the recipient's address, before paying. */
export const giftQuoteBody = giftAddressSchema.extend({
  tip: tipSchema,
  /** The shipping option to price a shipped gift with; the cart's own (or the first offered) without it. */
  shippingOption: shippingOptionSchema.optional(),
});

export type GiftQuoteBody = z.infer<typeof giftQuoteBody>;

export const verify3dsQuery = z.object({ payment_intent_id: z.string().min(3).max(255) });

export const confirmationQuery = z.object({ checkout_id: z.string().min(8).max(120) });
