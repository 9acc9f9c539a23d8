import { z } from "zod";
import { cents, describes } from "#server/openapi/answers.ts";
import type { PromoEntry } from "./service.ts";

/** The promos' answers (docs/adr/0056-api-contract.md). */

const promoEntrySchema = describes<PromoEntry>()(
  z.object({
    code: z.string(),
    value_type: z.enum(["percent", "fixed", "free_delivery", "credit"]),
    desc: z.string(),
    value: z.number().optional().describe("Percent for percent codes, else cents."),
    balance: cents().optional(),
  }),
);

export const promoListSchema = z.object({
  promos: z.array(promoEntrySchema),
  credit: cents().describe("Spendable store credit."),
});

export const promoAddedSchema = promoListSchema.extend({ promo: promoEntrySchema });
