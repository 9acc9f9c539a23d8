import { describe, expect, it } from "vitest";
import {
  asZoneGeometry,
  distanceKm,
  isInZone,
  squareZone,
  storeServingPoint,
  storesServingPoint,
} from "./zone.ts";

// A rough triangle over lower Manhattan.
const triangle = {
  type: "Polygon" as const,
  coordinates: [
    [
      [-74.02, 40.7],
      [-73.97, 40.7],
      [-73.99, 40.76],
      [-74.02, 40.7],
    ],
  ],
};

describe("delivery zones", () => {
  it.each([
    ["inside", { lat: 40.72, lng: -73.995 }, true],
    ["outside to the east", { lat: 40.72, lng: -73.9 }, false],
    ["lat/lng swapped is outside", { lat: -73.995, lng: 40.72 }, false],
    ["on a vertex", { lat: 40.7, lng: -74.02 }, true],
  ])("%s", (_name, point, expected) => {
    expect(isInZone(point, triangle)).toBe(expected);
  });

  it("handles MultiPolygon and Feature-wrapped zones", () => {
    const multi = {
      type: "MultiPolygon" as const,
      coordinates: [squareZone({ lat: 30, lng: -97 }, 2).coordinates, triangle.coordinates],
    };
    expect(isInZone({ lat: 40.72, lng: -73.995 }, multi)).toBe(true);
    expect(isInZone({ lat: 30.001, lng: -97.001 }, multi)).toBe(true);
    expect(isInZone({ lat: 35, lng: -90 }, multi)).toBe(false);
    expect(asZoneGeometry({ type: "Feature", properties: {}, geometry: triangle })).toEqual(triangle);
    expect(asZoneGeometry({ type: "Point", coordinates: [0, 0] })).toBeNull();
    expect(asZoneGeometry(null)).toBeNull();
  });

  it("a square zone contains points within its half side and not beyond", () => {
    const center = { lat: 41.88, lng: -87.63 };
    const zone = squareZone(center, 5);
    expect(isInZone({ lat: center.lat + 4 / 111.32, lng: center.lng }, zone)).toBe(true);
    expect(isInZone({ lat: center.lat + 6 / 111.32, lng: center.lng }, zone)).toBe(false);
  });

  it("measures great-circle distance", () => {
    // New York to Los Angeles is about 3,940 km.
    expect(distanceKm({ lat: 40.7128, lng: -74.006 }, { lat: 34.0522, lng: -118.2437 })).toBeCloseTo(
      3936,
      -1,
    );
    expect(distanceKm({ lat: 1, lng: 1 }, { lat: 1, lng: 1 })).toBe(0);
  });
});

describe("storeServingPoint", () => {
  const a = { id: "a", lat: 40.71, lng: -74.0, zone: squareZone({ lat: 40.71, lng: -74.0 }, 5) };
  const b = { id: "b", lat: 40.75, lng: -73.98, zone: squareZone({ lat: 40.75, lng: -73.98 }, 5) };
  const noZone = { id: "c", lat: 40.72, lng: -73.99, zone: null };

  it.each([
    ["only a's zone", { lat: 40.68, lng: -74.0 }, "a"],
    ["only b's zone", { lat: 40.78, lng: -73.98 }, "b"],
    ["both zones: the nearer store", { lat: 40.74, lng: -73.98 }, "b"],
    ["no zone", { lat: 41.5, lng: -74.0 }, null],
  ])("%s", (_name, point, expected) => {
    expect(storeServingPoint([noZone, a, b], point)?.id ?? null).toBe(expected);
  });

  it.each([
    ["only a's zone", { lat: 40.68, lng: -74.0 }, ["a"]],
    ["both zones, nearer first", { lat: 40.74, lng: -73.98 }, ["b", "a"]],
    ["both zones, the other way", { lat: 40.72, lng: -73.99 }, ["a", "b"]],
    ["no zone", { lat: 41.5, lng: -74.0 }, []],
  ])("every store serving %s", (_name, point, expected) => {
    expect(storesServingPoint([noZone, b, a], point).map((s) => s.id)).toEqual(expected);
  });
});
