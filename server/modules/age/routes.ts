import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { sessionHeaders } from "../sessions/index.ts";
import { cartVerifySchema, resultAnswerSchema, scanAnswerSchema } from "./answers.ts";
import { AGE_LIMITS } from "./limits.ts";
import { ageHeaders, cartVerifyBody, scanBody, verificationParams } from "./schemas.ts";
import { type AgeContext, cartVerification, submitScan, verificationResult } from "./service.ts";

const tags = ["age"];

/**
 * Age verification by ID scan (spec §1, §4, §7 `POST cart/verify` and `GET verify/result/{id}`, §8; ADR 24): the
 * browser decodes the licence's barcode and sends its text once; the server decides and keeps only the outcome.
 */
export const ageRoutes: FastifyPluginAsyncZod<{ ctx: AgeContext }> = async (app, { ctx }) => {
  app.post(
    "/menu/cart/verify",
    {
      config: { auth: "user" },
      schema: {
        operationId: "verifyCartAge",
        tags,
        response: { 200: cartVerifySchema },
        summary:
          "Where the shopper stands for the cart's ID check: `not_required`; `success` or `failed` (under age) while it holds; else `unknown` with a scan session's `token` (15 minutes), or without one and 'No scanner token available' once the scan attempts are used up",
        headers: ageHeaders,
        body: cartVerifyBody,
      },
    },
    async (req) => cartVerification(ctx, req),
  );

  app.post(
    "/menu/verify/:id",
    {
      config: {
        auth: "user",
        rateLimits: [AGE_LIMITS.scansUser, AGE_LIMITS.scansIp],
        errors: {
          403: "The token is not this scan session's (`scan_token_invalid`).",
          404: "No ID check of the user's has that id (`verification_not_found`).",
          409: "The scan session was already used (`scan_session_used`) or has expired (`scan_session_expired`): open another with POST /menu/cart/verify.",
        },
      },
      schema: {
        operationId: "submitAgeScan",
        tags,
        response: { 200: scanAnswerSchema },
        summary:
          "The scanner's reading: the licence's PDF417 text, decided on the server (`success` with the last day it holds, or `failed` with `unreadable`, `under_age`, `expired`, `name_mismatch` or `document_in_use`). The text is never kept",
        headers: ageHeaders,
        params: verificationParams,
        body: scanBody,
      },
    },
    async (req, reply) => submitScan(ctx, req, reply, req.params.id, req.body),
  );

  app.get(
    "/menu/verify/result/:id",
    {
      config: {
        auth: "user",
        errors: { 404: "No ID check of the user's has that id (`verification_not_found`)." },
      },
      schema: {
        operationId: "getAgeVerificationResult",
        tags,
        response: { 200: resultAnswerSchema },
        summary:
          "An ID check's outcome: `pending`, `success` or `failed`, with its reason, jurisdiction and dates",
        headers: sessionHeaders,
        params: verificationParams,
      },
    },
    async (req) => verificationResult(ctx, req, req.params.id),
  );
};
