import { z } from "zod";
import { calendarDate, cents, describes, instant } from "#server/openapi/answers.ts";
import { storeIdSchema } from "../catalogue/index.ts";
import type { PayoutAnswer, StatementAnswer, StatementsOverview } from "./views.ts";

const storeId = storeIdSchema.describe("Administrators: the store (staff read their own).");

export const storeQuery = z.object({ store_id: storeId.optional() });
export const dayQuery = z.object({
  store_id: storeId.optional(),
  date: z.string().max(10).describe("The day, YYYY-MM-DD in the store's time zone."),
});
export const statementParams = z.object({
  id: z
    .string()
    .min(1)
    .max(80)
    .describe("A closed statement's id, or `current` for the week now (open: its figures may still change)."),
});
export const termsBody = z.object({
  store_id: storeIdSchema.describe("The store."),
  commission_ppm: z
    .number()
    .int()
    .min(0)
    .max(1_000_000)
    .describe("The commission on goods sold, in parts per million (15% is 150000)."),
  commission_per_order: z
    .number()
    .int()
    .min(0)
    .max(100_000)
    .describe("The commission per order captured, in cents."),
});
export const closeBody = z.object({
  store_id: storeIdSchema.describe("The store whose ended weeks close now."),
});
export const accountBody = z.object({ store_id: storeId.optional() });

const period = z.object({
  from: calendarDate().describe("The first day, in the store's time zone."),
  to: calendarDate().describe("The last day (included)."),
  label: z.string().meta({ example: "Mon, Nov 23 – Sun, Nov 29, 2026" }),
});

const store = z.object({ id: z.string(), name: z.string(), time_zone: z.string() });

export const payoutSchema = describes<PayoutAnswer>()(
  z
    .object({
      status: z
        .enum(["pending", "paid", "nothing_due", "failed"])
        .describe(
          "pending: not paid yet (being paid, or waiting for the store's payout account); nothing_due: the statement owed nothing.",
        ),
      amount: cents(),
      provider: z.string().meta({ example: "sandbox" }),
      reference: z.string().nullable().describe("The provider's transfer id."),
      failure: z.string().nullable(),
      paid_at: instant().nullable(),
    })
    .meta({ id: "StatementPayout" }),
);

export const statementSchema = describes<StatementAnswer>()(
  z
    .object({
      store,
      id: z.string().nullable().describe("The closed statement's id; null for an open week or a day."),
      kind: z.enum(["week", "day"]),
      status: z.enum(["open", "closed"]),
      period,
      closed_at: instant().nullable(),
      terms: z.object({
        commission_ppm: z.number().int(),
        commission_per_order: cents(),
        processing_ppm: z.number().int(),
        processing_fixed: cents(),
      }),
      lines: z.array(
        z.object({
          key: z.string().meta({ example: "promos:store" }),
          category: z.string().meta({ example: "promos" }),
          label: z.string().meta({ example: "Promos funded by the store" }),
          cents: cents(),
          funded_by: z.enum(["platform", "store"]).nullable(),
          reason: z.string().nullable().meta({ example: "missing_item" }),
          kept_by: z.enum(["store", "platform", "driver"]).nullable(),
          orders: z
            .array(
              z.object({ order_id: z.string(), order_number: z.number().int().nullable(), cents: cents() }),
            )
            .describe("The orders behind the figure with each one's share; the shares add up to it."),
        }),
      ),
      net_payable: cents().describe("What the store is owed (negative: what it owes)."),
      orders: z.number().int().describe("Orders with money in the period."),
      late_events: z
        .number()
        .int()
        .describe("Refunds and charges of a closed week recorded after it closed, carried into this one."),
      payout: payoutSchema.nullable(),
    })
    .meta({
      id: "Statement",
      description:
        "A store's statement: what it sold and is owed over a week (Monday to Sunday in its time zone) or a day, each figure with the orders behind it.",
    }),
);

export const statementsOverviewSchema = describes<StatementsOverview>()(
  z
    .object({
      store,
      current: statementSchema,
      past: z.array(
        z.object({
          id: z.string(),
          period,
          net_payable: cents(),
          closed_at: instant(),
          payout: payoutSchema.nullable(),
        }),
      ),
      terms: z.object({
        commission_ppm: z.number().int(),
        commission_per_order: cents(),
        default: z.boolean().describe("No commission was set for the store: the platform's default applies."),
      }),
      payout_account: z.object({
        provider: z.string().meta({ example: "sandbox" }),
        account_id: z
          .string()
          .nullable()
          .describe("The store's account at the payout provider, once set up."),
      }),
    })
    .meta({ id: "StatementsOverview" }),
);

export const closedSchema = z.object({ closed: z.array(z.string()).describe("The statements closed now.") });
export const onboardingSchema = z.object({
  account_id: z.string(),
  url: z
    .string()
    .nullable()
    .describe(
      "Where the store's staff finish setting up the account at the provider; null when nothing is left to do.",
    ),
});
