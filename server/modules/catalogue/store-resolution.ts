import type { Destination } from "#domain/compliance/where.ts";
import { ZoneIndex } from "#domain/geo/zone-index.ts";
import type { Coverage } from "#domain/gifts/address.ts";
import { badRequest } from "#server/errors.ts";
import type { Db } from "#server/platform/db.ts";

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

/** What a shopper is told of a store and what its delivery times are built from (spec §3 Vendor, §8). */
export interface KeptStore extends ResolvedStore {
  eta_minutes: number;
  min_order_cents: number;
  delivery_fee_cents: number;
  timezone: string;
  hours: unknown;
  /** The seed's city code, which names the city's laws (`domain/compliance/rules/`); null for none. */
  city_code: string | null;
}

interface StoreRow extends KeptStore {
  lat: number;
  lng: number;
  is_default: boolean;
  /** Delivery zone (GeoJSON Polygon or MultiPolygon); null for shipping stores. */
  zone: unknown;
}

/**
 * Every request resolves a store; the list is tiny and rarely changes, so it is kept for a minute, and forgotten
 * at once when a store changes (forgetShelf, on every instance). Its terms serve the shopper's previews (the vendor,
 * an address's delivery times); placing an order reads them in its own statement.
 */
const STORE_LIST_MS = 60_000;
const storeLists = new WeakMap<Db, { at: number; rows: Promise<StoreRow[]> }>();

function storeList(db: Db, fresh = false): Promise<StoreRow[]> {
  const hit = storeLists.get(db);
  if (!fresh && hit && Date.now() - hit.at < STORE_LIST_MS) return hit.rows;
  const rows = db
    .selectFrom("stores")
    .select([
      "id",
      "name",
      "is_shipping",
      "lat",
      "lng",
      "is_default",
      "zone",
      "eta_minutes",
      "min_order_cents",
      "delivery_fee_cents",
      "timezone",
      "hours",
      "city_code",
    ])
    .orderBy("id")
    .execute();
  storeLists.set(db, { at: Date.now(), rows });
  rows.catch(() => storeLists.delete(db));
  return rows;
}

/** Forgets the store list (a store or its zone changed): the next request reads it again. */
export function forgetStoreList(db: Db): void {
  storeLists.delete(db);
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

/** The delivery stores' zones indexed once per store list (the list is kept for a minute, the same array). */
const zoneIndexes = new WeakMap<readonly StoreRow[], ZoneIndex<StoreRow>>();

function zoneIndexOf(stores: readonly StoreRow[]): ZoneIndex<StoreRow> {
  let index = zoneIndexes.get(stores);
  if (!index) {
    index = new ZoneIndex(stores.filter((s) => !s.is_shipping));
    zoneIndexes.set(stores, index);
  }
  return index;
}

const pick = (s: ResolvedStore): ResolvedStore => ({ id: s.id, name: s.name, is_shipping: s.is_shipping });

/**
 * The stores that serve a delivery position: every delivery store whose zone holds it, the nearest first; outside
 * every zone the shipping store (spec §3 Vendor: banner 'out_of_zone'). `primary` is the one whose shelf the
 * shopper sees. Empty only when there is neither.
 */
function servingAt(stores: readonly StoreRow[], point: { lat: number; lng: number }): StoreRow[] {
  const zoned = zoneIndexOf(stores).serving(point);
  if (zoned.length > 0) return zoned;
  const shipping = stores.find((s) => s.is_shipping);
  return shipping ? [shipping] : [];
}

export interface ServingStores {
  /** The store that serves the position: where the shopper's prices, and a moving cart, come from. */
  primary: ResolvedStore;
  /** Every store that serves it (primary first): a cart may hold lines of these, and only these. */
  ids: string[];
  /**
   * The position served, with its state when the caller knows it (a saved address, a gift's placed address): what
   * the cart reads the delivery and shipping laws against (domain/compliance/where.ts).
   */
  destination: Destination;
}

/** Who serves a delivery position (the cart's rule of ADR 0018); null when no store can (no stores at all). */
export async function servingStores(
  db: Db,
  point: { lat: number; lng: number },
  /** The position's state, when the caller knows it (the saved address's). */
  state: string | null = null,
  /** And its ZIP. */
  postalCode: string | null = null,
): Promise<ServingStores | null> {
  let stores = await storeList(db);
  if (stores.length === 0) stores = await storeList(db, true);
  const serving = servingAt(stores, point);
  const primary = serving[0] ?? fallbackOf(stores);
  if (!primary) return null;
  return {
    primary: pick(primary),
    ids: serving.length > 0 ? serving.map((s) => s.id) : [primary.id],
    destination: { lat: point.lat, lng: point.lng, state, postalCode },
  };
}

/**
 * Who serves a delivery position, strictly: the delivery stores whose zones hold it (nearest first), else the
 * shipping store, else nobody. Unlike servingStores, no default store stands in: a gift to an address (ADR 0053)
 * must be refused where nobody delivers or ships.
 */
export async function coverageAt(db: Db, point: { lat: number; lng: number }): Promise<Coverage> {
  let stores = await storeList(db);
  if (stores.length === 0) stores = await storeList(db, true);
  const serving = servingAt(stores, point);
  if (serving.length === 0) return { kind: "none" };
  if (serving[0].is_shipping) return { kind: "shipped", store: { id: serving[0].id, name: serving[0].name } };
  return { kind: "delivered", stores: serving.map((s) => ({ id: s.id, name: s.name })) };
}

/** The stores a cart sent to a covered position may hold lines of (the cart's rule of ADR 0018). */
export function servingOfCoverage(
  coverage: Exclude<Coverage, { kind: "none" }>,
  /** The placed address the coverage is of (its ZIP, when placed by the geocoder). */
  place: Destination & { zip?: string },
): ServingStores {
  const stores = coverage.kind === "shipped" ? [coverage.store] : coverage.stores;
  const shipping = coverage.kind === "shipped";
  return {
    primary: { id: stores[0].id, name: stores[0].name, is_shipping: shipping },
    ids: stores.map((s) => s.id),
    destination: { lat: place.lat, lng: place.lng, state: place.state, postalCode: place.zip ?? null },
  };
}

const fallbackOf = (stores: readonly StoreRow[]) =>
  stores.find((s) => s.is_default) ?? stores.find((s) => !s.is_shipping) ?? stores[0];

/**
 * The store whose shelf prices a request sees: the x-store-id store (unknown → 400); else, for lat/lng, the
 * delivery store whose zone polygon holds the point (nearest when zones overlap), and outside every zone the
 * shipping store (spec §3 Vendor: banner 'out_of_zone'); else the default store. Null only when there are
 * no stores at all.
 */
export async function resolveStore(db: Db, hints: StoreHints): Promise<ResolvedStore | null> {
  const store = await resolveKeptStore(db, hints);
  return store ? pick(store) : null;
}

/** resolveStore, with the store's terms as the kept list has them. */
export async function resolveKeptStore(db: Db, hints: StoreHints): Promise<KeptStore | null> {
  let stores = await storeList(db);
  if (hints.storeId !== undefined) {
    const id = hints.storeId;
    const found = await keptStore(db, id);
    if (!found) throw badRequest(`Unknown store "${id}" in x-store-id`, "unknown_store");
    return found;
  }
  if (stores.length === 0) stores = await storeList(db, true);
  if (hints.lat !== undefined && hints.lng !== undefined) {
    const [serving] = servingAt(stores, { lat: hints.lat, lng: hints.lng });
    if (serving) return serving;
  }
  return fallbackOf(stores) ?? null;
}

/** A store of the kept list by id, or null when there is none. */
export async function keptStore(db: Db, id: string): Promise<KeptStore | null> {
  // A store added since the list was read is found by reading it again.
  const found =
    (await storeList(db)).find((s) => s.id === id) ?? (await storeList(db, true)).find((s) => s.id === id);
  return found ?? null;
}
