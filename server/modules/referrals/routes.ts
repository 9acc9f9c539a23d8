import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { notFound } from "#server/errors.ts";
import type { Db } from "#server/platform/db.ts";
import { sessionHeadersWithCsrf as headers, requireUser } from "../sessions/index.ts";
import { referralCodeSchema, referralsSchema } from "./answers.ts";
import { codeOwner, listReferrals } from "./referrals.ts";

/** Referrals: the shopper's share link and friends (docs/adr/0035-referrals-and-enquiries.md). */
export const referralRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    "/api/referrals",
    {
      config: { auth: "user" },
      schema: {
        operationId: "listReferrals",
        response: { 200: referralsSchema },
        tags: ["referrals"],
        summary:
          "The shopper's share code and link, what each side earns, the cap, and the friends who signed up through it with their state (signed up, ordered, rewarded, refused with why), newest first",
        headers,
      },
    },
    async (req) => listReferrals(db, requireUser(req).userId),
  );

  app.get(
    "/api/referrals/code/:code",
    {
      config: { auth: "public", errors: { 404: "No shopper has that code (`referral_not_found`)." } },
      schema: {
        operationId: "getReferralCode",
        response: { 200: referralCodeSchema },
        tags: ["referrals"],
        summary: "Whose share code this is (first name and initial), for the signup page's welcome",
        headers,
        params: z.object({ code: z.string().max(32) }),
      },
    },
    async (req) => {
      const owner = await codeOwner(db, req.params.code);
      if (!owner) throw notFound("That invite link is not valid.", "referral_not_found");
      return owner;
    },
  );
};
