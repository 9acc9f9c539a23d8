import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { textAnswer } from "#server/openapi/answers.ts";
import { sessionHeaders as headers } from "../sessions/index.ts";
import { requireStaff } from "./access.ts";
import {
  addStaffAccount,
  auditTrail,
  createPromo,
  deactivatePromo,
  listMerchantAccounts,
  listPromos,
  listStaffAccounts,
  removeStaffAccount,
  saveMerchant,
} from "./admin.ts";
import {
  addedStaffSchema,
  adminPromoListSchema,
  adminPromoSchema,
  auditTrailSchema,
  consoleTaxReportSchema,
  merchantListSchema,
  merchantSchema,
  staffListSchema,
  stockChangeSchema,
  stockPageSchema,
  storeListSchema,
  storeSettingsSchema,
} from "./answers.ts";
import type { ConsoleContext } from "./context.ts";
import { NO_STORE, OTHER_STORE, STAFF_ONLY, STORE_REQUIRED } from "./route-errors.ts";
import { changeStock, listStock } from "./stock.ts";
import {
  auditQuery,
  merchantBody,
  promoBody,
  promoParams,
  skuParams,
  staffBody,
  stockChangeBody,
  stockQuery,
  storeCreateBody,
  storeEditBody,
  storeParams,
  storeQuery,
  taxReportQuery,
  termsBody,
  userParams,
  zoneBody,
} from "./store-admin-schemas.ts";
import {
  changeTerms,
  createStore,
  editStore,
  listStores,
  replaceZone,
  storeSettings,
} from "./store-settings.ts";
import { consoleTaxReport, consoleTaxReportCsv } from "./taxes.ts";

const tags = ["console"];
const adminOnly = `${STAFF_ONLY} Or store staff: only administrators may (\`admin_only\`).`;

/**
 * Store management in the console (issue 15): staff change their store's shelf (prices, stock) and terms (hours,
 * minimum order, fee, ETA); administrators manage stores, zones, promos, staff accounts and merchants. Every change
 * is audited; shoppers see shelf and store changes at once (docs/adr/0032-store-admin.md).
 */
export const storeAdminRoutes: FastifyPluginAsyncZod<{ ctx: ConsoleContext }> = async (app, { ctx }) => {
  const { db } = ctx;

  app.get(
    "/api/console/stock",
    {
      config: {
        auth: "user",
        errors: { 400: STORE_REQUIRED, 403: `${STAFF_ONLY} ${OTHER_STORE}`, 404: NO_STORE },
      },
      schema: {
        operationId: "listConsoleStock",
        tags,
        response: { 200: stockPageSchema },
        summary:
          "The store's shelf by title, a page at a time: price, package item price and stock of each product",
        headers,
        querystring: stockQuery,
      },
    },
    async (req) => listStock(db, requireStaff(req), req.query),
  );

  app.patch(
    "/api/console/stock/:sku",
    {
      config: {
        auth: "user",
        errors: {
          400: `${STORE_REQUIRED} Or nothing to change (\`nothing_to_change\`).`,
          403: `${STAFF_ONLY} ${OTHER_STORE}`,
          404: `${NO_STORE} Or the store does not sell the product (\`not_on_shelf\`).`,
          409: "A field being changed is no longer what the editor saw (`changed_meanwhile`): the message and `details` give the current values.",
        },
      },
      schema: {
        operationId: "updateConsoleStock",
        tags,
        response: { 200: stockChangeSchema },
        summary:
          "Set a product's price, package item price or stock at the store, given the values seen; shoppers see it at once; audited",
        headers,
        params: skuParams,
        body: stockChangeBody,
      },
    },
    async (req) => changeStock(db, requireStaff(req), req.params.sku, req.body),
  );

  app.get(
    "/api/console/store",
    {
      config: {
        auth: "user",
        errors: { 400: STORE_REQUIRED, 403: `${STAFF_ONLY} ${OTHER_STORE}`, 404: NO_STORE },
      },
      schema: {
        operationId: "getConsoleStore",
        tags,
        response: { 200: storeSettingsSchema },
        summary:
          "The store's terms: opening hours, minimum order, delivery fee, ETA (and its place and zone)",
        headers,
        querystring: storeQuery,
      },
    },
    async (req) => storeSettings(db, requireStaff(req), req.query.store_id),
  );

  app.patch(
    "/api/console/store",
    {
      config: {
        auth: "user",
        errors: {
          400: `${STORE_REQUIRED} Or hours that do not hold together (\`invalid_store\`: the message names each problem), or nothing to change.`,
          403: `${STAFF_ONLY} ${OTHER_STORE}`,
          404: NO_STORE,
        },
      },
      schema: {
        operationId: "updateConsoleStore",
        tags,
        response: { 200: storeSettingsSchema },
        summary:
          "Change the store's opening hours, minimum order, delivery fee or ETA; shoppers see it at once; audited",
        headers,
        body: termsBody,
      },
    },
    async (req) => {
      const { store_id, ...change } = req.body;
      return changeTerms(db, requireStaff(req), store_id, change);
    },
  );

  app.get(
    "/api/console/audit",
    {
      config: { auth: "user", errors: { 403: `${STAFF_ONLY} ${OTHER_STORE}` } },
      schema: {
        operationId: "listConsoleAudit",
        tags,
        response: { 200: auditTrailSchema },
        summary:
          "The console's record of changes, newest first: who, when, what, before and after (staff: their store's; administrators: all or one store's)",
        headers,
        querystring: auditQuery,
      },
    },
    async (req) => auditTrail(db, requireStaff(req), req.query),
  );

  // --- administrators ---------------------------------------------------------------------------------------------

  app.get(
    "/api/console/admin/stores",
    {
      config: { auth: "user", errors: { 403: adminOnly } },
      schema: {
        operationId: "listAdminStores",
        tags,
        response: { 200: storeListSchema },
        summary: "Every store with its terms and zone (administrators)",
        headers,
      },
    },
    async (req) => listStores(db, requireStaff(req)),
  );

  app.post(
    "/api/console/admin/stores",
    {
      config: {
        auth: "user",
        errors: {
          400: "Hours that do not hold together, an unknown time zone (`invalid_store`) or city (`unknown_city`).",
          403: adminOnly,
          409: "A store already has that id (`store_exists`).",
        },
      },
      schema: {
        operationId: "createAdminStore",
        tags,
        response: { 200: storeSettingsSchema },
        summary: "Open a store: name, address, position, time zone, kind, terms (administrators; audited)",
        headers,
        body: storeCreateBody,
      },
    },
    async (req) => createStore(db, requireStaff(req), req.body),
  );

  app.patch(
    "/api/console/admin/stores/:id",
    {
      config: {
        auth: "user",
        errors: {
          400: "Hours that do not hold together, an unknown time zone (`invalid_store`) or city (`unknown_city`), or nothing to change.",
          403: adminOnly,
          404: NO_STORE,
        },
      },
      schema: {
        operationId: "updateAdminStore",
        tags,
        response: { 200: storeSettingsSchema },
        summary:
          "Change a store's name, address, position, time zone, kind or terms (administrators; audited)",
        headers,
        params: storeParams,
        body: storeEditBody,
      },
    },
    async (req) => editStore(db, requireStaff(req), req.params.id, req.body),
  );

  app.put(
    "/api/console/admin/stores/:id/zone",
    {
      config: {
        auth: "user",
        errors: {
          400: "Not a GeoJSON Polygon or MultiPolygon with closed rings on the map and at most 5000 positions (`invalid_zone`: the message names each problem).",
          403: adminOnly,
          404: NO_STORE,
        },
      },
      schema: {
        operationId: "replaceAdminStoreZone",
        tags,
        response: { 200: storeSettingsSchema },
        summary:
          "Replace a store's delivery zone; which store serves an address follows at once (administrators; audited)",
        headers,
        params: storeParams,
        body: zoneBody,
      },
    },
    async (req) => replaceZone(db, requireStaff(req), req.params.id, req.body.zone ?? null),
  );

  app.get(
    "/api/console/admin/promos",
    {
      config: { auth: "user", errors: { 403: adminOnly } },
      schema: {
        operationId: "listAdminPromos",
        tags,
        response: { 200: adminPromoListSchema },
        summary: "Every promo code, active ones first (administrators)",
        headers,
      },
    },
    async (req) => listPromos(db, requireStaff(req)),
  );

  app.post(
    "/api/console/admin/promos",
    {
      config: {
        auth: "user",
        errors: {
          400: "A promo the rules refuse (`invalid_promo`: the message names each problem).",
          403: adminOnly,
          409: "A promo already has that code (`promo_exists`).",
        },
      },
      schema: {
        operationId: "createAdminPromo",
        tags,
        response: { 200: adminPromoSchema },
        summary:
          "Create a promo code: percent, fixed, free delivery or credit, with its limits (administrators; audited)",
        headers,
        body: promoBody,
      },
    },
    async (req) => createPromo(db, requireStaff(req), req.body),
  );

  app.post(
    "/api/console/admin/promos/:code/deactivate",
    {
      config: {
        auth: "user",
        errors: { 403: adminOnly, 404: "No promo has that code (`promo_not_found`)." },
      },
      schema: {
        operationId: "deactivateAdminPromo",
        tags,
        response: { 200: adminPromoSchema },
        summary: "Stop a promo code: no shopper can apply it any more (administrators; audited)",
        headers,
        params: promoParams,
      },
    },
    async (req) => deactivatePromo(db, requireStaff(req), req.params.code),
  );

  app.get(
    "/api/console/admin/staff",
    {
      config: { auth: "user", errors: { 403: adminOnly } },
      schema: {
        operationId: "listAdminStaff",
        tags,
        response: { 200: staffListSchema },
        summary: "Every staff and administrator account (administrators)",
        headers,
      },
    },
    async (req) => listStaffAccounts(db, requireStaff(req)),
  );

  app.post(
    "/api/console/admin/staff",
    {
      config: {
        auth: "user",
        errors: {
          400: "Not an email address (`invalid_email`), or store staff without a store (`store_required`).",
          403: adminOnly,
          404: NO_STORE,
        },
      },
      schema: {
        operationId: "addAdminStaff",
        tags,
        response: { 200: addedStaffSchema },
        summary:
          "Make an account store staff (with its store) or an administrator; a new email gets an account and a generated password, answered once (administrators; audited)",
        headers,
        body: staffBody,
      },
    },
    async (req) => addStaffAccount(db, requireStaff(req), req.body),
  );

  app.delete(
    "/api/console/admin/staff/:id",
    {
      config: {
        auth: "user",
        errors: {
          400: "The administrator's own account (`own_account`).",
          403: adminOnly,
          404: "No staff account has that id (`staff_not_found`).",
        },
      },
      schema: {
        operationId: "removeAdminStaff",
        tags,
        response: { 200: staffListSchema },
        summary:
          "Take an account's console access away: it becomes a shopper's again (administrators; audited)",
        headers,
        params: userParams,
      },
    },
    async (req) => removeStaffAccount(db, requireStaff(req), req.params.id),
  );

  app.get(
    "/api/console/admin/merchants",
    {
      config: { auth: "user", errors: { 403: adminOnly } },
      schema: {
        operationId: "listAdminMerchants",
        tags,
        response: { 200: merchantListSchema },
        summary: "Merchants registered for direct sign-on (/sos) (administrators)",
        headers,
      },
    },
    async (req) => listMerchantAccounts(db, requireStaff(req)),
  );

  app.post(
    "/api/console/admin/merchants",
    {
      config: {
        auth: "user",
        errors: {
          400: "A bad id, name or return address (`invalid_merchant`: the message names each problem).",
          403: adminOnly,
        },
      },
      schema: {
        operationId: "saveAdminMerchant",
        tags,
        response: { 200: merchantSchema },
        summary:
          "Register a merchant for direct sign-on, or replace its name and return addresses (administrators; audited)",
        headers,
        body: merchantBody,
      },
    },
    async (req) => saveMerchant(db, requireStaff(req), req.body),
  );

  const taxErrors = {
    400: `${STORE_REQUIRED} Or a period that is not two days YYYY-MM-DD, ends before it starts, runs over a year, or gives one end only (\`invalid_period\`: the message says which).`,
    403: `${STAFF_ONLY} ${OTHER_STORE}`,
    404: NO_STORE,
  };

  app.get(
    "/api/console/taxes",
    {
      config: { auth: "user", errors: taxErrors },
      schema: {
        operationId: "getConsoleTaxReport",
        tags,
        response: { 200: consoleTaxReportSchema },
        summary:
          "The store's tax report for a period (issue 33): tax charged, refunded and net by jurisdiction and tax type, with a total, by the day orders were placed in the store's time zone",
        headers,
        querystring: taxReportQuery,
      },
    },
    async (req) => consoleTaxReport(db, requireStaff(req), req.query),
  );

  app.get(
    "/api/console/taxes.csv",
    {
      config: { auth: "user", errors: taxErrors },
      schema: {
        operationId: "getConsoleTaxReportCsv",
        tags,
        response: {
          200: textAnswer(
            "text/csv",
            "The tax report as CSV for filing, as an attachment named by the store and the period: one line per jurisdiction and tax type, then the total; dollars with two decimals.",
          ),
        },
        summary: "The store's tax report for a period as a CSV download",
        headers,
        querystring: taxReportQuery,
      },
    },
    async (req, reply) => {
      const { csv, fileName } = await consoleTaxReportCsv(db, requireStaff(req), req.query);
      reply.header("content-disposition", `attachment; filename="${fileName}"`);
      reply.header("cache-control", "no-store");
      return reply.type("text/csv; charset=utf-8").send(csv);
    },
  );
};
