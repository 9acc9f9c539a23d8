/**
 * Who serves a position, at 16, 160 and 1,600 stores (issue 35 §2): the scan over every zone
 * (`storesServingPoint`) against the zone index (`ZoneIndex`, a packed R-tree over the zones' boxes). Stores are
 * placed around the seeded cities with square zones of 3–8 km, as the seed draws them; positions are drawn near
 * the same cities, so most fall in some zone. In process, no database: the lookup alone.
 */
import { squareZone, storesServingPoint, type ZonedStore } from "#domain/geo/zone.ts";
import { ZoneIndex } from "#domain/geo/zone-index.ts";

const CITIES = [
  { lat: 41.88, lng: -87.63 },
  { lat: 34.05, lng: -118.24 },
  { lat: 37.77, lng: -122.42 },
  { lat: 40.71, lng: -74.01 },
  { lat: 30.27, lng: -97.74 },
  { lat: 39.74, lng: -104.99 },
  { lat: 47.61, lng: -122.33 },
  { lat: 25.76, lng: -80.19 },
  { lat: 37.34, lng: -121.89 },
  { lat: 38.91, lng: -77.04 },
];

/** A small deterministic generator, so every run draws the same stores and positions. */
function random(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
}

function nearCity(next: () => number, spreadDeg: number) {
  const city = CITIES[Math.floor(next() * CITIES.length)] ?? CITIES[0];
  return {
    lat: (city?.lat ?? 0) + (next() - 0.5) * spreadDeg,
    lng: (city?.lng ?? 0) + (next() - 0.5) * spreadDeg,
  };
}

export interface ZoneLookupFigures {
  stores: number;
  /** Lookups a second: the scan, the index. */
  scan: number;
  index: number;
  /** Positions served by at least one store (the same for both, checked). */
  served: number;
  positions: number;
  /** Zones holding a position, on average. */
  zonesPerPosition: number;
}

function rate(fn: () => void, positions: number, minMs = 400): number {
  let runs = 0;
  const start = performance.now();
  while (performance.now() - start < minMs) {
    fn();
    runs++;
  }
  return (runs * positions * 1000) / (performance.now() - start);
}

export function measureZoneLookup(storeCounts = [16, 160, 1600]): ZoneLookupFigures[] {
  return storeCounts.map((count) => {
    const next = random(count);
    const stores: ZonedStore[] = Array.from({ length: count }, (_, i) => {
      const at = nearCity(next, 0.6);
      return { id: `st_${i}`, ...at, zone: squareZone(at, 3 + next() * 5) };
    });
    const points = Array.from({ length: 200 }, () => nearCity(next, 0.6));
    const index = new ZoneIndex(stores);
    let served = 0;
    let holding = 0;
    for (const p of points) {
      const a = storesServingPoint(stores, p).map((s) => s.id);
      const b = index.serving(p).map((s) => s.id);
      if (a.join() !== b.join()) throw new Error(`the index and the scan disagree at ${p.lat},${p.lng}`);
      if (a.length > 0) served++;
      holding += a.length;
    }
    const scan = rate(() => {
      for (const p of points) storesServingPoint(stores, p);
    }, points.length);
    const indexed = rate(() => {
      for (const p of points) index.serving(p);
    }, points.length);
    return {
      stores: count,
      scan,
      index: indexed,
      served,
      positions: points.length,
      zonesPerPosition: holding / points.length,
    };
  });
}
