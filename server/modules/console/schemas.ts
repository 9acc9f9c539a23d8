import { z } from "zod";
import { HANDOVER_REFUSALS } from "#domain/door/handover.ts";

export const orderParams = z.object({ id: z.string().min(1).max(100) });
export const queueQuery = z.object({
  store_id: z
    .string()
    .min(1)
    .max(100)
    .optional()
    .describe("Administrators: one store's orders (staff see their own)."),
  status: z
    .enum(["active", "done", "all"])
    .default("active")
    .describe(
      "active: still to handle (0, 1, 2, 4, 7); done: completed, cancelled, refunded (3, 5, 6); all.",
    ),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  skip: z.coerce.number().int().min(0).max(100_000).default(0),
});

const reason = z.string().trim().min(1).max(500).describe("Why, in words the shopper is shown.");
export const failBody = z.object({
  state: z
    .enum(["soft", "hard"])
    .describe("soft: the delivery can be tried again; hard: it will not be delivered (the money goes back)."),
  reason,
});
export const cancelBody = z.object({ reason });
export const refundBody = z.object({
  amount: z
    .number()
    .int()
    .min(1)
    .max(10_000_000)
    .optional()
    .describe("Cents to refund; all that is left of the order when absent."),
  reason,
});
export const positionBody = z.object({
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
});
export const doorCheckBody = z.object({
  barcode: z
    .string()
    .min(1)
    .max(4096)
    .describe("The PDF417 text of the licence's barcode, decoded in the driver's browser, as decoded."),
});
export const doorRefusalBody = z.object({
  reason: z
    .enum(HANDOVER_REFUSALS)
    .describe(
      "Why the order was not handed over. no_one_home fails it soft (the store may send it again); the others fail it hard: stock back, refunded less the store's return fee.",
    ),
});
export const complianceQuery = z.object({
  store_id: z.string().min(1).max(100).optional().describe("Administrators: the store (staff: their own)."),
  from: z.iso.datetime({ offset: true }).optional().describe("From this instant (inclusive)."),
  to: z.iso.datetime({ offset: true }).optional().describe("Up to this instant (exclusive)."),
});
export const emptyBody = z.object({}).optional();

export const dispatchBody = z
  .object({
    confirm: z
      .boolean()
      .optional()
      .describe(
        "Send it out although the timing rule asks for a word: a slot order more than an hour before its slot (`too_early_for_slot`) or the store closed (`store_closed`). The confirmation is audited.",
      ),
  })
  .optional();

export { proposeBody } from "../substitutions/index.ts";
