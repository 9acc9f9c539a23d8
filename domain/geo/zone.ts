import booleanPointInPolygon from "@turf/boolean-point-in-polygon";
import type { LatLng, PolygonGeometry, ZoneGeometry } from "./types.ts";

/** Reads a stored zone: a Polygon or MultiPolygon geometry, or a Feature wrapping one; else null. */
export function asZoneGeometry(value: unknown): ZoneGeometry | null {
  if (!value || typeof value !== "object") return null;
  const v = value as { type?: unknown; coordinates?: unknown; geometry?: unknown };
  if (v.type === "Feature") return asZoneGeometry(v.geometry);
  if ((v.type === "Polygon" || v.type === "MultiPolygon") && Array.isArray(v.coordinates))
    return v as ZoneGeometry;
  return null;
}

/** Whether the point lies inside the zone (its boundary counts as inside). */
export function isInZone(point: LatLng, zone: ZoneGeometry): boolean {
  return booleanPointInPolygon([point.lng, point.lat], zone);
}

const EARTH_RADIUS_KM = 6371;

/** Great-circle distance in kilometres. */
export function distanceKm(a: LatLng, b: LatLng): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** A square zone of the given half-width around a point: handy for tests and seeds. */
export function squareZone(center: LatLng, halfSideKm: number): PolygonGeometry {
  const dLat = halfSideKm / 111.32;
  const dLng = halfSideKm / (111.32 * Math.cos((center.lat * Math.PI) / 180));
  const { lat, lng } = center;
  return {
    type: "Polygon",
    coordinates: [
      [
        [lng - dLng, lat - dLat],
        [lng + dLng, lat - dLat],
        [lng + dLng, lat + dLat],
        [lng - dLng, lat + dLat],
        [lng - dLng, lat - dLat],
      ],
    ],
  };
}

export interface ZonedStore {
  id: string;
  lat: number;
  lng: number;
  zone: unknown;
}

/** Every delivery store whose zone holds the point, the nearest first (ties by id). */
export function storesServingPoint<S extends ZonedStore>(stores: readonly S[], point: LatLng): S[] {
  return stores
    .flatMap((store) => {
      const zone = asZoneGeometry(store.zone);
      return zone && isInZone(point, zone) ? [{ store, km: distanceKm(point, store) }] : [];
    })
    .sort((a, b) => a.km - b.km || (a.store.id < b.store.id ? -1 : a.store.id > b.store.id ? 1 : 0))
    .map((s) => s.store);
}

/** The delivery store whose zone holds the point (the nearest when zones overlap), or null. */
export function storeServingPoint<S extends ZonedStore>(stores: readonly S[], point: LatLng): S | null {
  return storesServingPoint(stores, point)[0] ?? null;
}
