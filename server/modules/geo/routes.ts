import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { isSaleClass, SALE_CLASSES } from "#domain/compliance/lawful-availability.ts";
import type { SaleClass } from "#domain/compliance/types.ts";
import { AVAILABILITY_FAILED } from "#domain/copy.ts";
import type { Config } from "#server/config.ts";
import { AppError } from "#server/errors.ts";
import type { Db } from "#server/platform/db.ts";
import { ownerKey } from "../cart/index.ts";
import {
  geoQuerySchema,
  latitudeSchema,
  longitudeSchema,
  storeHeadersSchema,
  storeHintsOf,
} from "../catalogue/index.ts";
import { readAddressCookie, writeAddressCookie } from "./address-cookie.ts";
import { setAddress } from "./address-service.ts";
import {
  addressResultSchema,
  addressSuggestionsSchema,
  availabilitySchema,
  currentAddressSchema,
  vendorSchema,
} from "./answers.ts";
import type { Geocoder } from "./geocoder.ts";
import { setAddressBody, suggestionQuery } from "./schemas.ts";
import { availabilityFor, vendorFor } from "./vendor-service.ts";

const tags = ["address"];

export interface GeoRouteDeps {
  db: Db;
  config: Config;
  geocoder: Geocoder;
  now?: () => Date;
}

/** Address, vendor and availability calls (spec §7). */
export const geoRoutes: FastifyPluginAsyncZod<GeoRouteDeps> = async (
  app,
  { db, config, geocoder, now = () => new Date() },
) => {
  const secureCookies = config.env === "production";

  app.get(
    "/menu/vendor",
    {
      config: { auth: "public", errors: { 503: "No store is set up yet (`no_store`)." } },
      schema: {
        operationId: "getVendor",
        tags,
        response: { 200: vendorSchema },
        summary:
          "The store serving a position: store_id, shipping, and banner._id 'out_of_zone' outside every zone",
        headers: storeHeadersSchema,
        querystring: geoQuerySchema,
      },
    },
    async (req) => vendorFor(db, storeHintsOf(req.headers, req.query)),
  );

  // Spec §8: any availability failure, bad input included, reads the same to the shopper.
  const lenientGeo = z.object({ lat: z.string().optional(), lng: z.string().optional() });
  // Read strictly in the handler, which answers a failure with that text. Made once: a zod schema made for each
  // request was 1–2 % of the server's CPU in the checkout bench (its construction and its first parse).
  const position = z.object({ lat: latitudeSchema.optional(), lng: longitudeSchema.optional() });
  const availabilityHeaders = position.extend({
    "x-store-id": z
      .string()
      .regex(/^[\w-]{1,64}$/)
      .optional(),
  });
  const availabilityQuery = position.extend({ classes: z.string().optional() });
  app.get(
    "/menu/availability",
    {
      config: {
        auth: "public",
        // Spec §8's availability text either way: the caller's mistake is a 400, data we cannot read a 503.
        errors: {
          400: "A position that does not read (lat, lng in the query or the headers) or a store in `x-store-id` that does not exist (`availability_failed`, with spec §8's 'Something went wrong. Please go back and try again.').",
          503: "The serving store's hours cannot be read, or no store is set up (`availability_failed`, with the same text).",
        },
      },
      schema: {
        operationId: "getAvailability",
        tags,
        response: { 200: availabilitySchema },
        summary:
          "Delivery availability (immediate, scheduling, ETA, selection text, dates with slots) for a position",
        headers: lenientGeo.extend({ "x-store-id": z.string().optional() }),
        querystring: lenientGeo.extend({
          classes: z
            .string()
            .optional()
            .describe(
              `The order's product classes a law's hours may bind, comma-separated (${SALE_CLASSES.join(", ")}): ASAP and the slots are then only those when the law lets every one be delivered where the store sells (the cart's \`split_cart\` entry lists them as \`sale_classes\`). Without it, the store's own hours alone.`,
            ),
        }),
      },
    },
    async (req) => {
      const headers = availabilityHeaders.safeParse(req.headers);
      const query = availabilityQuery.safeParse(req.query);
      if (!headers.success || !query.success)
        throw new AppError(400, "availability_failed", AVAILABILITY_FAILED);
      const classes = saleClassesIn(query.data.classes);
      if (!classes) throw new AppError(400, "availability_failed", AVAILABILITY_FAILED);
      let hints: ReturnType<typeof storeHintsOf>;
      try {
        hints = storeHintsOf(headers.data, query.data);
      } catch {
        throw new AppError(400, "availability_failed", AVAILABILITY_FAILED);
      }
      return availabilityFor(db, hints, now(), classes);
    },
  );

  app.post(
    "/order/address",
    {
      config: {
        auth: "public",
        errors: {
          502: "The address lookup service did not answer (`geocoder_unavailable`).",
          503: "No store is set up yet (`no_store`).",
        },
      },
      schema: {
        operationId: "setAddress",
        tags,
        response: { 200: addressResultSchema },
        summary:
          "Set the delivery address: parsed, geocoded, vendor and availability; kept in the address cookie for a year",
        body: setAddressBody,
      },
    },
    async (req, reply) => {
      const result = await setAddress(
        db,
        geocoder,
        req.body,
        readAddressCookie(req),
        now(),
        ownerKey(req.actor),
      );
      const {
        vendor: _v,
        availability: _a,
        hasStoreIdChanged: _h,
        store_change: _s,
        cart: _c,
        restrictions: _r,
        ...saved
      } = result;
      writeAddressCookie(reply, saved, secureCookies);
      return result;
    },
  );

  app.get(
    "/order/address",
    {
      config: { auth: "public" },
      schema: {
        operationId: "getAddress",
        tags,
        response: { 200: currentAddressSchema },
        summary: "The saved delivery address, or null",
      },
    },
    async (req) => ({ address: readAddressCookie(req) }),
  );

  app.get(
    "/order/address/suggestions",
    {
      config: {
        auth: "public",
        errors: { 502: "The address lookup service did not answer (`geocoder_unavailable`)." },
      },
      schema: {
        operationId: "suggestAddresses",
        tags,
        response: { 200: addressSuggestionsSchema },
        summary: "Completions for a typed address: the ZIP, city and state to follow the street line",
        querystring: suggestionQuery,
      },
    },
    async (req) => ({ suggestions: await geocoder.suggest(req.query.q, req.query.limit) }),
  );
};

/** `classes=spirits,beer` as sale classes, each once; null when one is not a class the API knows. */
function saleClassesIn(list: string | undefined): SaleClass[] | null {
  const names = (list ?? "").split(",").filter(Boolean);
  if (!names.every(isSaleClass)) return null;
  return SALE_CLASSES.filter((c) => names.includes(c));
}
