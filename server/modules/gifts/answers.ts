import { z } from "zod";
import type { GiftView } from "#domain/gifts/types.ts";
import { describes, instant } from "#server/openapi/answers.ts";

/** What a gift's recipient sees (docs/adr/0056-api-contract.md): no prices, nothing of the sender's but a name. */
export const giftViewSchema = describes<GiftView>()(
  z
    .object({
      order_id: z.string(),
      order_number: z.number().int(),
      state: z.enum(["open", "claimed", "expired", "cancelled", "arranged"]),
      from: z.string().describe("The sender's first name."),
      recipient: z.string(),
      note: z.string().nullable(),
      occasion: z.string().nullable(),
      recipient_note: z.string().nullable(),
      expires: instant().describe("When the link lapses."),
      claimed_at: instant().nullable(),
      store: z.object({ id: z.string(), name: z.string() }),
      products: z.array(
        z.object({
          sku_id: z.string(),
          title: z.string(),
          subtitle: z.string().nullable(),
          image: z.string(),
          qty: z.number().int(),
        }),
      ),
      delivery_address: z.object({
        address: z.string(),
        city: z.string(),
        state: z.string(),
        zip: z.string(),
        unit: z.string().nullable(),
        business_name: z.string().nullable(),
        type: z.enum(["Business", "Residential"]),
      }),
      scheduled: z
        .object({ date: z.string(), start: z.string(), end: z.string(), label: z.string() })
        .nullable()
        .describe("The slot, or null for as soon as possible or while not chosen."),
      eta: z.string().nullable(),
    })
    .meta({ id: "GiftView", description: "A gift as its recipient sees it from the link." }),
);
