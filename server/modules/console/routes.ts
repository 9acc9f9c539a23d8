import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { isDemoStore } from "#server/config.ts";
import { textAnswer } from "#server/openapi/answers.ts";
import { sessionHeaders as headers } from "../sessions/index.ts";
import { requireStaff, type Staff } from "./access.ts";
import { act, type ConsoleAction, proposeShortLines } from "./act.ts";
import {
  consoleOrderSchema,
  consoleQueueSchema,
  doorCheckSchema,
  driverPositionSchema,
  driverRunsSchema,
} from "./answers.ts";
import { complianceExport } from "./compliance.ts";
import type { ConsoleContext } from "./context.ts";
import { checkAtDoor, refuseAtDoor } from "./door.ts";
import { driverRuns, NOT_YOUR_RUN, reportPosition } from "./driver.ts";
import { consoleOrder, consoleQueue } from "./order-view.ts";
import { STAFF_ONLY } from "./route-errors.ts";
import {
  cancelBody,
  complianceQuery,
  dispatchBody,
  doorCheckBody,
  doorRefusalBody,
  emptyBody,
  failBody,
  orderParams,
  positionBody,
  proposeBody,
  queueQuery,
  refundBody,
} from "./schemas.ts";

const tags = ["console"];
const notFound =
  "No order of the staff member's store has that id (`order_not_found`): another store's order answers the same.";
const moved =
  "The order is not where this action can start (`order_moved`): another staff member moved it, or it has ended; the message says where it is.";

/** The store console's API (issue 15): the store's order queue, one order, and what staff do to it. */
export const consoleRoutes: FastifyPluginAsyncZod<{ ctx: ConsoleContext }> = async (app, { ctx }) => {
  app.get(
    "/api/console/orders",
    {
      config: {
        auth: "user",
        errors: { 403: `${STAFF_ONLY} Staff asking for another store's orders (\`other_store\`).` },
      },
      schema: {
        operationId: "listConsoleOrders",
        tags,
        response: { 200: consoleQueueSchema },
        summary: "The store's orders, newest first: staff see their own store's, administrators any store's",
        headers,
        querystring: queueQuery,
      },
    },
    async (req) => consoleQueue(ctx.db, requireStaff(req), req.query),
  );

  app.get(
    "/api/console/driver",
    {
      config: { auth: "user", errors: { 403: STAFF_ONLY } },
      schema: {
        operationId: "getDriverRuns",
        tags,
        response: { 200: driverRunsSchema },
        summary:
          "The driver view: the store's orders ready to go (in progress) and the driver's own on the way, in the order to visit them",
        headers,
      },
    },
    async (req) => ({
      ...(await driverRuns(ctx.db, requireStaff(req))),
      // The development simulator drives the route for someone without a car (never on a production database).
      simulator: isDemoStore(ctx.config),
    }),
  );

  app.post(
    "/api/console/orders/:id/position",
    {
      config: {
        auth: "user",
        errors: {
          403: `${STAFF_ONLY} Or another driver carries the order (\`not_your_run\`): ${NOT_YOUR_RUN}`,
          404: notFound,
          409: "The order is not on its way (`order_moved`).",
        },
      },
      schema: {
        operationId: "reportDriverPosition",
        tags,
        response: { 200: driverPositionSchema },
        summary:
          "The driver's position (their phone, or the development simulator): the order's ETA and tracking state follow, live on the shopper's tracking page",
        headers,
        params: orderParams,
        body: positionBody,
      },
    },
    async (req) => reportPosition(ctx.db, requireStaff(req), req.params.id, req.body, new Date()),
  );

  app.get(
    "/api/console/orders/:id",
    {
      config: { auth: "user", errors: { 403: STAFF_ONLY, 404: notFound } },
      schema: {
        operationId: "getConsoleOrder",
        tags,
        response: { 200: consoleOrderSchema },
        summary:
          "One order of the store: the order, the customer, its money (captured, refunded, refundable) and its events",
        headers,
        params: orderParams,
      },
    },
    async (req) => consoleOrder(ctx.db, requireStaff(req), req.params.id),
  );

  const action = async (staff: Staff, id: string, what: ConsoleAction) => {
    await act(ctx, staff, id, what);
    return consoleOrder(ctx.db, staff, id);
  };

  app.post(
    "/api/console/orders/:id/accept",
    {
      config: {
        auth: "user",
        errors: {
          403: STAFF_ONLY,
          404: notFound,
          409: `${moved} Or, for an ASAP order, the law where the store sells forbids delivering its classes from now until its ETA (\`delivery_not_allowed\`, the law's reason).`,
        },
      },
      schema: {
        operationId: "acceptConsoleOrder",
        tags,
        response: { 200: consoleOrderSchema },
        summary:
          "Accept a placed or scheduled order (→ 1, in progress; not a gift still waiting for its recipient); the payment is captured once no order of its checkout waits for a store",
        headers,
        params: orderParams,
        body: emptyBody,
      },
    },
    async (req) => action(requireStaff(req), req.params.id, { type: "accept" }),
  );

  app.post(
    "/api/console/orders/:id/dispatch",
    {
      config: {
        auth: "user",
        errors: {
          403: STAFF_ONLY,
          404: notFound,
          409: `${moved} Or it asks staff's word first (the message says why and when; send again with \`confirm: true\` to go ahead): a slot order more than an hour before its slot (\`too_early_for_slot\`), or the store is closed (\`store_closed\`). Or the law where the store sells forbids delivering the order's classes from now until its ETA (\`delivery_not_allowed\`, the law's reason; staff's word does not change it).`,
        },
      },
      schema: {
        operationId: "dispatchConsoleOrder",
        tags,
        response: { 200: consoleOrderSchema },
        summary:
          "Send an order out (→ 2, en route; a soft-failed one again), or ship a shipped one (Awaiting Fulfillment → Shipped); substitutions the shopper has not answered are settled as the store's default (keep what it has, refund the rest). An on-demand order goes out during the store's hours and a slot order from an hour before its slot, unless staff confirm; never outside the hours the law allows its classes",
        headers,
        params: orderParams,
        body: dispatchBody,
      },
    },
    async (req) =>
      action(requireStaff(req), req.params.id, { type: "dispatch", confirm: req.body?.confirm === true }),
  );

  app.post(
    "/api/console/orders/:id/substitutions",
    {
      config: {
        auth: "user",
        errors: {
          400: "A line not on the order (`not_on_order`), not short (`not_short`), or a suggestion the store does not sell (`bad_suggestion`).",
          403: STAFF_ONLY,
          404: notFound,
          409: `${moved} Or the shopper has not answered the last substitutions yet (\`substitutions_pending\`).`,
        },
      },
      schema: {
        operationId: "proposeConsoleSubstitutions",
        tags,
        response: { 200: consoleOrderSchema },
        summary:
          "Report lines found short while picking (how many the shelf has, suggested replacements): the shopper is asked to review them at /substitution/{orderId}",
        headers,
        params: orderParams,
        body: proposeBody,
      },
    },
    async (req) => {
      const staff = requireStaff(req);
      await proposeShortLines(ctx, staff, req.params.id, req.body.lines);
      return consoleOrder(ctx.db, staff, req.params.id);
    },
  );

  app.post(
    "/api/console/orders/:id/deliver",
    {
      config: { auth: "user", errors: { 403: STAFF_ONLY, 404: notFound, 409: moved } },
      schema: {
        operationId: "deliverConsoleOrder",
        tags,
        response: { 200: consoleOrderSchema },
        summary: "Mark an order delivered (→ 3, completed; shipped: Shipped → Completed)",
        headers,
        params: orderParams,
        body: emptyBody,
      },
    },
    async (req) => action(requireStaff(req), req.params.id, { type: "deliver" }),
  );

  app.post(
    "/api/console/orders/:id/fail",
    {
      config: { auth: "user", errors: { 403: STAFF_ONLY, 404: notFound, 409: moved } },
      schema: {
        operationId: "failConsoleOrder",
        tags,
        response: { 200: consoleOrderSchema },
        summary:
          "Mark a delivery failed (→ 4 with failed_status): soft may be dispatched again; hard (and any shipped failure) gives the money back",
        headers,
        params: orderParams,
        body: failBody,
      },
    },
    async (req) => action(requireStaff(req), req.params.id, { type: "fail", ...req.body }),
  );

  const atDoor = {
    auth: "user" as const,
    errors: {
      403: `${STAFF_ONLY} Or another driver carries the order (\`not_your_run\`): ${NOT_YOUR_RUN}`,
      404: notFound,
      409: "The order is not on its way (`order_moved`).",
    },
  };

  app.post(
    "/api/console/orders/:id/door-check",
    {
      config: {
        ...atDoor,
        errors: {
          ...atDoor.errors,
          400: "The barcode is not a US or Canadian licence's or ID card's (`unreadable_id`).",
        },
      },
      schema: {
        operationId: "checkIdAtDoor",
        tags,
        response: { 200: doorCheckSchema },
        summary:
          "The driver's scan of the recipient's licence at the door: the server decides (the account holder or the gift's recipient, 21 or over and the ID valid today, where the store is). A pass hands the order over (→ 3, completed); a refusal is told to the driver. Either way the store's compliance log records it; nothing of the licence is kept but the outcome, its issuing jurisdiction and whose it was",
        headers,
        params: orderParams,
        body: doorCheckBody,
      },
    },
    async (req) => checkAtDoor(ctx, requireStaff(req), req.params.id, req.body.barcode),
  );

  app.post(
    "/api/console/orders/:id/door-refusal",
    {
      config: atDoor,
      schema: {
        operationId: "refuseAtDoor",
        tags,
        response: { 200: consoleOrderSchema },
        summary:
          "The driver records why the order was not handed over (→ 4): no one home fails it soft (the store may send it again); no ID, under 21, ID not matching, visibly intoxicated or refused fail it hard: the stock goes back on the shelf and the payment is refunded less the store's return fee. The shopper reads why",
        headers,
        params: orderParams,
        body: doorRefusalBody,
      },
    },
    async (req) => {
      const staff = requireStaff(req);
      await refuseAtDoor(ctx, staff, req.params.id, req.body.reason);
      return consoleOrder(ctx.db, staff, req.params.id);
    },
  );

  app.get(
    "/api/console/compliance.csv",
    {
      config: {
        auth: "user",
        errors: {
          400: "An administrator must name the store (`store_required`).",
          403: `${STAFF_ONLY} Staff asking for another store's log (\`other_store\`).`,
          404: "No store has that id (`store_not_found`).",
        },
      },
      schema: {
        operationId: "exportComplianceLog",
        tags,
        response: {
          200: textAnswer(
            "text/csv",
            "The store's compliance log, oldest first: every ID check at the door, handover and refusal, who recorded it and when (the store's wall clock). The `x-retention-years` header says how long the state requires it kept.",
          ),
        },
        summary: "The store's compliance log as CSV, for an inspector",
        headers,
        querystring: complianceQuery,
      },
    },
    async (req, reply) => {
      const { filename, csv, retentionYears } = await complianceExport(ctx.db, requireStaff(req), req.query);
      reply.header("content-disposition", `attachment; filename="${filename}"`);
      reply.header("cache-control", "no-store");
      reply.header("x-retention-years", String(retentionYears));
      return reply.type("text/csv; charset=utf-8").send(csv);
    },
  );

  app.post(
    "/api/console/orders/:id/cancel",
    {
      config: { auth: "user", errors: { 403: STAFF_ONLY, 404: notFound, 409: moved } },
      schema: {
        operationId: "cancelConsoleOrder",
        tags,
        response: { 200: consoleOrderSchema },
        summary:
          "Cancel an order (→ 5): stock back, spent credit refunded, the card's hold released or its captured share refunded",
        headers,
        params: orderParams,
        body: cancelBody,
      },
    },
    async (req) => action(requireStaff(req), req.params.id, { type: "cancel", reason: req.body.reason }),
  );

  app.post(
    "/api/console/orders/:id/refund",
    {
      config: {
        auth: "user",
        errors: {
          403: STAFF_ONLY,
          404: notFound,
          409: `${moved} Or the refund is more than the order has left captured, or nothing is captured yet (\`refund_refused\`).`,
        },
      },
      schema: {
        operationId: "refundConsoleOrder",
        tags,
        response: { 200: consoleOrderSchema },
        summary:
          "Refund a delivered (or shipped) order in part or in full (→ 6; shipped: Partially Refunded), through the payment provider, never more than captured",
        headers,
        params: orderParams,
        body: refundBody,
      },
    },
    async (req) => action(requireStaff(req), req.params.id, { type: "refund", ...req.body }),
  );
};
