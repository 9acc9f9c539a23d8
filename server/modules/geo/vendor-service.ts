import { type QueryCreator, type SelectQueryBuilder, sql } from "kysely";
import type { Database } from "#db/schema.ts";
import { buildAvailability } from "#domain/availability/availability.ts";
import { isWeeklyHours } from "#domain/availability/hours.ts";
import type { Availability } from "#domain/availability/types.ts";
import { lawfulAvailability, lawRefusal } from "#domain/compliance/lawful-availability.ts";
import { saleHoursFor } from "#domain/compliance/rules/index.ts";
import type { SaleClass } from "#domain/compliance/types.ts";
import { AVAILABILITY_FAILED } from "#domain/copy.ts";
import { OUT_OF_ZONE, type Vendor } from "#domain/geo/api.ts";
import { AppError } from "#server/errors.ts";
import type { Db } from "#server/platform/db.ts";
import { type KeptStore, keptStore, resolveKeptStore, type StoreHints } from "../catalogue/index.ts";

const noStore = () => new AppError(503, "no_store", "No store is set up yet.");

/** The store that serves a position (catalogue's store resolution, zones included) and what it offers. */
export async function vendorFor(db: Db, hints: StoreHints): Promise<Vendor> {
  return (await vendorWithTerms(db, hints)).vendor;
}

/**
 * The vendor of a position and its store's availability terms, read in one statement (setting an address answers
 * both: the store was read twice).
 */
export async function vendorWithTerms(
  db: Db,
  hints: StoreHints,
): Promise<{ vendor: Vendor; terms: StoreTerms }> {
  const store = await resolveKeptStore(db, hints);
  if (!store) throw noStore();
  const located = hints.storeId === undefined && hints.lat !== undefined;
  const { id, name, is_shipping, eta_minutes, min_order_cents, delivery_fee_cents } = store;
  return {
    vendor: {
      store_id: id,
      shipping: is_shipping,
      banner: located && is_shipping ? { _id: OUT_OF_ZONE } : null,
      store: { id, name, is_shipping, eta_minutes, min_order_cents, delivery_fee_cents },
    },
    terms: termsOf(store),
  };
}

/** The part of a kept store its availability is built from (and keyed by: availabilityAt). */
const termsOf = (store: KeptStore): StoreTerms => ({
  id: store.id,
  is_shipping: store.is_shipping,
  eta_minutes: store.eta_minutes,
  timezone: store.timezone,
  hours: store.hours,
  city_code: store.city_code,
});

/**
 * Delivery availability of the store serving a position, for an order of `classes` (cut to the hours the law allows
 * them; none, the store's own hours alone); any failure reads as spec §8's availability text.
 */
export async function availabilityFor(
  db: Db,
  hints: StoreHints,
  now: Date,
  classes: readonly SaleClass[] = [],
): Promise<Availability> {
  const resolved = await resolveKeptStore(db, hints).catch((err: unknown) => {
    // An unknown store in x-store-id is the caller's mistake (4xx), not ours: the same text, answered as a 400.
    if (err instanceof AppError && err.status < 500) {
      throw new AppError(400, "availability_failed", AVAILABILITY_FAILED);
    }
    return null;
  });
  if (!resolved) throw new AppError(503, "availability_failed", AVAILABILITY_FAILED);
  return availabilityOfStore(db, resolved.id, now, termsOf(resolved), classes);
}

export async function availabilityOfStore(
  db: Db,
  storeId: string,
  now: Date,
  /** The store's row as availabilityTermsOf read it, when the caller has it (else the kept store list's). */
  terms?: StoreTerms,
  /** The sale classes of the order (issue 33 §2): its times are cut to the hours the law allows every one. */
  classes: readonly SaleClass[] = [],
): Promise<Availability> {
  const kept = terms ? null : await keptStore(db, storeId);
  const store = terms ?? (kept && termsOf(kept));
  const hours: unknown = store?.hours;
  if (!store || !isWeeklyHours(hours)) throw new AppError(503, "availability_failed", AVAILABILITY_FAILED);
  try {
    return availabilityAt({ ...store, hours }, now, classes);
  } catch {
    // An unknown time zone in the data, for instance.
    throw new AppError(503, "availability_failed", AVAILABILITY_FAILED);
  }
}

/**
 * Why the law where the store sells forbids delivering an order of `classes` at some moment of [start, end), in
 * the shopper's words; null when it allows all of it (or holds no rules for the store's city).
 */
export async function deliveryLawRefusal(
  db: Db,
  storeId: string,
  classes: readonly SaleClass[],
  start: Date,
  end: Date,
  terms?: Pick<StoreTerms, "timezone" | "city_code">,
): Promise<string | null> {
  if (classes.length === 0) return null;
  const store =
    terms ??
    (await db
      .selectFrom("stores")
      .select(["timezone", "city_code"])
      .where("id", "=", storeId)
      .executeTakeFirst());
  const city = store?.city_code ? saleHoursFor(store.city_code) : null;
  if (!store || !city) return null;
  return lawRefusal({ timeZone: store.timezone, rules: city.rules, classes }, start, end);
}

/** What a store's availability is built from. */
export interface StoreTerms {
  id: string;
  is_shipping: boolean;
  eta_minutes: number;
  timezone: string;
  hours: unknown;
  /** The seed's city code, which names the city's laws (`domain/compliance/rules/`); null for none. */
  city_code: string | null;
}

/**
 * The terms of each store `storeIds` names, as one JSON array: a subquery for a statement of the caller's (checkout
 * reads them with its claim).
 */
export function availabilityTermsOf<DB, TB extends keyof DB>(
  db: QueryCreator<Database>,
  storeIds: SelectQueryBuilder<DB, TB, { store_id: string }>,
) {
  return db
    .selectFrom("stores")
    .select(
      sql<StoreTerms[]>`coalesce(json_agg(json_build_object('id', id, 'is_shipping', is_shipping,
        'eta_minutes', eta_minutes, 'timezone', timezone, 'hours', hours, 'city_code', city_code)), '[]')`.as(
        "terms",
      ),
    )
    .where("id", "in", storeIds);
}

const MINUTE = 60_000;
/** Availabilities built this minute, by the store's terms: every call in a minute with the same terms agrees. */
let built: { minute: number; byTerms: Map<string, Availability> } = { minute: -1, byTerms: new Map() };

/**
 * Builds a store's availability for the minute `now` falls in, for an order of `classes`. Seven days of slots in the
 * store's time zone cost about a millisecond of CPU, and cutting them to the law's hours as much again, and checkout
 * asks on every order: within a minute, a store with the same terms and classes gets the availability already built.
 * Edited hours are new terms, so they count at once.
 */
function availabilityAt(
  store: Parameters<typeof buildAvailability>[0] & { city_code: string | null },
  now: Date,
  classes: readonly SaleClass[],
): Availability {
  const minute = Math.floor(now.getTime() / MINUTE);
  if (built.minute !== minute) built = { minute, byTerms: new Map() };
  const at = new Date(minute * MINUTE);
  const terms = JSON.stringify(store);
  let open = built.byTerms.get(terms);
  if (!open) {
    open = buildAvailability(store, at);
    built.byTerms.set(terms, open);
  }
  const city = store.city_code ? saleHoursFor(store.city_code) : null;
  if (!city || classes.length === 0) return open;
  const key = `${terms}\n${classes.join(",")}`;
  let lawful = built.byTerms.get(key);
  if (!lawful) {
    lawful = lawfulAvailability(open, { timeZone: store.timezone, rules: city.rules, classes }, at);
    built.byTerms.set(key, lawful);
  }
  return lawful;
}
