import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Db } from "#server/platform/db.ts";
import { sessionHeaders as headers, requireUser } from "../sessions/index.ts";
import { activeOrdersSchema, orderHistorySchema, orderSchema, orderStatusAnswerSchema } from "./answers.ts";
import { editOrder } from "./edit.ts";
import { activeOrders, orderDetail, orderHistory, orderStatus } from "./order-view.ts";

const tags = ["orders"];
const notFoundNote =
  "No order of the user's has that id (`order_not_found`): another user's order answers the same.";

/** Spec §7: GET /order/history, GET /order/detail?id=, GET /order/status/{id}, PATCH /order/edit/{id}. */
export const orderRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    "/order/history",
    {
      config: { auth: "user" },
      schema: {
        operationId: "getOrderHistory",
        tags,
        response: { 200: orderHistorySchema },
        summary: "The user's orders, newest first (count, orders)",
        headers,
        querystring: z.object({
          limit: z.coerce.number().int().min(1).max(50).default(20),
          skip: z.coerce.number().int().min(0).max(100_000).default(0),
        }),
      },
    },
    async (req) =>
      orderHistory(db, requireUser(req).userId, { limit: req.query.limit, offset: req.query.skip }),
  );

  app.get(
    "/order/detail",
    {
      config: { auth: "user", errors: { 404: notFoundNote } },
      schema: {
        operationId: "getOrderDetail",
        tags,
        response: { 200: orderSchema },
        summary: "One of the user's orders: status, line items, charge, delivery address",
        headers,
        querystring: z.object({ id: z.string().min(1).max(100) }),
      },
    },
    async (req) => orderDetail(db, requireUser(req).userId, req.query.id),
  );

  const text = (max: number) => z.string().max(max).nullable().optional();
  app.patch(
    "/order/edit/:id",
    {
      config: {
        auth: "user",
        errors: {
          400: "Nothing to change (`nothing_to_change`), or a recipient note on an order that is not a gift (`not_a_gift`).",
          404: notFoundNote,
          409: "The order is en route, shipped or ended, or still awaiting its payment (`order_not_editable`).",
        },
      },
      schema: {
        operationId: "editOrder",
        tags,
        response: { 200: orderSchema },
        summary:
          "Change what may still change before dispatch: delivery notes, the unit or apartment, a gift's recipient note (null or blank clears one). Answers the order",
        headers,
        params: z.object({ id: z.string().min(1).max(100) }),
        body: z.object({
          delivery_notes: text(500),
          unit: text(40),
          recipient_note: text(250),
        }),
      },
    },
    async (req) => editOrder(db, requireUser(req).userId, req.params.id, req.body),
  );

  app.get(
    "/order/active",
    {
      config: { auth: "user" },
      schema: {
        operationId: "getActiveOrders",
        tags,
        response: { 200: activeOrdersSchema },
        summary:
          "The active-order tracker (spec §4): whether the user has an active order, and those orders (status, ETA, store), newest first",
        headers,
      },
    },
    async (req) => activeOrders(db, requireUser(req).userId),
  );

  app.get(
    "/order/status/:id",
    {
      config: { auth: "user", errors: { 404: notFoundNote } },
      schema: {
        operationId: "getOrderStatus",
        tags,
        response: { 200: orderStatusAnswerSchema },
        summary: "Where an order is: order_status, eta, driver, tracking_state, failed_status (spec §7)",
        headers,
        params: z.object({ id: z.string().min(1).max(100) }),
      },
    },
    async (req) => orderStatus(db, requireUser(req).userId, req.params.id),
  );
};
