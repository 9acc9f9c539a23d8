import type { Availability } from "../availability/types.ts";
import type { CartRelocation } from "../cart/types.ts";
import type { AddressRestriction } from "../compliance/where.ts";

/**
 * Shapes of the address and vendor API (spec §3 Address, Vendor), built by the server and read by the
 * storefront.
 */
export const OUT_OF_ZONE = "out_of_zone";

export interface VendorStore {
  id: string;
  name: string;
  is_shipping: boolean;
  eta_minutes: number;
  min_order_cents: number;
  delivery_fee_cents: number;
}

/** GET /menu/vendor. */
export interface Vendor {
  store_id: string;
  shipping: boolean;
  /** { _id: 'out_of_zone' } when the address is outside every delivery zone; null inside one. */
  banner: { _id: typeof OUT_OF_ZONE } | null;
  store: VendorStore;
}

/** A delivery address as kept in the address cookie and answered by POST /order/address. */
export interface SavedAddress {
  /** One-line form: "350 5th Ave, New York, NY 10118". */
  address: string;
  /** The street line as typed. */
  street: string;
  street_number: string | null;
  route: string | null;
  unit: string | null;
  city: string;
  state: string;
  zip: string;
  lat: number;
  lng: number;
  store_id: string;
  shipping: boolean;
}

/** What a store change means for the shopper (the UI words it). */
export interface StoreChange {
  from: { id: string; name: string; shipping: boolean };
  to: { id: string; name: string; shipping: boolean };
}

/** POST /order/address. */
export interface AddressResult extends SavedAddress {
  vendor: Vendor;
  availability: Availability;
  hasStoreIdChanged: boolean;
  store_change: StoreChange | null;
  /** What moving the shopper's cart to the stores serving this address did; null when nothing had to move. */
  cart: CartRelocation | null;
  /**
   * What the law keeps from this address (issue 33 §3): a dry area's alcohol, the classes its state does not let the
   * shipping store send. The address is kept (other goods still come); empty when everything may go.
   */
  restrictions: AddressRestriction[];
}

/** GET /order/address. */
export interface CurrentAddress {
  address: SavedAddress | null;
}

/** GET /order/address/suggestions?q=. */
export interface AddressSuggestion {
  /** The full line to put in the field: "350 5th Ave, New York, NY 10118". */
  address: string;
  city: string;
  state: string;
  zip: string;
}

/** The DOM event the storefront raises when the delivery address is set (spec §4). */
export const DELIVERY_ADDRESS_SET_EVENT = "delivery-address-set";
