import { addressRestrictions } from "#domain/compliance/where.ts";
import { type AddressParts, formatAddress, parseAddress } from "#domain/geo/address.ts";
import type { AddressResult, SavedAddress, StoreChange } from "#domain/geo/api.ts";
import type { Coverage } from "#domain/gifts/address.ts";
import { AppError } from "#server/errors.ts";
import type { Db } from "#server/platform/db.ts";
import { relocateCart } from "../cart/index.ts";
import { coverageAt, servingStores } from "../catalogue/index.ts";
import type { Geocoder } from "./geocoder.ts";
import { availabilityOfStore, vendorWithTerms } from "./vendor-service.ts";

export const ADDRESS_NOT_FOUND =
  "We could not find that address. Please add the city and state, or the ZIP code (for example: 350 5th Ave, New York, NY 10118).";

/** A typed address as the geocoder places it: its one-line form, parts and point. */
export type PlacedAddress = Omit<SavedAddress, "store_id" | "shipping">;

/** Parses and geocodes a typed address (400 `address_not_found` when the geocoder cannot place it). */
export async function placeAddress(
  geocoder: Geocoder,
  input: { address: string; unit?: string },
): Promise<PlacedAddress> {
  const parts: AddressParts = parseAddress(input.address);
  const place = await geocoder.geocode(parts, input.address);
  if (!place) throw new AppError(400, "address_not_found", ADDRESS_NOT_FOUND);
  return {
    address: formatAddress({ street: parts.street, city: place.city, state: place.state, zip: place.zip }),
    street: parts.street,
    street_number: parts.street_number,
    route: parts.route,
    unit: input.unit?.trim() || parts.unit,
    city: place.city,
    state: place.state,
    zip: place.zip,
    lat: place.lat,
    lng: place.lng,
  };
}

/**
 * Places an address that is not the shopper's own (a gift's recipient's: ADR 0053) and says who serves it, by the
 * delivery zones alone: delivered, shipped or nobody. Nothing is saved and no cart moves.
 */
export async function locateAddress(
  db: Db,
  geocoder: Geocoder,
  input: { address: string; unit?: string },
): Promise<{ place: PlacedAddress; coverage: Coverage }> {
  const place = await placeAddress(geocoder, input);
  return { place, coverage: await coverageAt(db, place) };
}

/**
 * Sets the delivery address: parse, geocode, find the serving store, tell whether the store differs from the
 * one of the previous address (prices and availability change with it), and move the owner's cart off stores
 * that do not serve the new address (ADR 0018), saying what the new store lacks.
 */
export async function setAddress(
  db: Db,
  geocoder: Geocoder,
  input: { address: string; unit?: string },
  previous: SavedAddress | null,
  now: Date,
  cartOwner: string | null = null,
): Promise<AddressResult> {
  const place = await placeAddress(geocoder, input);
  const { vendor, terms } = await vendorWithTerms(db, { lat: place.lat, lng: place.lng });
  const saved: SavedAddress = { ...place, store_id: vendor.store_id, shipping: vendor.shipping };
  const changed = previous !== null && previous.store_id !== vendor.store_id;
  let storeChange: StoreChange | null = null;
  if (changed && previous) {
    const before = await db
      .selectFrom("stores")
      .select(["id", "name", "is_shipping"])
      .where("id", "=", previous.store_id)
      .executeTakeFirst();
    storeChange = {
      from: {
        id: previous.store_id,
        name: before?.name ?? previous.store_id,
        shipping: before?.is_shipping ?? previous.shipping,
      },
      to: { id: vendor.store.id, name: vendor.store.name, shipping: vendor.shipping },
    };
  }
  const availability = await availabilityOfStore(db, vendor.store_id, now, terms);
  const serving = await servingStores(db, { lat: place.lat, lng: place.lng }, place.state);
  const moved = serving ? await relocateCart(db, cartOwner, serving) : null;
  return {
    ...saved,
    vendor,
    availability,
    hasStoreIdChanged: changed,
    store_change: storeChange,
    cart: moved?.summary ?? null,
    restrictions: addressRestrictions({
      shipping: vendor.shipping,
      destination: { lat: place.lat, lng: place.lng, state: place.state },
      on: now.toISOString().slice(0, 10),
    }),
  };
}
