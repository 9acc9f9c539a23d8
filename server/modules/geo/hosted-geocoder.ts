import { type AddressParts, formatAddress } from "#domain/geo/address.ts";
import type { AddressSuggestion } from "#domain/geo/api.ts";
import { stateCode } from "#domain/geo/us-states.ts";
import { AppError } from "#server/errors.ts";
import type { GeocodedAddress, Geocoder } from "./geocoding.ts";

/** A result in the Nominatim search format (`format=json&addressdetails=1`), which most hosted services offer. */
interface HostedResult {
  lat: string;
  lon: string;
  address?: {
    house_number?: string;
    road?: string;
    city?: string;
    town?: string;
    village?: string;
    hamlet?: string;
    state?: string;
    postcode?: string;
  };
}

const TIMEOUT_MS = 3000;

/**
 * A hosted geocoder (GEOCODER=hosted, GEOCODER_URL, GEOCODER_API_KEY) speaking the Nominatim search format.
 * Point precision is the service's; a failure answers 502 so the shopper can retry.
 */
export class HostedGeocoder implements Geocoder {
  constructor(
    private readonly url: string,
    private readonly apiKey?: string,
  ) {}

  private async search(q: string, limit: number): Promise<HostedResult[]> {
    const url = new URL(this.url);
    url.searchParams.set("q", q);
    url.searchParams.set("format", "json");
    url.searchParams.set("addressdetails", "1");
    url.searchParams.set("countrycodes", "us");
    url.searchParams.set("limit", String(limit));
    const headers: Record<string, string> = { accept: "application/json" };
    if (this.apiKey) headers.authorization = `Bearer ${this.apiKey}`;
    try {
      const res = await fetch(url, { headers, signal: AbortSignal.timeout(TIMEOUT_MS) });
      if (!res.ok) throw new Error(`status ${res.status}`);
      const body = (await res.json()) as unknown;
      return Array.isArray(body) ? (body as HostedResult[]) : [];
    } catch {
      throw new AppError(
        502,
        "geocoder_unavailable",
        "We could not look up that address just now. Please try again.",
      );
    }
  }

  async geocode(_parts: AddressParts, typed: string): Promise<GeocodedAddress | null> {
    const [hit] = await this.search(typed, 1);
    const place = hit && toPlace(hit);
    if (!place) return null;
    return {
      lat: place.lat,
      lng: place.lng,
      city: place.city,
      state: place.state,
      zip: place.zip,
      precision: "address",
    };
  }

  async suggest(typed: string, limit: number): Promise<AddressSuggestion[]> {
    const results = await this.search(typed, limit);
    return results.flatMap((r) => {
      const place = toPlace(r);
      if (!place) return [];
      const street = [r.address?.house_number, r.address?.road].filter(Boolean).join(" ");
      return [
        {
          address: formatAddress({ street, ...place }),
          city: place.city,
          state: place.state,
          zip: place.zip,
        },
      ];
    });
  }
}

function toPlace(r: HostedResult) {
  const a = r.address ?? {};
  const city = a.city ?? a.town ?? a.village ?? a.hamlet;
  const state = a.state ? stateCode(a.state) : null;
  const zip = a.postcode?.slice(0, 5);
  const lat = Number(r.lat);
  const lng = Number(r.lon);
  if (!city || !state || !zip || !/^\d{5}$/.test(zip) || !Number.isFinite(lat) || !Number.isFinite(lng))
    return null;
  return { lat, lng, city, state, zip };
}
