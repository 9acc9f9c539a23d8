import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { StaffAdjustmentLimits } from "#domain/loyalty/staff-adjustment.ts";
import { AppError, notFound } from "#server/errors.ts";
import type { RecordAudit } from "#server/platform/audit.ts";
import type { Db } from "#server/platform/db.ts";
import { sessionHeaders as headers, requireRole, requireUser } from "../sessions/index.ts";
import {
  createGiveaway,
  drawGiveaway,
  entriesOf,
  listGiveaways,
  publicConfig,
  updateGiveaway,
} from "./giveaway.ts";
import { type Adjuster, adjustPoints, allowanceOf, historyOf, loyaltyOf, redeemPoints } from "./ledger.ts";
import {
  adjustAnswer,
  adjustBody,
  consoleLoyaltyCustomerAnswer,
  customerQuery,
  drawBody,
  giveawayAnswer,
  giveawayBody,
  giveawayConfigSchema,
  giveawayListAnswer,
  giveawayPatch,
  loyaltyAnswer,
  redeemAnswer,
  redeemBody,
  userParams,
} from "./schemas.ts";

const tags = ["loyalty"];
const staffOnly = "The account is a shopper's, not store staff's (`staff_only`).";
const adminOnly = `${staffOnly} Or store staff: only administrators may (\`admin_only\`).`;
const noGiveaway = "No giveaway has that id (`giveaway_not_found`).";

function requireStaffMember(req: Parameters<typeof requireUser>[0]): Adjuster {
  try {
    const actor = requireRole(req, "store_staff", "admin");
    return { userId: actor.userId, role: actor.role as Adjuster["role"], storeId: actor.storeId };
  } catch (err) {
    if (err instanceof AppError && err.status === 403)
      throw new AppError(403, "staff_only", "The store console is for store staff.");
    throw err;
  }
}

function requireAdminMember(req: Parameters<typeof requireUser>[0]): Adjuster {
  const actor = requireStaffMember(req);
  if (actor.role !== "admin") throw new AppError(403, "admin_only", "Only administrators can do this.");
  return actor;
}

async function customerByEmail(db: Db, email: string) {
  const user = await db
    .selectFrom("users")
    .select(["id", "email", "firstname", "lastname"])
    .where(({ fn }) => fn("lower", ["email"]), "=", email.toLowerCase())
    .executeTakeFirst();
  if (!user) throw notFound("No customer has that email.", "customer_not_found");
  return user;
}

export interface LoyaltyRouteDeps {
  db: Db;
  now: () => Date;
  /** What staff may adjust without an administrator (config: LOYALTY_STAFF_*). */
  adjustmentLimits: StaffAdjustmentLimits;
  /** The console's audit trail, written in an adjustment's transaction. */
  recordAudit: RecordAudit;
}

/** Loyalty and the giveaway (issue 17; docs/adr/0033-loyalty-and-giveaway.md). */
export const loyaltyRoutes: FastifyPluginAsyncZod<LoyaltyRouteDeps> = async (
  app,
  { db, now, adjustmentLimits, recordAudit },
) => {
  app.get(
    "/me/loyalty",
    {
      config: { auth: "user" },
      schema: {
        operationId: "getLoyalty",
        tags,
        summary:
          "The shopper's loyalty programme (points, tier, progress, actions), their points history and their giveaway entries",
        headers,
        response: { 200: loyaltyAnswer },
      },
    },
    async (req) => {
      const { userId } = requireUser(req);
      // The programme first: it may award actions found done, which the history then shows.
      const loyalty = await loyaltyOf(db, userId);
      const [history, entries, giveaway] = await Promise.all([
        historyOf(db, userId),
        entriesOf(db, userId),
        publicConfig(db, now()),
      ]);
      return { loyalty, history, giveaway: { ...giveaway, entries } };
    },
  );

  app.post(
    "/me/loyalty/redeem",
    {
      config: {
        auth: "user",
        errors: {
          400: "Steps outside 1 to the most allowed (`invalid_steps`).",
          409: "The points are not there (`not_enough_points`): fewer than the steps need, also when another redemption took them just now.",
        },
      },
      schema: {
        operationId: "redeemLoyaltyPoints",
        tags,
        summary: "Turn points into store credit, in the programme's steps; never more than the shopper has",
        headers,
        body: redeemBody,
        response: { 200: redeemAnswer },
      },
    },
    async (req) => redeemPoints(db, requireUser(req).userId, req.body.steps),
  );

  app.get(
    "/giveaway/config",
    {
      config: { auth: "public" },
      schema: {
        operationId: "getGiveawayConfig",
        tags,
        summary:
          "The giveaway's configuration (spec §3): isActive and entriesMultiplier (inactive with 50 when the multiplier is not a finite number above 0), and the giveaway's title, rules and dates",
        response: { 200: giveawayConfigSchema },
      },
    },
    async () => publicConfig(db, now()),
  );

  // -- The console: staff see and adjust a customer's points; administrators run the giveaway ----------------------
  app.get(
    "/api/console/loyalty/customer",
    {
      config: {
        auth: "user",
        errors: { 403: staffOnly, 404: "No customer has that email (`customer_not_found`)." },
      },
      schema: {
        operationId: "getConsoleLoyaltyCustomer",
        tags,
        response: { 200: consoleLoyaltyCustomerAnswer },
        summary:
          "A customer's points, tier and ledger, found by email (store staff and administrators), and what the asker may still adjust today (`adjustAllowance`; null for administrators)",
        headers,
        querystring: customerQuery,
      },
    },
    async (req) => {
      const staff = requireStaffMember(req);
      const customer = await customerByEmail(db, req.query.email);
      return {
        customer,
        loyalty: await loyaltyOf(db, customer.id),
        history: await historyOf(db, customer.id),
        adjustAllowance: await allowanceOf(db, staff, adjustmentLimits),
      };
    },
  );

  app.post(
    "/api/console/loyalty/customer/:id/adjust",
    {
      config: {
        auth: "user",
        errors: {
          403: `${staffOnly} Nobody adjusts their own account (\`own_account\`); staff may add or take up to LOYALTY_STAFF_MAX_POINTS at a time (\`adjustment_needs_admin\`) and add up to LOYALTY_STAFF_DAILY_POINTS in any 24 hours (\`daily_adjustment_limit\`): more needs an administrator.`,
          404: "No account has that id (`user_not_found`).",
          409: "The deduction is more than the customer has (`not_enough_points`).",
        },
      },
      schema: {
        operationId: "adjustLoyaltyPoints",
        tags,
        response: { 200: adjustAnswer },
        summary:
          "Add or take a customer's points with a reason, recorded in the ledger with the staff member's id and in the console's audit with the balance before and after",
        headers,
        params: userParams,
        body: adjustBody,
      },
    },
    async (req) => {
      const by = requireStaffMember(req);
      const { points, reason } = req.body;
      return adjustPoints(
        db,
        { customerId: req.params.id, by, points, reason },
        adjustmentLimits,
        recordAudit,
      );
    },
  );

  app.get(
    "/api/console/giveaways",
    {
      config: { auth: "user", errors: { 403: adminOnly } },
      schema: {
        operationId: "listGiveaways",
        tags,
        response: { 200: giveawayListAnswer },
        summary: "Every giveaway, newest first, with its configuration as clients read it and its draw",
        headers,
      },
    },
    async (req) => {
      requireAdminMember(req);
      return { giveaways: await listGiveaways(db, now()) };
    },
  );

  app.post(
    "/api/console/giveaways",
    {
      config: {
        auth: "user",
        errors: { 400: "The end is not after the start (`invalid_dates`).", 403: adminOnly },
      },
      schema: {
        operationId: "createGiveaway",
        tags,
        response: { 200: giveawayAnswer },
        summary: "Start a giveaway: title, rules, switched on or not, dates and entries multiplier",
        headers,
        body: giveawayBody,
      },
    },
    async (req) => ({ giveaway: await createGiveaway(db, requireAdminMember(req).userId, req.body, now()) }),
  );

  app.patch(
    "/api/console/giveaways/:id",
    {
      config: {
        auth: "user",
        errors: {
          400: "The end is not after the start (`invalid_dates`).",
          403: adminOnly,
          404: noGiveaway,
          409: "The giveaway has been drawn (`giveaway_drawn`).",
        },
      },
      schema: {
        operationId: "updateGiveaway",
        tags,
        response: { 200: giveawayAnswer },
        summary: "Change a giveaway's settings (until it is drawn)",
        headers,
        params: userParams,
        body: giveawayPatch,
      },
    },
    async (req) => ({
      giveaway: await updateGiveaway(db, requireAdminMember(req).userId, req.params.id, req.body, now()),
    }),
  );

  app.post(
    "/api/console/giveaways/:id/draw",
    {
      config: {
        auth: "user",
        errors: {
          403: adminOnly,
          404: noGiveaway,
          409: "Drawn already (`giveaway_drawn`), still running (`giveaway_running`) or nobody has an entry (`no_entries`).",
        },
      },
      schema: {
        operationId: "drawGiveaway",
        tags,
        response: { 200: giveawayAnswer },
        summary:
          "Draw the winner once: the seed is sha256 of the giveaway id and a published value; the draw is recorded so anyone can repeat it",
        headers,
        params: userParams,
        body: drawBody,
      },
    },
    async (req) => ({
      giveaway: await drawGiveaway(
        db,
        requireAdminMember(req).userId,
        req.params.id,
        req.body.publishedValue,
        now(),
      ),
    }),
  );
};
