import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError } from "#server/errors.ts";
import type { RecordAudit } from "#server/platform/audit.ts";
import type { Db } from "#server/platform/db.ts";
import { sessionHeaders as headers, requireRole, type requireUser } from "../sessions/index.ts";
import { clearRefusal, customerChecks } from "./refusals.ts";

const tags = ["age"];
const staffOnly = "The account is a shopper's, not store staff's (`staff_only`).";

function requireStaffMember(req: Parameters<typeof requireUser>[0]) {
  try {
    return requireRole(req, "store_staff", "admin");
  } catch (err) {
    if (err instanceof AppError && err.status === 403)
      throw new AppError(403, "staff_only", "The store console is for store staff.");
    throw err;
  }
}

const checkSchema = z.object({
  id: z.string(),
  result: z.enum(["success", "failed"]),
  reason: z.string().nullable(),
  message: z.string().describe("What the shopper was told."),
  jurisdiction: z.string().nullable(),
  decidedAt: z.string().nullable(),
  holdsThrough: z
    .string()
    .nullable()
    .describe("YYYY-MM-DD: the last day a success or an under-age refusal holds."),
  cleared: z
    .object({ at: z.string(), reason: z.string() })
    .nullable()
    .describe("An administrator cleared this refusal: it no longer stands."),
});

const customerChecksAnswer = z.object({
  customer: z.object({ id: z.string(), email: z.string(), firstname: z.string(), lastname: z.string() }),
  standing: z
    .enum(["verified", "locked", "open"])
    .describe(
      "verified: a success holds; locked: an under-age refusal holds and a new scan cannot lift it; open: the next scan decides.",
    ),
  clearable: z.boolean().describe("An administrator may clear the refusal that locks the account."),
  checks: z
    .array(checkSchema)
    .describe("Decided ID checks, newest first (never the document or a birth date)."),
});

/** The store console's side of ID checks (docs/adr/0051-console-safeguards.md). */
export const ageConsoleRoutes: FastifyPluginAsyncZod<{
  db: Db;
  now: () => Date;
  recordAudit: RecordAudit;
}> = async (app, { db, now, recordAudit }) => {
  app.get(
    "/api/console/age/customer",
    {
      config: {
        auth: "user",
        errors: { 403: staffOnly, 404: "No customer has that email (`customer_not_found`)." },
      },
      schema: {
        operationId: "getConsoleAgeChecks",
        tags,
        summary:
          "A customer's ID checks, found by email (store staff and administrators): where they stand today and the checks decided",
        headers,
        querystring: z.object({ email: z.string().trim().min(3).max(254) }),
        response: { 200: customerChecksAnswer },
      },
    },
    async (req) => {
      requireStaffMember(req);
      return customerChecks(db, req.query.email, now());
    },
  );

  app.post(
    "/api/console/age/customer/:id/clear",
    {
      config: {
        auth: "user",
        errors: {
          403: `${staffOnly} Or store staff: only administrators clear an ID check refusal (\`admin_only\`).`,
          404: "No customer has that id (`customer_not_found`).",
          409: "No refusal stands on the account (`nothing_to_clear`): none, run out, or cleared already.",
        },
      },
      schema: {
        operationId: "clearAgeRefusal",
        tags,
        summary:
          "Clear a customer's standing under-age refusal with a reason (administrators): the shopper may scan again and the same rule decides; recorded in the console's audit",
        headers,
        params: z.object({ id: z.string().min(1).max(100) }),
        body: z.object({
          reason: z
            .string()
            .trim()
            .min(3)
            .max(300)
            .describe("Why (what support checked), kept in the console's audit."),
        }),
        response: { 200: z.object({ standing: z.enum(["verified", "locked", "open"]) }) },
      },
    },
    async (req) => {
      const actor = requireStaffMember(req);
      if (actor.role !== "admin")
        throw new AppError(403, "admin_only", "Only administrators can clear an ID check refusal.");
      return clearRefusal(
        db,
        {
          customerId: req.params.id,
          adminId: actor.userId,
          adminStoreId: actor.storeId,
          reason: req.body.reason,
        },
        now(),
        recordAudit,
      );
    },
  );
};
