import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Db } from "#server/platform/db.ts";
import type { PaymentProvider } from "#server/platform/payments/provider.ts";
import type { RateLimiter } from "#server/platform/rate-limit.ts";
import { clientIp } from "#server/platform/trusted-proxy.ts";
import { countAndLimit } from "#server/route-limits.ts";
import { sessionHeadersWithCsrf as headers, requireUser } from "../sessions/index.ts";
import { paymentConfigSchema, savedCardSchema, savedCardsSchema } from "./answers.ts";
import { addCard, listCards, removeCard, setPrimaryCard } from "./cards.ts";
import { PAYMENT_LIMITS } from "./limits.ts";
import { cardIdBody, cardTokenBody } from "./schemas.ts";

const tags = ["payments"];

/** Spec §9 card defaults and §9 wallets, with how this store's provider collects a card. */
export const CARD_DEFAULTS = { country: "US", currency: "USD", language: "EN" } as const;
export const WALLETS = ["applePay", "googlePay"] as const;

/** Saved cards (spec §7: POST, PATCH and DELETE /order/card; GET /cards) and what the card form needs. */
export const paymentRoutes: FastifyPluginAsyncZod<{
  db: Db;
  provider: PaymentProvider;
  limiter: RateLimiter;
}> = async (app, { db, provider, limiter }) => {
  app.get(
    "/order/payment-config",
    {
      config: { auth: "public" },
      schema: {
        operationId: "getPaymentConfig",
        tags,
        response: { 200: paymentConfigSchema },
        summary:
          "How this store takes cards (the provider's card page or publishable key), card defaults and wallets",
      },
    },
    async () => ({ ...provider.clientConfig(), defaults: CARD_DEFAULTS, wallets: WALLETS }),
  );

  app.get(
    "/cards",
    {
      config: { auth: "user" },
      schema: {
        operationId: "listCards",
        tags,
        response: { 200: savedCardsSchema },
        summary: "The user's saved cards, newest first, the primary one flagged",
        headers,
      },
    },
    async (req) => listCards(db, requireUser(req).userId),
  );

  app.post(
    "/order/card",
    {
      config: {
        auth: "user",
        rateLimits: [PAYMENT_LIMITS.cardAddsUser, PAYMENT_LIMITS.cardAddsIp],
        errors: {
          402: "The provider refused the card, in its own words (e.g. `card_declined`, `token_already_used`).",
          502: "The payment provider did not answer (`payment_provider_unavailable`).",
        },
      },
      schema: {
        operationId: "addCard",
        tags,
        response: { 200: savedCardSchema },
        summary:
          "Save the card a provider token stands for (brand, last four and expiry are kept, never the number)",
        headers,
        body: cardTokenBody,
      },
    },
    async (req, reply) => {
      const { userId } = requireUser(req);
      await countAndLimit(
        limiter,
        [
          [PAYMENT_LIMITS.cardAddsUser, userId],
          [PAYMENT_LIMITS.cardAddsIp, clientIp(req)],
        ],
        reply,
      );
      return addCard(db, provider, userId, req.body.token);
    },
  );

  app.patch(
    "/order/card",
    {
      config: { auth: "user", errors: { 404: "No card of the user's has that id (`card_not_found`)." } },
      schema: {
        operationId: "setPrimaryCard",
        tags,
        response: { 200: savedCardsSchema },
        summary: "Make a saved card the primary one",
        headers,
        body: cardIdBody,
      },
    },
    async (req) => setPrimaryCard(db, requireUser(req).userId, req.body.cardId),
  );

  app.delete(
    "/order/card",
    {
      config: {
        auth: "user",
        errors: {
          404: "No card of the user's has that id (`card_not_found`).",
          502: "The payment provider did not answer (`payment_provider_unavailable`).",
        },
      },
      schema: {
        operationId: "removeCard",
        tags,
        response: { 200: savedCardsSchema },
        summary: "Remove a saved card",
        headers,
        body: cardIdBody,
      },
    },
    async (req) => removeCard(db, provider, requireUser(req).userId, req.body.cardId),
  );
};
