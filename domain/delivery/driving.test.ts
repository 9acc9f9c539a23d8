import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { distanceKm } from "../geo/zone.ts";
import { etaMinutes, routeStops, simulatedPath, trackingState } from "./driving.ts";

const store = { lat: 41.9, lng: -87.68 };
// About 0.01° of latitude is 1.11 km.
const north = (km: number) => ({ lat: store.lat + km / 111.195, lng: store.lng });

describe("time and words from the driver's position", () => {
  it.each([
    [0, 1, "Your driver is arriving"],
    [0.1, 1, "Your driver is arriving"],
    [1, 5, "Your driver is 0.6 mi away"],
    [4, 12, "Your driver is 2.5 mi away"],
    [24, 62, "Your driver is 15 mi away"],
  ])("%s km from the door: %s min, %s", (km, minutes, words) => {
    expect(etaMinutes(north(km), store)).toBe(minutes);
    expect(trackingState(north(km), store)).toBe(words);
  });

  it("never promises less time for a longer way", () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 50, noNaN: true }),
        fc.double({ min: 0, max: 50, noNaN: true }),
        (a, b) => {
          const [near, far] = a < b ? [a, b] : [b, a];
          expect(etaMinutes(north(near), store)).toBeLessThanOrEqual(etaMinutes(north(far), store));
        },
      ),
    );
  });
});

describe("a run's stops", () => {
  it("visits the nearest next", () => {
    const stops = [
      { id: "far", position: north(5) },
      { id: "near", position: north(1) },
      { id: "mid", position: north(3) },
    ];
    expect(routeStops(store, stops).map((s) => s.id)).toEqual(["near", "mid", "far"]);
    expect(routeStops(store, [])).toEqual([]);
  });
});

describe("the simulator's path", () => {
  it("moves toward the door in even steps and ends there", () => {
    const door = north(3);
    const path = simulatedPath(store, door, 6);
    expect(path).toHaveLength(6);
    expect(path.at(-1)).toEqual(door);
    const left = path.map((p) => distanceKm(p, door));
    for (let i = 1; i < left.length; i++) expect(left[i]).toBeLessThan(left[i - 1]);
    expect(simulatedPath(store, door, 0)).toEqual([door]);
  });
});
