import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { LatLng } from "./types.ts";
import { squareZone, storesServingPoint, type ZonedStore } from "./zone.ts";
import { ZoneIndex } from "./zone-index.ts";

/** Stores around Chicago, each with a square zone, a few with zones the scan finds in nothing. */
const store = fc.record({
  id: fc.string({ minLength: 1, maxLength: 4 }),
  lat: fc.double({ min: 41.6, max: 42.1, noNaN: true }),
  lng: fc.double({ min: -88.0, max: -87.5, noNaN: true }),
  halfKm: fc.double({ min: 0.2, max: 12, noNaN: true }),
  shape: fc.constantFrom("square", "multi", "none", "empty"),
});
const point = fc.record({
  lat: fc.double({ min: 41.5, max: 42.2, noNaN: true }),
  lng: fc.double({ min: -88.1, max: -87.4, noNaN: true }),
});

function zoned(s: {
  id: string;
  lat: number;
  lng: number;
  halfKm: number;
  shape: "square" | "multi" | "none" | "empty";
}): ZonedStore {
  const square = squareZone(s, s.halfKm);
  const zone =
    s.shape === "square"
      ? square
      : s.shape === "multi"
        ? {
            type: "MultiPolygon",
            coordinates: [square.coordinates, squareZone({ lat: s.lat + 0.2, lng: s.lng }, 1).coordinates],
          }
        : s.shape === "empty"
          ? { type: "Polygon", coordinates: [] }
          : null;
  return { id: s.id, lat: s.lat, lng: s.lng, zone };
}

describe("the zone index", () => {
  it("answers every position exactly as the scan over every zone does", () => {
    fc.assert(
      fc.property(
        fc.array(store, { maxLength: 60 }),
        fc.array(point, { minLength: 1, maxLength: 20 }),
        (raw, points) => {
          const stores = raw.map(zoned);
          const index = new ZoneIndex(stores);
          for (const p of points) expect(index.serving(p)).toEqual(storesServingPoint(stores, p));
        },
      ),
      { numRuns: 300 },
    );
  });

  it("finds a store on its zone's edge and in the second polygon of a multi-polygon, and none with no stores", () => {
    const stores = [zoned({ id: "a", lat: 41.9, lng: -87.7, halfKm: 1, shape: "multi" })];
    const index = new ZoneIndex(stores);
    const corner = (squareZone({ lat: 41.9, lng: -87.7 }, 1).coordinates[0] ?? [])[0] ?? [0, 0];
    const edge: LatLng = { lng: corner[0] ?? 0, lat: corner[1] ?? 0 };
    expect(index.serving(edge).map((s) => s.id)).toEqual(["a"]);
    expect(index.serving({ lat: 42.1, lng: -87.7 }).map((s) => s.id)).toEqual(["a"]);
    expect(index.serving({ lat: 42.0, lng: -87.7 })).toEqual([]);
    expect(new ZoneIndex([]).serving(edge)).toEqual([]);
  });
});
