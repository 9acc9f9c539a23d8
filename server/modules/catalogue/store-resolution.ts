import { storeServingPoint } from "../../../domain/geo/zone.ts";
import { badRequest } from "../../errors.ts";
import type { Db } from "../../platform/db.ts";

export interface ResolvedStore {
  id: string;
  name: string;
  is_shipping: boolean;
}

export interface StoreHints {
  /** x-store-id header (or an explicit store_id query). */
  storeId?: string;
  lat?: number;
  lng?: number;
}

interface StoreRow extends ResolvedStore {
  lat: number;
  lng: number;
  is_default: boolean;
  /** Delivery zone (GeoJSON Polygon or MultiPolygon); null for shipping stores. */
  zone: unknown;
}

/** Every request resolves a store; the list is tiny and rarely changes, so it is kept for a minute. */
const STORE_LIST_MS = 60_000;
const storeLists = new WeakMap<Db, { at: number; rows: Promise<StoreRow[]> }>();

function storeList(db: Db, fresh = false): Promise<StoreRow[]> {
  const hit = storeLists.get(db);
  if (!fresh && hit && Date.now() - hit.at < STORE_LIST_MS) return hit.rows;
  const rows = db
    .selectFrom("stores")
    .select(["id", "name", "is_shipping", "lat", "lng", "is_default", "zone"])
    .orderBy("id")
    .execute();
  storeLists.set(db, { at: Date.now(), rows });
  rows.catch(() => storeLists.delete(db));
  return rows;
}

/** Collects the store hints of a request: x-store-id, then lat/lng from the headers, else from the query. */
export function storeHintsOf(
  headers: { "x-store-id"?: string; lat?: number; lng?: number },
  query: { lat?: number; lng?: number; store_id?: string } = {},
): StoreHints {
  const fromHeaders = headers.lat !== undefined || headers.lng !== undefined;
  const lat = fromHeaders ? headers.lat : query.lat;
  const lng = fromHeaders ? headers.lng : query.lng;
  if ((lat === undefined) !== (lng === undefined)) throw badRequest("lat and lng must be sent together");
  return { storeId: headers["x-store-id"] ?? query.store_id, lat, lng };
}

const pick = (s: StoreRow): ResolvedStore => ({ id: s.id, name: s.name, is_shipping: s.is_shipping });

/**
 * The store whose shelf prices a request sees: the x-store-id store (unknown → 400); else, for lat/lng, the
 * delivery store whose zone polygon holds the point (nearest when zones overlap), and outside every zone the
 * shipping store (spec §3 Vendor: banner 'out_of_zone'); else the default store. Null only when there are
 * no stores at all.
 */
export async function resolveStore(db: Db, hints: StoreHints): Promise<ResolvedStore | null> {
  let stores = await storeList(db);
  if (hints.storeId !== undefined) {
    const id = hints.storeId;
    // A store added since the list was read is found by reading it again.
    const found = stores.find((s) => s.id === id) ?? (await storeList(db, true)).find((s) => s.id === id);
    if (!found) throw badRequest(`Unknown store "${id}" in x-store-id`, "unknown_store");
    return pick(found);
  }
  if (stores.length === 0) stores = await storeList(db, true);
  if (hints.lat !== undefined && hints.lng !== undefined) {
    const serving =
      storeServingPoint(
        stores.filter((s) => !s.is_shipping),
        { lat: hints.lat, lng: hints.lng },
      ) ?? stores.find((s) => s.is_shipping);
    if (serving) return pick(serving);
  }
  const fallback = stores.find((s) => s.is_default) ?? stores.find((s) => !s.is_shipping) ?? stores[0];
  return fallback ? pick(fallback) : null;
}
