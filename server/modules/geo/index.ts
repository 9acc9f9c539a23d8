import type { FastifyInstance } from "fastify";
import type { Config } from "#server/config.ts";
import type { Db } from "#server/platform/db.ts";
import { locateAddress } from "./address-service.ts";
import { createGeocoder, type Geocoder } from "./geocoder.ts";
import { positionFromAddressCookie } from "./position-hook.ts";
import { geoRoutes } from "./routes.ts";

/** The geo module's public face: address, vendor and availability. */
export { ADDRESS_COOKIE, readAddressCookie } from "./address-cookie.ts";
export type { PlacedAddress } from "./address-service.ts";
export {
  availabilityOfStore,
  availabilityTermsOf,
  deliveryLawRefusal,
  type StoreTerms,
  vendorFor,
} from "./vendor-service.ts";
export type { Geocoder };

/** Places an address that is not the shopper's own and says who serves it (locateAddress). */
export type AddressLocator = (input: { address: string; unit?: string }) => ReturnType<typeof locateAddress>;

/**
 * Registers the geo routes and, on the whole app, the hook that gives requests without lat/lng the
 * position of the saved address (so it must be called on the root instance, not inside app.register).
 * Answers the locator other modules place addresses with (a gift's recipient's), on the same geocoder.
 */
export async function registerGeo(
  app: FastifyInstance,
  deps: { db: Db; config: Config; geocoder?: Geocoder; now?: () => Date },
): Promise<{ locate: AddressLocator }> {
  const geocoder = deps.geocoder ?? createGeocoder(deps.config.geocoder);
  app.decorateRequest("deliveryState", null);
  app.decorateRequest("deliveryZip", null);
  app.addHook("onRequest", positionFromAddressCookie);
  await app.register(geoRoutes, { ...deps, geocoder });
  return { locate: (input) => locateAddress(deps.db, geocoder, input) };
}
export { availabilitySchema, savedAddressSchema, vendorSchema } from "./answers.ts";
