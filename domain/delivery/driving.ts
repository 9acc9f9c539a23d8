import type { LatLng } from "../geo/types.ts";
import { distanceKm } from "../geo/zone.ts";

/**
 * The driver's side of an order on its way (docs/adr/0031-driver-view.md): how long is left from where the driver
 * is, the words the tracking page shows, the order of the stops on a run, and the simulator's path.
 */

/** City driving, door to door, as a planning speed. */
export const DRIVING_KMH = 24;
/** Parking, the walk to the door and the ID check. */
export const HANDOFF_MINUTES = 2;
/** Closer than this, the driver is arriving. */
export const ARRIVING_KM = 0.15;
const KM_PER_MILE = 1.609344;

/** Whole minutes from the driver's position to the door, handoff included. */
export function etaMinutes(driver: LatLng, door: LatLng): number {
  const km = distanceKm(driver, door);
  if (km < ARRIVING_KM) return 1;
  return Math.ceil((km / DRIVING_KMH) * 60 + HANDOFF_MINUTES);
}

/** The tracking state the shopper reads (spec §4 Live order: "tracking state"). */
export function trackingState(driver: LatLng, door: LatLng): string {
  const km = distanceKm(driver, door);
  if (km < ARRIVING_KM) return "Your driver is arriving";
  const miles = km / KM_PER_MILE;
  return `Your driver is ${miles < 10 ? miles.toFixed(1) : Math.round(miles)} mi away`;
}

/**
 * The order to visit a run's stops from the store: each next stop the nearest to the last (good enough for the few
 * orders one driver carries; a routing service would replace it).
 */
export function routeStops<T extends { position: LatLng }>(start: LatLng, stops: readonly T[]): T[] {
  const left = [...stops];
  const route: T[] = [];
  let here = start;
  while (left.length > 0) {
    let best = 0;
    for (let i = 1; i < left.length; i++)
      if (distanceKm(here, left[i].position) < distanceKm(here, left[best].position)) best = i;
    const [next] = left.splice(best, 1);
    route.push(next);
    here = next.position;
  }
  return route;
}

/** The simulator's path: `steps` points from `from` to `to`, the last one at the door. */
export function simulatedPath(from: LatLng, to: LatLng, steps: number): LatLng[] {
  const n = Math.max(1, Math.floor(steps));
  return Array.from({ length: n }, (_, i) => {
    const t = (i + 1) / n;
    return { lat: from.lat + (to.lat - from.lat) * t, lng: from.lng + (to.lng - from.lng) * t };
  });
}
