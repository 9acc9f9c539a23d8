import Flatbush from "flatbush";
import type { LatLng, ZoneGeometry } from "./types.ts";
import { asZoneGeometry, distanceKm, isInZone, type ZonedStore } from "./zone.ts";

/**
 * The delivery stores' zones behind a spatial index (issue 35 §2): a packed R-tree over each zone's bounding box
 * (flatbush), so a position is tested against the few zones whose box holds it instead of every zone. Built once per
 * store list; answers exactly as `storesServingPoint` does (the nearest first, ties by id).
 */
export class ZoneIndex<S extends ZonedStore> {
  private readonly zoned: { store: S; zone: ZoneGeometry; box: Box }[];
  private readonly tree: Flatbush | null;

  constructor(stores: readonly S[]) {
    // A zone with no finite position holds no point: it is left out of the tree, as the linear scan finds it in none.
    this.zoned = stores.flatMap((store) => {
      const zone = asZoneGeometry(store.zone);
      if (!zone) return [];
      const box = boundingBox(zone);
      return box.every(Number.isFinite) ? [{ store, zone, box }] : [];
    });
    if (this.zoned.length === 0) {
      this.tree = null;
      return;
    }
    const tree = new Flatbush(this.zoned.length);
    for (const { box } of this.zoned) tree.add(...box);
    tree.finish();
    this.tree = tree;
  }

  /** Every store whose zone holds the point, the nearest first (ties by id). */
  serving(point: LatLng): S[] {
    if (!this.tree) return [];
    return this.tree
      .search(point.lng, point.lat, point.lng, point.lat)
      .flatMap((i) => {
        const entry = this.zoned[i];
        return entry && isInZone(point, entry.zone)
          ? [{ store: entry.store, km: distanceKm(point, entry.store) }]
          : [];
      })
      .sort((a, b) => a.km - b.km || (a.store.id < b.store.id ? -1 : a.store.id > b.store.id ? 1 : 0))
      .map((s) => s.store);
  }
}

/** [minLng, minLat, maxLng, maxLat] of every position of the zone (its holes lie inside its outer rings). */
type Box = [minLng: number, minLat: number, maxLng: number, maxLat: number];

function boundingBox(zone: ZoneGeometry): Box {
  const polygons = zone.type === "Polygon" ? [zone.coordinates] : zone.coordinates;
  let minX = Number.POSITIVE_INFINITY;
  let minY = Number.POSITIVE_INFINITY;
  let maxX = Number.NEGATIVE_INFINITY;
  let maxY = Number.NEGATIVE_INFINITY;
  for (const polygon of polygons)
    for (const ring of polygon)
      for (const [x = Number.NaN, y = Number.NaN] of ring) {
        minX = Math.min(minX, x);
        minY = Math.min(minY, y);
        maxX = Math.max(maxX, x);
        maxY = Math.max(maxY, y);
      }
  return [minX, minY, maxX, maxY];
}
