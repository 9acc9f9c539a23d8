import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Db } from "#server/platform/db.ts";
import type { RateLimiter } from "#server/platform/rate-limit.ts";
import { clientIp } from "#server/platform/trusted-proxy.ts";
import { countAndLimit } from "#server/route-limits.ts";
import { sessionHeadersWithCsrf as headers, requireUser } from "../sessions/index.ts";
import { promoAddedSchema, promoListSchema } from "./answers.ts";
import { PROMO_LIMITS } from "./limits.ts";
import { addPromo, listPromos } from "./service.ts";

const tags = ["promos"];
export const promoCode = z
  .string()
  .trim()
  .min(2, "Enter a code.")
  .max(32)
  .regex(/^[A-Za-z0-9_-]+$/, "A code is letters, digits, - and _.");

/** Spec §7: POST /order/promo {code} and GET /promos (codes and credit). */
export const promoRoutes: FastifyPluginAsyncZod<{ db: Db; limiter: RateLimiter; now: () => Date }> = async (
  app,
  { db, limiter, now },
) => {
  app.get(
    "/promos",
    {
      config: { auth: "user" },
      schema: {
        operationId: "listPromos",
        tags,
        response: { 200: promoListSchema },
        summary:
          "The user's promo codes (the newest first) and store credit; `credit` sums the credit-type entries",
        headers,
      },
    },
    async (req) => listPromos(db, requireUser(req).userId, now()),
  );

  app.post(
    "/order/promo",
    {
      config: {
        auth: "user",
        rateLimits: [PROMO_LIMITS.codesOwner, PROMO_LIMITS.codesIp],
        errors: {
          400: "The code cannot be used now or by this user (expired, used up, first order only…), in the shopper's words.",
          404: "No such code (`promo_not_found`).",
        },
      },
      schema: {
        operationId: "addPromo",
        tags,
        response: { 200: promoAddedSchema },
        summary:
          "Add a code to the user's promos (a credit code becomes store credit); answers the code and the list",
        headers,
        body: z.object({ code: promoCode }),
      },
    },
    async (req, reply) => {
      const { userId } = requireUser(req);
      await countAndLimit(
        limiter,
        [
          [PROMO_LIMITS.codesOwner, userId],
          [PROMO_LIMITS.codesIp, clientIp(req)],
        ],
        reply,
      );
      return addPromo(db, userId, req.body.code, now());
    },
  );
};
