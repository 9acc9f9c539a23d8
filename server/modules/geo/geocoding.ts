import type { AddressParts } from "#domain/geo/address.ts";
import type { AddressSuggestion } from "#domain/geo/api.ts";

/** Where an address is: the point, and the city, state and ZIP it belongs to. */
export interface GeocodedAddress {
  lat: number;
  lng: number;
  city: string;
  state: string;
  zip: string;
  /** How exact the point is: a ZIP centroid, a city's centroid, or the street address itself. */
  precision: "address" | "zip" | "city";
}

/** Turns typed addresses into points. Offline (ZIP centroids) by default; a hosted service in production. */
export interface Geocoder {
  geocode(parts: AddressParts, typed: string): Promise<GeocodedAddress | null>;
  suggest(typed: string, limit: number): Promise<AddressSuggestion[]>;
}
