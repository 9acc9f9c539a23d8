import { z } from "zod";
import { MAX_BATCH, MAX_PROPERTIES_BYTES, PAGE_VIEWED, TRACK_EVENTS } from "#domain/analytics/events.ts";
import { FUNNEL_STEPS, type FunnelDay, type FunnelStepKey } from "#domain/analytics/funnel.ts";
import { calendarDate, describes, instant } from "#server/openapi/answers.ts";

const propertyValue = z.union([z.string().max(500), z.number().finite(), z.boolean()]);

const properties = z
  .record(z.string().min(1).max(40), propertyValue)
  .refine((p) => Object.keys(p).length <= 20, "At most 20 properties.")
  .refine(
    (p) => Buffer.byteLength(JSON.stringify(p)) <= MAX_PROPERTIES_BYTES,
    `Properties take at most ${MAX_PROPERTIES_BYTES} bytes as JSON.`,
  )
  .optional()
  .describe(
    `Flat values (text up to 500 characters, numbers, booleans), at most 20 keys and ${MAX_PROPERTIES_BYTES} bytes.`,
  );

const timestamp = z
  .number()
  .describe(
    "When it happened, in milliseconds since 1970 (the client's clock); absent: when it arrived. More than a day old or ten minutes ahead of the server refuses the batch.",
  )
  .optional();

const path = z
  .string()
  .max(500)
  .regex(/^\//, "A path starts with /.")
  .describe("The page's path and query, as the browser shows it.");

const trackEvent = z.object({
  type: z.literal("track"),
  event: z
    .enum(TRACK_EVENTS)
    .describe("One of the named events (spec §8: 'Order Failed', §4: delivery-address-set…)."),
  properties,
  path: path.optional(),
  timestamp,
});

const pageView = z.object({
  type: z.literal("page"),
  path,
  properties,
  timestamp,
});

export const eventsBody = z.object({
  events: z
    .array(z.discriminatedUnion("type", [trackEvent, pageView]))
    .min(1)
    .max(MAX_BATCH)
    .describe(`Up to ${MAX_BATCH} events and page views (\`type: "page"\` is stored as '${PAGE_VIEWED}').`),
});

export type EventsBody = z.infer<typeof eventsBody>;

/** A search that found nothing, counted over a window (store.ts, zeroResultSearches). */
export interface ZeroResultSearch {
  query: string;
  searches: number;
  visitors: number;
  lastAt: string;
}

export const eventsAnswer = z.object({ accepted: z.number().int() });

export const consoleQuery = z.object({
  days: z.coerce
    .number()
    .int()
    .min(1)
    .max(90)
    .default(14)
    .describe("Days back from today (UTC), today included."),
});

/** GET /api/console/analytics (docs/adr/0056-api-contract.md). */
export const consoleAnalyticsAnswer = z.object({
  days: z.number().int().describe("The window, in UTC days up to today."),
  steps: z
    .array(
      z.object({
        key: z.enum(FUNNEL_STEPS.map((s) => s.key) as [FunnelStepKey, ...FunnelStepKey[]]),
        label: z.string(),
        event: z.string().describe("The analytics event that counts for the step."),
      }),
    )
    .describe("The funnel's steps, in order."),
  funnel: z.array(
    describes<FunnelDay>()(
      z.object({
        day: calendarDate(),
        counts: z.array(z.number().int()).describe("Distinct visitors per step, in the steps' order."),
        rates: z
          .array(z.number())
          .describe(
            "Each step's share of the step before it (the first: 1), 0 when the step before had nobody.",
          ),
      }),
    ),
  ),
  zeroResultSearches: z.array(
    describes<ZeroResultSearch>()(
      z.object({
        query: z.string(),
        searches: z.number().int(),
        visitors: z.number().int(),
        lastAt: instant(),
      }),
    ),
  ),
});
