import { z } from "zod";
import { HANDOVER_REFUSALS } from "#domain/door/handover.ts";
import type { ConsoleOrder } from "#domain/orders/types.ts";
import { consoleOrderExample, productExample } from "#server/openapi/answer-examples.ts";
import { calendarDate, cents, describes, instant } from "#server/openapi/answers.ts";
import { orderSchema } from "../orders/index.ts";
import { substitutionUpdateSchema } from "../substitutions/index.ts";
import type {
  addStaffAccount,
  auditTrail,
  listMerchantAccounts,
  listPromos,
  listStaffAccounts,
  saveMerchant,
} from "./admin.ts";
import type { DoorCheckAnswer } from "./door.ts";
import type { DriverRuns, reportPosition } from "./driver.ts";
import type { consoleQueue } from "./order-view.ts";
import type { changeStock, listStock, StockRow } from "./stock.ts";
import type { listStores, storeSettings } from "./store-settings.ts";
import type { ConsoleTaxReport } from "./taxes.ts";

/** The store console's answers (docs/adr/0056-api-contract.md): orders, the driver view, shelf, terms, admin. */

/** A shelf row, for the document (server/openapi/answer-examples.ts has the others). */
const stockRowExample: StockRow = {
  sku_id: productExample.sku_id,
  title: productExample.title,
  volume_label: "750ml",
  package_qty: 1,
  image: productExample.image,
  price_cents: 2699,
  package_item_price_cents: null,
  stock: 36,
};

type Answer<F extends (...args: never[]) => unknown> = Awaited<ReturnType<F>>;

const latLng = z.object({ lat: z.number(), lng: z.number() });

export const consoleOrderSchema = describes<ConsoleOrder>()(
  orderSchema
    .extend({
      customer: z.object({
        firstname: z.string(),
        lastname: z.string(),
        email: z.string(),
        mobile: z.string().nullable(),
      }),
      money: z.object({
        total: cents().describe("Charged on the card for this order."),
        credit: cents(),
        captured: cents().describe("What this order put into the payment's capture (0 until captured)."),
        refunded: cents(),
        refundable: cents().describe("What staff may still refund on it."),
      }),
      substitutions: z
        .array(
          z.object({
            sku_id: z.string(),
            title: z.string(),
            quantity: z.number().int(),
            stock_level: z.number().int(),
            suggestions: z.array(z.string()),
            answer: substitutionUpdateSchema.nullable(),
            answered_at: instant().nullable(),
          }),
        )
        .describe("Lines the store found short, newest round first, with the answer once settled."),
      events: z.array(
        z.object({
          type: z.string(),
          from_status: z.number().int().nullable(),
          to_status: z.number().int().nullable(),
          actor: z.string(),
          data: z
            .looseObject({ reason: z.string().optional(), amount: cents().optional() })
            .describe("What the event carries (a reason, an amount, …)."),
          at: instant(),
        }),
      ),
    })
    .meta({
      id: "ConsoleOrder",
      description:
        "An order as the store console shows it: the order, its customer, its money (cents) and its events.",
      example: consoleOrderExample,
    }),
);

export const consoleQueueSchema = describes<Answer<typeof consoleQueue>>()(
  z.object({ orders: z.array(orderSchema) }),
);

export const driverRunsSchema = describes<DriverRuns & { simulator: boolean }>()(
  z.object({
    store: z
      .object({ id: z.string(), name: z.string(), address: z.string(), lat: z.number(), lng: z.number() })
      .nullable()
      .describe("The driver's store; null for an account without one."),
    ready: z.array(orderSchema).describe("The store's on-demand orders in progress, ready to go."),
    route: z
      .array(z.object({ order: orderSchema, position: latLng }))
      .describe("The driver's own orders on the way, in the order to visit them."),
    simulator: z.boolean().describe("Whether the development simulator may drive the route."),
  }),
);

export const driverPositionSchema = describes<Answer<typeof reportPosition>>()(
  z.object({ eta: z.string().describe('Display text, "12 min".'), tracking_state: z.string() }),
);

export const doorCheckSchema = describes<DoorCheckAnswer>()(
  z.discriminatedUnion("result", [
    z.object({
      result: z.literal("handed_over"),
      whose: z
        .enum(["account", "recipient"])
        .describe("Whose ID passed: the account holder's or the gift recipient's."),
      message: z.string(),
    }),
    z.object({
      result: z.literal("refused"),
      reason: z.enum(["under_age", "expired", "name_mismatch"]),
      suggested: z
        .enum(HANDOVER_REFUSALS)
        .describe("The refusal the driver's view offers first if nobody else shows a valid ID."),
      message: z.string().describe("What the driver reads."),
    }),
  ]),
);

// --- the shelf and the store's terms -----------------------------------------------------------------------------

const storeRefSchema = z.object({ id: z.string(), name: z.string() });

export const stockRowSchema = describes<StockRow>()(
  z
    .object({
      sku_id: z.string(),
      title: z.string(),
      volume_label: z.string().nullable(),
      package_qty: z.number().int(),
      image: z.string(),
      price_cents: cents(),
      package_item_price_cents: cents().nullable(),
      stock: z.number().int(),
    })
    .meta({
      id: "StockRow",
      description: "One product of a store's shelf (money in integer cents).",
      example: stockRowExample,
    }),
);

export const stockPageSchema = describes<Answer<typeof listStock>>()(
  z.object({
    store: storeRefSchema,
    items: z.array(stockRowSchema),
    total: z.number().int(),
    limit: z.number().int(),
    skip: z.number().int(),
  }),
);

export const stockChangeSchema = describes<Answer<typeof changeStock>>()(
  z.object({ store: storeRefSchema, item: stockRowSchema }),
);

export const storeSettingsSchema = describes<Answer<typeof storeSettings>>()(
  z
    .object({
      id: z.string(),
      name: z.string(),
      address: z.string(),
      city_code: z.string().nullable(),
      lat: z.number(),
      lng: z.number(),
      timezone: z.string(),
      is_shipping: z.boolean(),
      is_default: z.boolean(),
      min_order_cents: cents(),
      delivery_fee_cents: cents(),
      return_fee_cents: cents().describe("Kept of an order refused at the door."),
      eta_minutes: z.number().int(),
      hours: z
        .record(
          z.string(),
          z.array(z.tuple([z.string().describe("Opens, HH:MM."), z.string().describe("Closes, HH:MM.")])),
        )
        .describe('Opening windows by weekday in the store\'s time zone: { "mon": [["10:00","22:00"]] }.'),
      zone: z.unknown().describe("The delivery zone: a GeoJSON Polygon or MultiPolygon, or null."),
    })
    .meta({
      id: "StoreSettings",
      description: "A store's place, kind and terms, as the console edits them.",
    }),
);

export const storeListSchema = describes<Answer<typeof listStores>>()(
  z.object({ stores: z.array(storeSettingsSchema) }),
);

export const auditTrailSchema = describes<Answer<typeof auditTrail>>()(
  z.object({
    entries: z.array(
      z.object({
        id: z.number().int(),
        action: z.string().describe("What changed: stock.update, store.update, promo.create, …"),
        store_id: z.string().nullable(),
        order_id: z.string().nullable(),
        detail: z
          .looseObject({
            sku_id: z.string().optional(),
            fields: z.array(z.string()).optional(),
            code: z.string().optional(),
            email: z.string().optional(),
          })
          .describe("What the change was about (the SKU, the fields, the code, the email, …)."),
        before: z.unknown().describe("The changed fields before (null for something new)."),
        after: z.unknown().describe("The changed fields after."),
        created_at: instant(),
        actor: z.string().describe("The email of who made the change."),
      }),
    ),
  }),
);

// --- administrators ----------------------------------------------------------------------------------------------

export const adminPromoSchema = describes<Answer<typeof listPromos>["promos"][number]>()(
  z
    .object({
      code: z.string(),
      kind: z.enum(["percent", "fixed", "free_delivery", "credit"]),
      value: z.number().int().describe("A percent for percent promos, else cents."),
      description: z.string(),
      min_subtotal: cents(),
      max_discount: cents().nullable(),
      first_order_only: z.boolean(),
      starts_at: instant().nullable(),
      expires_at: instant().nullable(),
      max_uses: z.number().int().nullable(),
      max_uses_per_customer: z.number().int().nullable(),
      store_ids: z.array(z.string()).nullable(),
      tags: z.array(z.string()).nullable(),
      excluded_tags: z.array(z.string()),
      credit_valid_days: z.number().int().nullable(),
      funded_by: z.enum(["platform", "store"]).describe("Who pays for the discount."),
      active: z.boolean(),
      created_at: instant(),
    })
    .meta({ id: "AdminPromo", description: "A promo code as administrators manage it." }),
);

export const adminPromoListSchema = describes<Answer<typeof listPromos>>()(
  z.object({ promos: z.array(adminPromoSchema) }),
);

const staffAccountSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(["customer", "store_staff", "admin"]),
  store_id: z.string().nullable(),
});

export const staffListSchema = describes<Answer<typeof listStaffAccounts>>()(
  z.object({ staff: z.array(staffAccountSchema) }),
);

export const addedStaffSchema = describes<Answer<typeof addStaffAccount>>()(
  z.object({
    id: z.string(),
    email: z.string(),
    role: z.string(),
    storeId: z.string().nullable(),
    password: z.string().nullable().describe("The generated password of a new account, answered only once."),
  }),
);

export const merchantSchema = describes<Answer<typeof saveMerchant>>()(
  z
    .object({
      id: z.string(),
      name: z.string(),
      redirect_urls: z.array(z.string()),
      created_at: instant(),
    })
    .meta({ id: "Merchant", description: "A merchant registered for direct sign-on (/sos)." }),
);

export const merchantListSchema = describes<Answer<typeof listMerchantAccounts>>()(
  z.object({ merchants: z.array(merchantSchema) }),
);

/** Two Chicago orders of March: one delivered with $10.00 refunded, one cancelled (console/taxes.test.ts). */
const taxReportExample: ConsoleTaxReport = {
  store: { id: "chi-wacker", name: "Nightcap Wacker", time_zone: "America/Chicago" },
  period: { from: "2026-03-01", to: "2026-04-01", last_day: "2026-03-31" },
  rows: [
    {
      jurisdiction: "US-IL",
      jurisdiction_name: "Illinois",
      tax_type: "sales",
      orders: 2,
      charged: 424,
      refunded: 268,
      net: 156,
    },
    {
      jurisdiction: "US-IL-CHICAGO",
      jurisdiction_name: "City of Chicago",
      tax_type: "retail liquor",
      orders: 2,
      charged: 90,
      refunded: 57,
      net: 33,
    },
  ],
  total: { orders: 2, charged: 514, refunded: 325, net: 189 },
  orders: { delivered: 1, undelivered: 1, open: 0 },
  file_name: "nightcap-tax-nightcap-wacker-2026-03-01-to-2026-03-31.csv",
};

const taxFigures = {
  orders: z.number().int().describe("Orders of the period that charged this tax (for the total: any tax)."),
  charged: cents().describe("Tax the period's orders charged."),
  refunded: cents().describe(
    "What refunds made in the period gave back, of this period's orders or earlier ones (an order that ended undelivered gives back all).",
  ),
  net: cents().describe(
    "Charged less refunded: what is owed. Below zero when the period's refunds of earlier orders exceed its charges.",
  ),
};

export const consoleTaxReportSchema = describes<ConsoleTaxReport>()(
  z
    .object({
      store: z.object({ id: z.string(), name: z.string(), time_zone: z.string() }),
      period: z.object({
        from: calendarDate().describe("The first day, in the store's time zone."),
        to: calendarDate().describe("The day after the last (not included)."),
        last_day: calendarDate().describe("The last day included."),
      }),
      rows: z.array(
        z.object({
          jurisdiction: z.string().meta({ example: "US-IL-CHICAGO" }),
          jurisdiction_name: z.string().meta({ example: "City of Chicago" }),
          tax_type: z.string().meta({ example: "retail liquor" }),
          ...taxFigures,
        }),
      ),
      total: z.object(taxFigures),
      orders: z
        .object({
          delivered: z.number().int(),
          undelivered: z
            .number()
            .int()
            .describe("Cancelled, or failed for good: their tax is all given back."),
          open: z.number().int().describe("Not ended yet: their figures may still change."),
        })
        .describe("The period's orders by where they stand, taxed or not."),
      file_name: z.string().describe("The CSV download's file name."),
    })
    .meta({
      id: "ConsoleTaxReport",
      example: taxReportExample,
      description:
        "A store's tax of a period by jurisdiction and tax type: tax charged by the day each order was placed, tax refunded by the day each refund was made, in the store's time zone.",
    }),
);
