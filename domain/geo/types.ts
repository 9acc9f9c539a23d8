/** A point on the map in WGS 84 degrees. */
export interface LatLng {
  lat: number;
  lng: number;
}

/** A delivery zone: a GeoJSON Polygon or MultiPolygon geometry (positions are [lng, lat]). */
export type ZoneGeometry = PolygonGeometry | { type: "MultiPolygon"; coordinates: number[][][][] };
export type PolygonGeometry = { type: "Polygon"; coordinates: number[][][] };
