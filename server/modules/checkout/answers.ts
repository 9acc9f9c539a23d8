import { z } from "zod";
import type { CheckoutConfirmation, GiftQuote, PlaceOrderAnswer } from "#domain/checkout/types.ts";
import { cents, describes } from "#server/openapi/answers.ts";
import { cartRelocationSchema, cartSchema } from "../cart/index.ts";
import { availabilitySchema } from "../geo/index.ts";
import { orderSchema } from "../orders/index.ts";

/** Checkout's answers (docs/adr/0056-api-contract.md), from domain/checkout/types.ts. */

export const placeOrderAnswerSchema = describes<PlaceOrderAnswer>()(
  z
    .discriminatedUnion("status", [
      z.object({
        status: z.literal("succeeded"),
        checkout_id: z.string(),
        order_ids: z.array(z.string()),
        orders: z.array(orderSchema).describe("One order per store, under one payment."),
      }),
      z.object({
        status: z.literal("requires_action"),
        checkout_id: z.string(),
        payment_intent_id: z.string(),
        redirect_url: z
          .string()
          .describe("The bank's 3-D Secure page; it comes back to GET /order/verify3DS."),
      }),
    ])
    .meta({ id: "PlaceOrderAnswer", description: "The orders placed, or where to pass 3-D Secure first." }),
);

export const giftQuoteSchema = describes<GiftQuote>()(
  z.object({
    address: z.object({
      address: z.string(),
      city: z.string(),
      state: z.string(),
      zip: z.string(),
      unit: z.string().nullable(),
      lat: z.number(),
      lng: z.number(),
    }),
    delivery: z.enum(["delivered", "shipped"]),
    stores: z.array(z.object({ id: z.string(), name: z.string() })),
    message: z.string(),
    moved: cartRelocationSchema.nullable(),
    cart: cartSchema,
    availability: availabilitySchema.nullable(),
  }),
);

export const checkoutConfirmationSchema = describes<CheckoutConfirmation>()(
  z.object({
    checkout_id: z.string(),
    orders: z.array(orderSchema),
    total: cents().describe("What the orders are charged together."),
    charge: z.object({ brand: z.string().nullable(), last4: z.string().nullable(), method: z.string() }),
  }),
);

export const webhookAnswerSchema = z.object({ received: z.literal(true) });
