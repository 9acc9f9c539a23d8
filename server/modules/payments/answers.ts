import { z } from "zod";
import type { PaymentConfig, SavedCard } from "#domain/payments/types.ts";
import { savedCardExample } from "#server/openapi/answer-examples.ts";
import { describes, instant } from "#server/openapi/answers.ts";

/** The payments' answers (docs/adr/0056-api-contract.md), from domain/payments/types.ts. */

export const savedCardSchema = describes<SavedCard>()(
  z
    .object({
      id: z.string(),
      brand: z.string(),
      last4: z.string(),
      exp_month: z.number().int(),
      exp_year: z.number().int(),
      country: z.string().nullable(),
      is_primary: z.boolean(),
      created_at: instant(),
    })
    .meta({
      id: "SavedCard",
      description: "A saved card (spec §3 Card): never its number.",
      example: savedCardExample,
    }),
);

export const savedCardsSchema = z.array(savedCardSchema);

const sharedConfig = {
  walletMethods: z
    .array(
      z.object({
        wallet: z.enum(["applePay", "googlePay"]),
        supportedMethods: z.string(),
        data: z.record(z.string(), z.unknown()),
      }),
    )
    .describe("The Payment Request methods this provider takes for each wallet it offers."),
  defaults: z.object({ country: z.string(), currency: z.string(), language: z.string() }),
  wallets: z.array(z.enum(["applePay", "googlePay"])).readonly(),
};

export const paymentConfigSchema = describes<PaymentConfig>()(
  z.discriminatedUnion("provider", [
    z.object({
      provider: z.literal("sandbox"),
      cardFrameUrl: z.string(),
      walletTokenUrl: z.string(),
      applePaySessionUrl: z.string(),
      ...sharedConfig,
    }),
    z.object({ provider: z.literal("stripe"), publishableKey: z.string(), ...sharedConfig }),
  ]),
);
