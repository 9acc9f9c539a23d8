import { type AddressParts, formatAddress, parseAddress } from "#domain/geo/address.ts";
import type { AddressSuggestion } from "#domain/geo/api.ts";
import type { GeocodedAddress, Geocoder } from "./geocoding.ts";

interface ZipEntry {
  zip: string;
  latitude: number;
  longitude: number;
  city: string;
  state: string;
  country: string;
}

interface ZipIndex {
  byZip: Map<string, ZipEntry>;
  /** Every US ZIP, sorted by city then ZIP, for prefix scans. */
  all: ZipEntry[];
  byCity: Map<string, ZipEntry[]>;
}

let index: Promise<ZipIndex> | null = null;

/** The US ZIP centroid table (the `zipcodes` package), loaded on first use: it is a few megabytes. */
function zipIndex(): Promise<ZipIndex> {
  index ??= import("zipcodes").then((mod) => {
    const codes = (mod.default ?? mod).codes as Record<string, ZipEntry>;
    const all = Object.values(codes)
      .filter((e) => e.country === "US" && /^\d{5}$/.test(e.zip))
      .sort((a, b) => a.city.localeCompare(b.city) || a.zip.localeCompare(b.zip));
    const byCity = new Map<string, ZipEntry[]>();
    for (const e of all) {
      const key = cityKey(e.city, e.state);
      const list = byCity.get(key) ?? [];
      list.push(e);
      byCity.set(key, list);
    }
    return { byZip: new Map(all.map((e) => [e.zip, e])), all, byCity };
  });
  return index;
}

const cityKey = (city: string, state: string) => `${city.trim().toLowerCase()}|${state.toUpperCase()}`;

/**
 * Geocodes from US ZIP centroids: the ZIP's centre when a ZIP is given (its city and state win over typed
 * ones), else the centre of the city's ZIPs. The street line is kept as typed; the point is not the door.
 */
export class OfflineGeocoder implements Geocoder {
  async geocode(parts: AddressParts): Promise<GeocodedAddress | null> {
    const { byZip, byCity } = await zipIndex();
    if (parts.zip) {
      const e = byZip.get(parts.zip);
      return e
        ? { lat: e.latitude, lng: e.longitude, city: e.city, state: e.state, zip: e.zip, precision: "zip" }
        : null;
    }
    if (parts.city && parts.state) {
      const zips = byCity.get(cityKey(parts.city, parts.state));
      if (!zips?.length) return null;
      const lat = zips.reduce((s, e) => s + e.latitude, 0) / zips.length;
      const lng = zips.reduce((s, e) => s + e.longitude, 0) / zips.length;
      return { lat, lng, city: zips[0].city, state: zips[0].state, zip: zips[0].zip, precision: "city" };
    }
    return null;
  }

  /**
   * Completions for what follows the street line: a ZIP (or its first digits), or a city name (or its
   * start), narrowed by the state when one is typed.
   */
  async suggest(typed: string, limit: number): Promise<AddressSuggestion[]> {
    const parts = parseAddress(typed);
    const { byZip, all } = await zipIndex();
    const street = parts.street;
    const pick = (entries: ZipEntry[]) =>
      entries.slice(0, limit).map((e) => ({
        address: formatAddress({ street, city: e.city, state: e.state, zip: e.zip }),
        city: e.city,
        state: e.state,
        zip: e.zip,
      }));

    if (parts.zip) {
      const e = byZip.get(parts.zip);
      return e ? pick([e]) : [];
    }
    const tail = lastPart(typed);
    if (/^\d{3,4}$/.test(tail)) {
      return pick(all.filter((e) => e.zip.startsWith(tail)).sort((a, b) => a.zip.localeCompare(b.zip)));
    }
    const cityPrefix = (
      parts.city ?? (parts.street && !parts.street_number && !typed.includes(",") ? parts.street : null)
    )
      ?.trim()
      .toLowerCase();
    if (!cityPrefix || cityPrefix.length < 2) return [];
    const cityStreet = parts.city ? street : "";
    const matches = all.filter(
      (e) => e.city.toLowerCase().startsWith(cityPrefix) && (!parts.state || e.state === parts.state),
    );
    // Exact city names first, then one ZIP per city before a second ZIP of any city.
    const seen = new Map<string, number>();
    const ranked = matches
      .map((e) => {
        const key = cityKey(e.city, e.state);
        const rank = seen.get(key) ?? 0;
        seen.set(key, rank + 1);
        return { e, exact: e.city.toLowerCase() === cityPrefix ? 0 : 1, rank };
      })
      .sort(
        (a, b) =>
          a.exact - b.exact ||
          a.rank - b.rank ||
          a.e.city.localeCompare(b.e.city) ||
          a.e.zip.localeCompare(b.e.zip),
      )
      .map((x) => x.e);
    return ranked.slice(0, limit).map((e) => ({
      address: formatAddress({ street: cityStreet, city: e.city, state: e.state, zip: e.zip }),
      city: e.city,
      state: e.state,
      zip: e.zip,
    }));
  }
}

function lastPart(typed: string): string {
  const afterComma = typed.split(",").at(-1) ?? "";
  return afterComma.trim().split(/\s+/).at(-1) ?? "";
}
