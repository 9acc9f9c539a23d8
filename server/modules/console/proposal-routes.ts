import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { cents, instant } from "#server/openapi/answers.ts";
import { storeIdSchema } from "../catalogue/index.ts";
import { sessionHeaders as headers } from "../sessions/index.ts";
import { requireAdmin, requireStaff } from "./access.ts";
import type { ConsoleContext } from "./context.ts";
import { approveProposal, listProposals, PROPOSAL_NOT_FOUND, propose, rejectProposal } from "./proposals.ts";
import { NO_STORE, OTHER_STORE, STAFF_ONLY, STORE_REQUIRED } from "./route-errors.ts";

const tags = ["console"];
const ADMINS = "The account is not an administrator's (`admin_only`).";
const text = (max: number) => z.string().trim().min(1).max(max);

const proposalSchema = z
  .object({
    id: z.string(),
    store_id: z.string(),
    store_name: z.string(),
    title: z.string(),
    upc: z.string().nullable(),
    store_sku: z.string().nullable().describe("The store's own code for it."),
    size: z.string().nullable(),
    price_cents: cents(),
    quantity: z.number().int(),
    note: z.string().nullable(),
    status: z.enum(["pending", "approved", "rejected"]),
    proposed_at: instant(),
    decided_at: instant().nullable(),
    decision_note: z.string().nullable().describe("Why it was rejected."),
    sku_id: z.string().nullable().describe("The catalogue product its approval made."),
  })
  .meta({ id: "ProductProposal" });

const idParams = z.object({ id: z.string().uuid() });

/** Products stores propose for the catalogue; administrators approve or reject them (docs/adr/0075). */
export const proposalRoutes: FastifyPluginAsyncZod<{ ctx: ConsoleContext }> = async (app, { ctx }) => {
  const { db } = ctx;

  app.post(
    "/api/console/proposals",
    {
      config: {
        auth: "user",
        errors: {
          400: STORE_REQUIRED,
          403: `${STAFF_ONLY} ${OTHER_STORE}`,
          404: NO_STORE,
          409: "The store already proposed this product and it is waiting (`already_proposed`).",
        },
      },
      schema: {
        operationId: "proposeProduct",
        tags,
        summary:
          "Propose a product the catalogue does not have (store staff; a line of the store's file nothing matched): an administrator approves it into the catalogue or rejects it",
        headers,
        body: z.object({
          store_id: storeIdSchema.optional().describe("Administrators: the store proposing it."),
          title: z.string().trim().min(2).max(200),
          upc: text(20).optional(),
          store_sku: text(100).optional(),
          size: text(40).optional().describe("As the store's system writes it: 750ml, 1.75 L."),
          price_cents: z.number().int().min(1).max(10_000_000),
          quantity: z.number().int().min(0).max(1_000_000),
          note: text(500).optional(),
        }),
        response: { 200: proposalSchema },
      },
    },
    async (req) => propose(db, requireStaff(req), req.body),
  );

  app.get(
    "/api/console/proposals",
    {
      config: { auth: "user", errors: { 403: STAFF_ONLY } },
      schema: {
        operationId: "listProductProposals",
        tags,
        summary:
          "Proposed products: every store's for administrators (pending first), the store's own for staff",
        headers,
        querystring: z.object({ status: z.enum(["pending", "approved", "rejected"]).optional() }),
        response: { 200: z.object({ proposals: z.array(proposalSchema) }) },
      },
    },
    async (req) => ({ proposals: await listProposals(db, requireStaff(req), req.query.status) }),
  );

  app.post(
    "/api/console/proposals/:id/approve",
    {
      config: {
        auth: "user",
        errors: {
          400: "No category has that name (`unknown_category`).",
          403: ADMINS,
          404: `${PROPOSAL_NOT_FOUND} (\`proposal_not_found\`)`,
          409: "The proposal was already approved or rejected (`proposal_decided`).",
        },
      },
      schema: {
        operationId: "approveProductProposal",
        tags,
        summary:
          "Approve a proposed product (administrators): it joins the catalogue (SKU `SP-…`) in the category given, on the proposing store's shelf at its price and count, and the store's code is remembered for its next file",
        headers,
        params: idParams,
        body: z.object({
          category: text(100).describe("The category's url_name."),
          title: text(200).optional().describe("The name shoppers read, when not the store's."),
          brand: text(200).optional(),
          volume_ml: z.number().int().min(1).max(100_000).optional(),
        }),
        response: { 200: proposalSchema },
      },
    },
    async (req) => {
      const staff = requireStaff(req);
      requireAdmin(staff);
      return approveProposal(db, staff, req.params.id, req.body);
    },
  );

  app.post(
    "/api/console/proposals/:id/reject",
    {
      config: {
        auth: "user",
        errors: {
          403: ADMINS,
          404: `${PROPOSAL_NOT_FOUND} (\`proposal_not_found\`)`,
          409: "The proposal was already approved or rejected (`proposal_decided`).",
        },
      },
      schema: {
        operationId: "rejectProductProposal",
        tags,
        summary: "Reject a proposed product (administrators), saying why: the store reads it",
        headers,
        params: idParams,
        body: z.object({ note: text(500) }),
        response: { 200: proposalSchema },
      },
    },
    async (req) => {
      const staff = requireStaff(req);
      requireAdmin(staff);
      return rejectProposal(db, staff, req.params.id, req.body.note);
    },
  );
};
