import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Config } from "#server/config.ts";
import { textAnswer } from "#server/openapi/answers.ts";
import type { Db } from "#server/platform/db.ts";
import type { JobQueue } from "#server/platform/jobs.ts";
import type { PayoutProvider } from "#server/platform/payouts/index.ts";
import { siteOrigin } from "#server/platform/site-origin.ts";
import { recordAudit, requireAdmin, requireStaff, workingStore } from "../console/index.ts";
import { sessionHeaders as headers } from "../sessions/index.ts";
import { payoutAccount, payWaiting } from "./payouts.ts";
import {
  accountBody,
  closeBody,
  closedSchema,
  dayQuery,
  onboardingSchema,
  statementParams,
  statementSchema,
  statementsOverviewSchema,
  storeQuery,
  termsBody,
} from "./schemas.ts";
import { closeDueStatements } from "./statements.ts";
import { setTerms, termsOf } from "./terms.ts";
import { dayView, statementCsv, statementsOverview, statementView } from "./views.ts";

export interface StatementsContext {
  db: Db;
  config: Config;
  jobs: JobQueue;
  payouts: PayoutProvider;
  now: () => Date;
}

const tags = ["console"];
const STAFF_ONLY = "The account is a shopper's, not store staff's (`staff_only`).";
const OTHER_STORE = "Staff naming another store than their own (`other_store`).";
const STORE_REQUIRED = "An administrator named no store (`store_required`).";
const NO_STORE = "No store has that id (`store_not_found`).";
const ADMIN_ONLY = `${STAFF_ONLY} Or store staff: only administrators may (\`admin_only\`).`;
const readErrors = { 400: STORE_REQUIRED, 403: `${STAFF_ONLY} ${OTHER_STORE}`, 404: NO_STORE };
const statementErrors = {
  ...readErrors,
  404: `${NO_STORE} Or no statement of the store has that id (\`statement_not_found\`).`,
};

/**
 * Statements and payouts in the console (issue 34 §3, docs/adr/0072-statements-and-payouts.md): a store's staff read
 * its current week, its closed weeks and any day, each figure traced to its orders, and download them as CSV;
 * administrators set a store's commission and may close ended weeks at once (the hourly job does it otherwise).
 */
export const statementRoutes: FastifyPluginAsyncZod<{ ctx: StatementsContext }> = async (app, { ctx }) => {
  const { db } = ctx;

  app.get(
    "/api/console/statements",
    {
      config: { auth: "user", errors: readErrors },
      schema: {
        operationId: "getConsoleStatements",
        tags,
        response: { 200: statementsOverviewSchema },
        summary:
          "The store's statements: the current week as it stands, the closed weeks with their payouts, its commission and payout account",
        headers,
        querystring: storeQuery,
      },
    },
    async (req) => statementsOverview(ctx, requireStaff(req), req.query, ctx.now()),
  );

  app.get(
    "/api/console/statements/day",
    {
      config: {
        auth: "user",
        errors: {
          ...readErrors,
          400: `${STORE_REQUIRED} Or a day that is not YYYY-MM-DD (\`invalid_day\`).`,
        },
      },
      schema: {
        operationId: "getConsoleStatementDay",
        tags,
        response: { 200: statementSchema },
        summary:
          "A day's figures at the store: what it sold and is owed that day, each figure traced to its orders",
        headers,
        querystring: dayQuery,
      },
    },
    async (req) => dayView(db, requireStaff(req), req.query),
  );

  app.get(
    "/api/console/statements/:id",
    {
      config: { auth: "user", errors: statementErrors },
      schema: {
        operationId: "getConsoleStatement",
        tags,
        response: { 200: statementSchema },
        summary:
          "A statement: the current week (`current`) or a closed week, each figure traced to its orders, with its payout",
        headers,
        params: statementParams,
        querystring: storeQuery,
      },
    },
    async (req) => statementView(db, requireStaff(req), req.params.id, req.query, ctx.now()),
  );

  for (const what of ["lines", "orders"] as const)
    app.get(
      `/api/console/statements/:id/${what}.csv`,
      {
        config: { auth: "user", errors: statementErrors },
        schema: {
          operationId: what === "lines" ? "getConsoleStatementCsv" : "getConsoleStatementOrdersCsv",
          tags,
          response: {
            200: textAnswer(
              "text/csv",
              what === "lines"
                ? "The statement's lines as CSV, as an attachment named by the store and the week; dollars with two decimals."
                : "The orders behind the statement as CSV, one row per order with its share of each figure; dollars with two decimals.",
            ),
          },
          summary:
            what === "lines"
              ? "A statement's lines as a CSV download"
              : "The orders behind a statement as a CSV download",
          headers,
          params: statementParams,
          querystring: storeQuery,
        },
      },
      async (req, reply) => {
        const { csv, fileName } = await statementCsv(
          db,
          requireStaff(req),
          req.params.id,
          what,
          req.query,
          ctx.now(),
        );
        reply.header("content-disposition", `attachment; filename="${fileName}"`);
        reply.header("cache-control", "no-store");
        return reply.type("text/csv; charset=utf-8").send(csv);
      },
    );

  app.put(
    "/api/console/statements/terms",
    {
      config: { auth: "user", errors: { 403: ADMIN_ONLY, 404: NO_STORE } },
      schema: {
        operationId: "setConsoleStatementTerms",
        tags,
        response: { 200: statementsOverviewSchema.shape.terms },
        summary:
          "Set a store's commission (administrators; audited): a percentage of goods sold and an amount per order, for the weeks closed from now on",
        headers,
        body: termsBody,
      },
    },
    async (req) => {
      const staff = requireStaff(req);
      requireAdmin(staff);
      const store = await workingStore(db, staff, req.body.store_id);
      const before = await termsOf(db, store.id);
      const after = {
        commissionPpm: req.body.commission_ppm,
        commissionPerOrder: req.body.commission_per_order,
      };
      await db.transaction().execute(async (tx) => {
        await setTerms(tx, store.id, after, staff.userId);
        await recordAudit(tx, {
          actorId: staff.userId,
          storeId: store.id,
          orderId: null,
          action: "statement_terms",
          detail: {},
          before: { commission_ppm: before.commissionPpm, commission_per_order: before.commissionPerOrder },
          after: req.body,
        });
      });
      return {
        commission_ppm: after.commissionPpm,
        commission_per_order: after.commissionPerOrder,
        default: false,
      };
    },
  );

  app.post(
    "/api/console/statements/close",
    {
      config: { auth: "user", errors: { 403: ADMIN_ONLY, 404: NO_STORE } },
      schema: {
        operationId: "closeConsoleStatements",
        tags,
        response: { 200: closedSchema },
        summary:
          "Close the store's weeks that have ended now (administrators; the hourly job does it otherwise); each closed statement is then paid",
        headers,
        body: closeBody,
      },
    },
    async (req) => {
      const staff = requireStaff(req);
      requireAdmin(staff);
      const store = await workingStore(db, staff, req.body.store_id);
      return { closed: await closeDueStatements(db, ctx.jobs, store.id, ctx.now()) };
    },
  );

  app.post(
    "/api/console/statements/payout-account",
    {
      config: { auth: "user", errors: readErrors },
      schema: {
        operationId: "openConsolePayoutAccount",
        tags,
        response: { 200: onboardingSchema },
        summary:
          "Set up the store's payout account: made at the payout provider the first time, with the link where staff finish it (Stripe Connect's onboarding)",
        headers,
        body: accountBody,
      },
    },
    async (req) => {
      const store = await workingStore(db, requireStaff(req), req.body.store_id);
      const accountId = (await payoutAccount(ctx, store, true)) as string;
      const back = `${siteOrigin(ctx.config, req)}/console/statements`;
      const link = await ctx.payouts.onboardingLink(accountId, { returnUrl: back, refreshUrl: back });
      await payWaiting(ctx, store.id);
      return { account_id: accountId, url: link?.url ?? null };
    },
  );
};
