import { z } from "zod";
import { REDEEM_MAX_STEPS, REDEEM_STEP_CENTS, REDEEM_STEP_POINTS } from "#domain/loyalty/programme.ts";
import { describes, instant } from "#server/openapi/answers.ts";
import type { Giveaway } from "./giveaway.ts";

export const redeemBody = z.object({
  steps: z
    .number()
    .int()
    .min(1)
    .max(REDEEM_MAX_STEPS)
    .describe(
      `Steps of ${REDEEM_STEP_POINTS} points, each becoming ${REDEEM_STEP_CENTS} cents of store credit (1 to ${REDEEM_MAX_STEPS}).`,
    ),
});

export const customerQuery = z.object({
  email: z.string().trim().min(3).max(254).describe("The customer's email (as they signed up)."),
});

export const userParams = z.object({ id: z.string().min(1).max(100) });

export const adjustBody = z.object({
  points: z
    .number()
    .int()
    .min(-100_000)
    .max(100_000)
    .refine((n) => n !== 0, "Adjust by at least one point.")
    .describe("Points to add (positive) or take (negative); never below a balance of 0."),
  reason: z.string().trim().min(3).max(300).describe("Why, kept in the ledger with the staff member's id."),
});

/** A time as ISO 8601 (stored as the instant it names); years outside 1970–9999 are refused. */
const isoDate = z
  .string()
  .max(40)
  .refine((s) => {
    const t = Date.parse(s);
    return !Number.isNaN(t) && t >= 0 && t < Date.UTC(10000, 0, 1);
  }, "Not a date.")
  .transform((s) => new Date(s).toISOString())
  .nullable();

const multiplier = z
  .union([z.number(), z.string().max(40)])
  .transform((v) => String(v))
  .describe(
    "Entries per qualifying completed order, as typed: anything but a finite number above 0 leaves the giveaway inactive with multiplier 50 (spec §5).",
  );

export const giveawayBody = z.object({
  title: z.string().trim().min(3).max(120),
  rules: z.string().trim().min(1).max(20_000).describe("The official rules, shown on /sweepstakes-rules."),
  active: z.boolean(),
  entriesMultiplier: multiplier,
  startsAt: isoDate.default(null),
  endsAt: isoDate.default(null),
});

export const giveawayPatch = z.object({
  title: z.string().trim().min(3).max(120).optional(),
  rules: z.string().trim().min(1).max(20_000).optional(),
  active: z.boolean().optional(),
  entriesMultiplier: multiplier.optional(),
  startsAt: isoDate.optional(),
  endsAt: isoDate.optional(),
});

export const drawBody = z.object({
  publishedValue: z
    .string()
    .trim()
    .min(3)
    .max(200)
    .describe(
      "A value published after entries closed (e.g. a lottery's numbers with their date): the seed is sha256 of the giveaway id and it.",
    ),
});

const tierSchema = z.object({
  name: z.string(),
  points: z.number().int().describe("Lifetime points from which the tier holds."),
  multiplier: z.number().describe("Multiplies the points an order earns."),
  freeDelivery: z.boolean(),
  benefits: z.array(z.string()),
});

/** The Loyalty entity (spec §3) as GET /me and GET /me/loyalty answer it. */
export const loyaltySchema = z
  .object({
    currentPoints: z.number().int().describe("Points to spend now: the sum of the ledger."),
    currentStatus: z.string().describe("The tier held, by lifetime points (redeeming never lowers it)."),
    nextStatus: z.string().nullable().describe("The next tier; null at the top."),
    statusTiers: z.array(tierSchema),
    completedActions: z
      .array(z.string())
      .describe("One-off actions awarded (first_order, completed_profile, …)."),
    uncompletedActions: z.array(z.string()),
    performableActions: z.array(z.string()).describe("Actions not done that the shopper can do now."),
    programTitle: z.string(),
    programDescription: z.string(),
    lifetimePoints: z.number().int(),
    pointsToNextStatus: z.number().int(),
    progressPercent: z.number().int().min(0).max(100),
    redeemStep: z.object({ points: z.number().int(), cents: z.number().int() }),
  })
  .describe("The loyalty programme as the shopper stands in it (spec §3 Loyalty).");

export const giveawayConfigSchema = z.object({
  isActive: z.boolean(),
  entriesMultiplier: z.number().describe("A finite number above 0; 50 when the configured one is not."),
  giveaway: z
    .object({
      id: z.string(),
      title: z.string(),
      rules: z.string(),
      startsAt: z.string().nullable(),
      endsAt: z.string().nullable(),
    })
    .nullable()
    .describe("The giveaway running now, else the latest switched on; null when none."),
});

export const loyaltyAnswer = z.object({
  loyalty: loyaltySchema,
  history: z.array(
    z.object({
      id: z.number().int(),
      kind: z.enum(["earned", "reversed", "redeemed", "expired", "adjusted", "action"]),
      points: z.number().int().describe("Signed."),
      reason: z.string(),
      orderId: z.string().nullable(),
      action: z.string().nullable(),
      staffId: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
  giveaway: giveawayConfigSchema.extend({
    entries: z.array(
      z.object({
        giveawayId: z.string(),
        title: z.string(),
        entries: z.number().int().describe("Net entries (reversed ones taken off)."),
        orders: z.number().int(),
      }),
    ),
  }),
});

export const redeemAnswer = z.object({
  points: z.number().int().describe("Points spent."),
  cents: z.number().int().describe("Store credit granted."),
  balance: z.number().int().describe("Points left."),
});

// --- the console (docs/adr/0056-api-contract.md) -------------------------------------------------------------------

export const consoleLoyaltyCustomerAnswer = z.object({
  customer: z.object({ id: z.string(), email: z.string(), firstname: z.string(), lastname: z.string() }),
  loyalty: loyaltySchema,
  history: loyaltyAnswer.shape.history,
  adjustAllowance: z
    .object({
      perAdjustment: z.number().int().describe("Points staff may add or take at a time."),
      perDay: z.number().int().describe("Points staff may add in any 24 hours."),
      leftToday: z.number().int(),
    })
    .nullable()
    .describe("What the staff member may still adjust; null for an administrator (unbounded)."),
});

export const adjustAnswer = z.object({
  balance: z.number().int().describe("The customer's points after it."),
});

const giveawaySchema = describes<Giveaway>()(
  z
    .object({
      id: z.string(),
      title: z.string(),
      rules: z.string(),
      active: z.boolean(),
      entriesMultiplier: z.string().describe("As the administrator typed it; the configuration reads it."),
      startsAt: instant().nullable(),
      endsAt: instant().nullable(),
      running: z.boolean().describe("Switched on, within its dates, its multiplier usable."),
      config: z.object({ isActive: z.boolean(), entriesMultiplier: z.number() }),
      draw: z
        .object({
          publishedValue: z.string(),
          seed: z.string(),
          totalEntries: z.number().int(),
          ticket: z.number().int(),
          winnerId: z.string(),
          winnerName: z.string(),
          drawnBy: z.string(),
          drawnAt: instant(),
        })
        .nullable(),
      updatedAt: instant(),
    })
    .meta({ id: "Giveaway", description: "A giveaway as administrators manage it (docs/adr/0033)." }),
);

export const giveawayListAnswer = z.object({ giveaways: z.array(giveawaySchema) });
export const giveawayAnswer = z.object({ giveaway: giveawaySchema });
