/** A GeoJSON Polygon geometry: rings of [longitude, latitude], the first ring closed. */
export interface GeoJsonPolygon {
  type: "Polygon";
  coordinates: [number, number][][];
}

const EARTH_RADIUS_KM = 6371;

/**
 * A delivery zone: a polygon of `points` corners on a circle of `radiusKm` around a store. Corners are
 * rounded to 5 decimals (about a metre), and the ring is closed (first corner repeated last).
 */
export function circleZone(lat: number, lng: number, radiusKm: number, points = 24): GeoJsonPolygon {
  const ring: [number, number][] = [];
  const angular = radiusKm / EARTH_RADIUS_KM;
  const latRad = (lat * Math.PI) / 180;
  const lngRad = (lng * Math.PI) / 180;
  for (let i = 0; i < points; i++) {
    const bearing = (2 * Math.PI * i) / points;
    const pLat = Math.asin(
      Math.sin(latRad) * Math.cos(angular) + Math.cos(latRad) * Math.sin(angular) * Math.cos(bearing),
    );
    const pLng =
      lngRad +
      Math.atan2(
        Math.sin(bearing) * Math.sin(angular) * Math.cos(latRad),
        Math.cos(angular) - Math.sin(latRad) * Math.sin(pLat),
      );
    ring.push([round5((pLng * 180) / Math.PI), round5((pLat * 180) / Math.PI)]);
  }
  ring.push([...ring[0]] as [number, number]);
  return { type: "Polygon", coordinates: [ring] };
}

const round5 = (n: number) => Math.round(n * 1e5) / 1e5;

/** Great-circle distance in km (haversine). */
export function distanceKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const toRad = (d: number) => (d * Math.PI) / 180;
  const dLat = toRad(b.lat - a.lat);
  const dLng = toRad(b.lng - a.lng);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(toRad(a.lat)) * Math.cos(toRad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.sqrt(h));
}
