import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { AppError, notFound } from "../../errors.ts";
import type { Db } from "../../platform/db.ts";
import { requireRole, requireUser } from "../sessions/index.ts";
import {
  createGiveaway,
  drawGiveaway,
  entriesOf,
  listGiveaways,
  publicConfig,
  updateGiveaway,
} from "./giveaway.ts";
import { adjustPoints, historyOf, loyaltyOf, redeemPoints } from "./ledger.ts";
import {
  adjustBody,
  customerQuery,
  drawBody,
  giveawayBody,
  giveawayConfigSchema,
  giveawayPatch,
  headers,
  loyaltyAnswer,
  redeemAnswer,
  redeemBody,
  userParams,
} from "./schemas.ts";

const tags = ["loyalty"];
const staffOnly = "The account is a shopper's, not store staff's (`staff_only`).";
const adminOnly = `${staffOnly} Or store staff: only administrators may (\`admin_only\`).`;
const noGiveaway = "No giveaway has that id (`giveaway_not_found`).";

function requireStaffMember(req: Parameters<typeof requireUser>[0]) {
  try {
    return requireRole(req, "store_staff", "admin");
  } catch (err) {
    if (err instanceof AppError && err.status === 403)
      throw new AppError(403, "staff_only", "The store console is for store staff.");
    throw err;
  }
}

function requireAdminMember(req: Parameters<typeof requireUser>[0]) {
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

/** Loyalty and the giveaway (issue 17; docs/adr/0033-loyalty-and-giveaway.md). */
export const loyaltyRoutes: FastifyPluginAsyncZod<{ db: Db; now: () => Date }> = async (app, { db, now }) => {
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
        summary: "A customer's points, tier and ledger, found by email (store staff and administrators)",
        headers,
        querystring: customerQuery,
      },
    },
    async (req) => {
      requireStaffMember(req);
      const customer = await customerByEmail(db, req.query.email);
      return {
        customer,
        loyalty: await loyaltyOf(db, customer.id),
        history: await historyOf(db, customer.id),
      };
    },
  );

  app.post(
    "/api/console/loyalty/customer/:id/adjust",
    {
      config: {
        auth: "user",
        errors: {
          403: staffOnly,
          404: "No account has that id (`user_not_found`).",
          409: "The deduction is more than the customer has (`not_enough_points`).",
        },
      },
      schema: {
        operationId: "adjustLoyaltyPoints",
        tags,
        summary:
          "Add or take a customer's points with a reason, recorded in the ledger with the staff member's id",
        headers,
        params: userParams,
        body: adjustBody,
      },
    },
    async (req) => {
      const staff = requireStaffMember(req);
      return adjustPoints(db, req.params.id, staff.userId, req.body.points, req.body.reason);
    },
  );

  app.get(
    "/api/console/giveaways",
    {
      config: { auth: "user", errors: { 403: adminOnly } },
      schema: {
        operationId: "listGiveaways",
        tags,
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
