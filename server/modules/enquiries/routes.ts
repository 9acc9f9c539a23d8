import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { z } from "zod";
import type { EnquiryKind } from "#domain/leads/forms.ts";
import type { Config } from "#server/config.ts";
import { AppError } from "#server/errors.ts";
import type { Db } from "#server/platform/db.ts";
import type { RateLimiter } from "#server/platform/rate-limit.ts";
import { clientIp } from "#server/platform/trusted-proxy.ts";
import { countAndLimit } from "#server/route-limits.ts";
import { publicOrigin } from "../accounts/index.ts";
import type { Outbox } from "../messages/index.ts";
import { sessionHeadersWithCsrf as headers, requireRole } from "../sessions/index.ts";
import { enquiriesSchema, enquiryAnswerSchema, leadAnswerSchema } from "./answers.ts";
import { captureLead, listEnquiries, submitEnquiry } from "./enquiries.ts";
import { ENQUIRY_LIMITS } from "./limits.ts";
import { businessBody, enquiriesQuery, jobBody, leadBody, partnerBody } from "./schemas.ts";

export interface EnquiryRoutesContext {
  db: Db;
  config: Config;
  outbox: Outbox;
  limiter: RateLimiter;
}

const STAFF_ONLY = "The store console is for store staff.";
const ADMIN_ONLY = "Only administrators can do this.";

/** Administrators only: a shopper gets 403 `staff_only`, store staff 403 `admin_only` (as the console answers). */
function requireAdmin(req: FastifyRequest): void {
  let role: string;
  try {
    role = requireRole(req, "store_staff", "admin").role;
  } catch (err) {
    if (err instanceof AppError && err.status === 403) throw new AppError(403, "staff_only", STAFF_ONLY);
    throw err;
  }
  if (role !== "admin") throw new AppError(403, "admin_only", ADMIN_ONLY);
}

const fieldErrors =
  "A field is missing or wrong (`invalid_fields`): `details` holds a message per field, in the visitor's words.";

/**
 * The lead-capture prompt, the /retailers, /business and /apply forms, and the console's Enquiries
 * (docs/adr/0035-referrals-and-enquiries.md).
 */
export const enquiryRoutes: FastifyPluginAsyncZod<{ ctx: EnquiryRoutesContext }> = async (app, { ctx }) => {
  const { db, limiter } = ctx;
  const origin = (req: FastifyRequest) => publicOrigin(req, ctx.config);

  app.post(
    "/api/leads",
    {
      config: {
        auth: "optional",
        rateLimits: [ENQUIRY_LIMITS.leadsIp, ENQUIRY_LIMITS.leadsEmail],
        errors: { 400: "The email is not a valid address (`invalid_fields`, with `details.email`)." },
      },
      schema: {
        operationId: "captureLead",
        response: { 200: leadAnswerSchema },
        tags: ["enquiries"],
        summary:
          "The lead-capture prompt's email: kept once per mailbox with the platform, and sent the signup offer (spec §9) by email the first time",
        headers,
        body: leadBody,
      },
    },
    async (req, reply) => {
      await countAndLimit(
        limiter,
        [
          [ENQUIRY_LIMITS.leadsIp, clientIp(req)],
          [ENQUIRY_LIMITS.leadsEmail, req.body.email.trim().toLowerCase()],
        ],
        reply,
      );
      const { message } = await captureLead(
        { ...ctx, origin: origin(req) },
        {
          email: req.body.email,
          platform: req.body.platform ?? req.actor.platform,
          page: req.body.page ?? null,
        },
      );
      return { message };
    },
  );

  const forms: { kind: EnquiryKind; path: string; id: string; summary: string; body: z.ZodObject }[] = [
    {
      kind: "partner",
      path: "/api/enquiries/partner",
      id: "submitPartnerApplication",
      summary:
        "/retailers: a store asks to sell on Nightcap (store name, contact, email, phone, address, licence number); kept for the console, answered by email",
      body: partnerBody,
    },
    {
      kind: "business",
      path: "/api/enquiries/business",
      id: "submitBusinessEnquiry",
      summary:
        "/business: a corporate account enquiry (company, contact, email, optional phone and cities, what they need); kept for the console, answered by email",
      body: businessBody,
    },
    {
      kind: "job",
      path: "/api/enquiries/job",
      id: "submitJobApplication",
      summary:
        "/apply: a job application (name, email, one of the open roles, a cover note); kept for the console, answered by email",
      body: jobBody,
    },
  ];
  for (const form of forms) {
    app.post(
      form.path,
      {
        config: {
          auth: "optional",
          rateLimits: [ENQUIRY_LIMITS.formsIp, ENQUIRY_LIMITS.formsEmail],
          errors: { 400: fieldErrors },
        },
        schema: {
          operationId: form.id,
          response: { 200: enquiryAnswerSchema },
          tags: ["enquiries"],
          summary: form.summary,
          headers,
          body: form.body,
        },
      },
      async (req, reply) => {
        const fields = req.body as Record<string, string | undefined>;
        await countAndLimit(
          limiter,
          [
            [ENQUIRY_LIMITS.formsIp, clientIp(req)],
            [ENQUIRY_LIMITS.formsEmail, (fields.email ?? "").trim().toLowerCase()],
          ],
          reply,
        );
        return submitEnquiry(ctx, form.kind, fields, req.actor.platform);
      },
    );
  }

  app.get(
    "/api/console/enquiries",
    {
      config: {
        auth: "user",
        errors: {
          403: "The account is a shopper's (`staff_only`) or store staff's: only administrators may (`admin_only`).",
        },
      },
      schema: {
        operationId: "listConsoleEnquiries",
        response: { 200: enquiriesSchema },
        tags: ["console"],
        summary:
          "Administrators: leads, partner applications, business enquiries and job applications together, newest first (or one kind)",
        headers,
        querystring: enquiriesQuery,
      },
    },
    async (req) => {
      requireAdmin(req);
      return listEnquiries(db, req.query);
    },
  );
};
