import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { badRequest } from "#server/errors.ts";
import type { Db } from "#server/platform/db.ts";
import { setRoundUp } from "../accounts/index.ts";
import { sessionHeadersWithCsrf as headers, requireUser } from "../sessions/index.ts";
import { roundUpSchema } from "./answers.ts";

const tags = ["round-up"];

/** Spec §3 Round-up: organizations, userOrg (roundUpEnabled, roundUpOrgId, roundUpAmount), with totals per organisation. */
async function roundUp(db: Db, userId: string) {
  const [organizations, user, totals] = await Promise.all([
    db
      .selectFrom("round_up_orgs")
      .select(["id", "name", "description"])
      .where("active", "=", true)
      .orderBy("name")
      .execute(),
    db
      .selectFrom("users")
      .select(["round_up_enabled", "round_up_org_id"])
      .where("id", "=", userId)
      .executeTakeFirstOrThrow(),
    // Given: the round-ups of orders that were paid and not cancelled.
    db
      .selectFrom("orders")
      .select(["round_up_org_id", (eb) => eb.fn.sum<number>("round_up").as("amount")])
      .where("user_id", "=", userId)
      .where("round_up", ">", 0)
      .where("order_status", "not in", [-1, 5])
      .groupBy("round_up_org_id")
      .execute(),
  ]);
  const given = totals.map((t) => ({ organization_id: t.round_up_org_id, amount: Number(t.amount) }));
  return {
    organizations,
    userOrg: {
      roundUpEnabled: user.round_up_enabled,
      roundUpOrgId: user.round_up_org_id,
      roundUpAmount: given.reduce((s, g) => s + g.amount, 0),
    },
    totals: given,
  };
}

export const roundUpRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    "/order/round-up",
    {
      config: { auth: "user" },
      schema: {
        operationId: "getRoundUp",
        tags,
        response: { 200: roundUpSchema },
        summary:
          "The organisations a shopper can round up for, their choice, and what they have given (cents, per organisation)",
        headers,
      },
    },
    async (req) => roundUp(db, requireUser(req).userId),
  );

  app.put(
    "/order/round-up",
    {
      config: {
        auth: "user",
        errors: { 400: "No active organisation has that id (`unknown_organization`)." },
      },
      schema: {
        operationId: "setRoundUp",
        tags,
        response: { 200: roundUpSchema },
        summary: "Turn the round-up on or off, and choose its organisation",
        headers,
        body: z.object({
          roundUpEnabled: z.boolean(),
          roundUpOrgId: z.string().min(1).max(60).nullable().optional(),
        }),
      },
    },
    async (req) => {
      const { userId } = requireUser(req);
      const orgId = req.body.roundUpOrgId ?? null;
      if (orgId) {
        const org = await db
          .selectFrom("round_up_orgs")
          .select("id")
          .where("id", "=", orgId)
          .where("active", "=", true)
          .executeTakeFirst();
        if (!org) throw badRequest("Choose one of the organisations listed.", "unknown_organization");
      }
      if (req.body.roundUpEnabled && !orgId)
        throw badRequest("Choose an organisation to round up for.", "unknown_organization");
      await setRoundUp(db, userId, req.body.roundUpEnabled, orgId);
      return roundUp(db, userId);
    },
  );
};
