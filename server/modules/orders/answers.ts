import { z } from "zod";
import { ORDER_STATUS, SHIPPING_STATUS } from "#domain/orders/status.ts";
import { SUBSTITUTION_STATUS } from "#domain/orders/substitution.ts";
import type { Order } from "#domain/orders/types.ts";
import { orderExample } from "#server/openapi/answer-examples.ts";
import { cents, describes, instant } from "#server/openapi/answers.ts";
import { lineItemSchema } from "../cart/index.ts";
import type { activeOrders, OrderStatusAnswer, orderHistory } from "./order-view.ts";

/** The orders' answers (docs/adr/0056-api-contract.md): the Order entity of spec §3, from domain/orders/types.ts. */

/** An order's status answer, for the document (server/openapi/answer-examples.ts has the others). */
const orderStatusExample: OrderStatusAnswer = {
  _id: "1f2edac0-daad-40e7-9d54-8b18d952e5a7",
  order_status: 0,
  shipping_status: null,
  eta: "25 min",
  driver: null,
  tracking_state: null,
  failed_status: null,
  active: true,
  substitution_status: null,
};

const values = <T>(o: Record<string, T>) => Object.values(o) as [T, ...T[]];

export const orderStatusSchema = z
  .literal(values(ORDER_STATUS))
  .describe(
    "-1 awaiting payment, 0 placed, 1 in progress, 2 en route, 3 completed, 4 failed, 5 cancelled, 6 refunded, 7 scheduled.",
  );
export const shippingStatusSchema = z.enum(values(SHIPPING_STATUS));
export const substitutionStatusSchema = z.enum(values(SUBSTITUTION_STATUS));
const failedStatusSchema = z
  .object({
    state: z.enum(["soft", "hard"]),
    reason: z.string(),
    return_fee: cents()
      .optional()
      .describe("Refused at the door: the store's return fee kept of the charge (the rest is refunded)."),
  })
  .nullable();
const driverSchema = z.object({ name: z.string(), phone: z.string().nullable() }).nullable();
const storeSchema = z.object({ id: z.string(), name: z.string() });
const scheduledSchema = z
  .union([
    z.object({ date: z.string(), start: z.string(), end: z.string(), label: z.string() }),
    z.object({ byRecipient: z.literal(true) }),
  ])
  .nullable()
  .describe("The delivery slot chosen, { byRecipient: true } for a gift whose recipient picks it, or null.");

export const orderSchema = describes<Order>()(
  z
    .object({
      _id: z.string(),
      order_number: z.number().int(),
      checkout_id: z.string(),
      order_status: orderStatusSchema,
      shipping: z.boolean(),
      shipping_status: shippingStatusSchema.nullable(),
      failed_status: failedStatusSchema,
      eta: z.string().nullable().describe('Display text: "30–45 min", a slot\'s label, or null.'),
      driver: driverSchema,
      tracking_state: z.string().nullable(),
      store: storeSchema,
      products: z.array(
        z.object({
          sku_id: z.string(),
          title: z.string(),
          subtitle: z.string().nullable(),
          image: z.string(),
          url: z.string(),
          qty: z.number().int(),
          price: cents(),
          subtotal: cents(),
          engraving: z.object({ line_1: z.string(), line_2: z.string(), line_3: z.string() }).nullable(),
          substitution_preference: z.string(),
        }),
      ),
      subtotal: cents(),
      total: cents(),
      charge: z.object({ brand: z.string().nullable(), last4: z.string().nullable(), method: z.string() }),
      line_items: z.array(lineItemSchema),
      taxes: z
        .array(z.object({ title: z.string(), display: z.string(), value: cents() }))
        .describe(
          "The order's tax by jurisdiction and tax type (their sum is the line item 'Tax'), less what refunds gave back.",
        ),
      delivery_address_detail: z.object({
        address: z.string(),
        city: z.string(),
        state: z.string(),
        zip: z.string(),
        lat: z.number(),
        lng: z.number(),
        unit: z.string().nullable(),
        business_name: z.string().nullable(),
        business_phone: z.string().nullable(),
        type: z.enum(["Business", "Residential"]),
      }),
      delivery_notes: z.string().nullable(),
      recipient_note: z.string().nullable(),
      scheduled: scheduledSchema,
      gift_info: z
        .object({
          recipient: z.string(),
          email: z.string().nullable(),
          mobile: z.string().nullable(),
          note: z.string().nullable(),
          occasion: z.string().nullable(),
          expires: instant(),
        })
        .nullable(),
      promo_code: z.string().nullable(),
      round_up: z.object({ amount: cents(), organization_id: z.string().nullable() }).nullable(),
      substitution_status: substitutionStatusSchema.nullable(),
      tip: z.object({ id: z.string(), amount: cents(), rating: z.number().int().nullable() }).nullable(),
      tip_total: cents(),
      checkout_tip: z.object({ amount: cents(), changeable: z.boolean() }),
      feedback: z
        .object({
          positive: z.array(z.string()),
          negative: z.array(z.string()),
          thumb: z.enum(["up", "down"]).nullable(),
          notes: z.string().nullable(),
        })
        .nullable(),
      active: z.boolean().describe("Spec §4: the active-order rule."),
      created_at: instant(),
    })
    .meta({
      id: "Order",
      description: "An order (spec §3 Order); money in integer cents.",
      example: orderExample,
    }),
);

export const orderHistorySchema = describes<Awaited<ReturnType<typeof orderHistory>>>()(
  z.object({ count: z.number().int(), orders: z.array(orderSchema) }),
);

export const orderStatusAnswerSchema = describes<OrderStatusAnswer>()(
  z
    .object({
      _id: z.string(),
      order_status: orderStatusSchema,
      shipping_status: shippingStatusSchema.nullable(),
      eta: z.string().nullable(),
      driver: driverSchema,
      tracking_state: z.string().nullable(),
      failed_status: failedStatusSchema,
      active: z.boolean(),
      substitution_status: substitutionStatusSchema.nullable(),
    })
    .meta({
      id: "OrderStatus",
      description: "Where an order is; the live tracking stream sends the same.",
      example: orderStatusExample,
    }),
);

export const activeOrdersSchema = describes<Awaited<ReturnType<typeof activeOrders>>>()(
  z.object({
    active: z.boolean(),
    orders: z.array(
      z.object({
        _id: z.string(),
        order_number: z.number().int(),
        order_status: orderStatusSchema,
        shipping: z.boolean(),
        shipping_status: shippingStatusSchema.nullable(),
        failed_status: failedStatusSchema,
        scheduled: scheduledSchema,
        eta: z.string().nullable(),
        store: storeSchema,
        substitution_status: substitutionStatusSchema.nullable(),
      }),
    ),
  }),
);
