import { z } from "zod";
import { NO_SCANNER_TOKEN } from "#domain/copy.ts";
import { calendarDate, describes, instant } from "#server/openapi/answers.ts";
import type { CartVerifyAnswer, ResultAnswer, ScanAnswer } from "./service.ts";

/** Age verification's answers (docs/adr/0056-api-contract.md, docs/adr/0024-age-verification.md). */

const reasonSchema = z
  .enum(["unreadable", "under_age", "expired", "name_mismatch", "document_in_use"])
  .describe("Why a scan was refused.");

export const cartVerifySchema = describes<CartVerifyAnswer>()(
  z.union([
    z.object({ result: z.literal("not_required") }),
    z.object({
      result: z.literal("success"),
      id: z.string(),
      expires_at: calendarDate().describe("The last day the verification holds."),
    }),
    z.object({
      result: z.literal("failed"),
      id: z.string(),
      reason: reasonSchema,
      message: z.string(),
      expires_at: calendarDate().nullable(),
    }),
    z.object({
      result: z.literal("unknown"),
      id: z.string().describe("The scan session: POST /menu/verify/{id} with its token."),
      token: z.string(),
      expires_at: instant().describe("When the scan session ends."),
    }),
    z.object({ result: z.literal("unknown"), message: z.literal(NO_SCANNER_TOKEN) }),
  ]),
);

export const scanAnswerSchema = describes<ScanAnswer>()(
  z.object({
    id: z.string(),
    result: z.enum(["success", "failed"]),
    reason: reasonSchema.optional(),
    message: z.string(),
    expires_at: calendarDate().optional().describe("The last day the verification holds, on success."),
  }),
);

export const resultAnswerSchema = describes<ResultAnswer>()(
  z.object({
    id: z.string(),
    result: z.enum(["pending", "success", "failed"]),
    reason: reasonSchema.nullable(),
    message: z.string(),
    jurisdiction: z.string().nullable(),
    verified_at: instant().nullable(),
    expires_at: z
      .string()
      .nullable()
      .describe(
        "YYYY-MM-DD, the last day it holds, once decided; the scan session's end (an instant) while pending.",
      ),
  }),
);
