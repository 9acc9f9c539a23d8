import type { Config } from "#server/config.ts";
import type { Geocoder } from "./geocoding.ts";
import { HostedGeocoder } from "./hosted-geocoder.ts";
import { OfflineGeocoder } from "./offline-geocoder.ts";

/** The geocoder's contract lives in geocoding.ts, which the two geocoders implement (importing this file was a circle). */
export type { GeocodedAddress, Geocoder } from "./geocoding.ts";

export function createGeocoder(config: Config["geocoder"]): Geocoder {
  return config.kind === "hosted" ? new HostedGeocoder(config.url, config.apiKey) : new OfflineGeocoder();
}
