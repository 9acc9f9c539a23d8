import type { Transaction } from "kysely";
import type { Database } from "#db/schema.ts";
import { hoursProblems, normaliseHours, zoneProblems } from "#domain/console/store-rules.ts";
import { slugify } from "#domain/slug.ts";
import { AppError, badRequest, notFound } from "#server/errors.ts";
import type { Db } from "#server/platform/db.ts";
import { announceShelfChange, forgetShelf } from "../catalogue/index.ts";
import { requireAdmin, type Staff } from "./access.ts";
import { recordAudit } from "./audit.ts";
import { STORE_NOT_FOUND, workingStore } from "./stock.ts";

/**
 * A store's terms in the console (issue 15): staff change their store's opening hours, minimum order, delivery fee,
 * return fee and ETA; administrators also create stores, change their name, address, position, time zone and kind, and
 * replace their delivery zones. Every change is audited with the fields before and after, and reaches shoppers at
 * once: availability, the vendor and the cart read stores fresh, and the store list store resolution keeps is
 * forgotten on every instance (shelf-changes.ts).
 */
export type Hours = Record<string, [string, string][]>;

const SETTINGS = [
  "id",
  "name",
  "address",
  "city_code",
  "lat",
  "lng",
  "timezone",
  "is_shipping",
  "is_default",
  "min_order_cents",
  "delivery_fee_cents",
  "return_fee_cents",
  "eta_minutes",
  "hours",
  "zone",
] as const;

type StoreRow = Awaited<ReturnType<typeof readStore>>;

async function readStore(db: Db | Transaction<Database>, id: string, lock = false) {
  let q = db.selectFrom("stores").select(SETTINGS).where("id", "=", id);
  if (lock) q = q.forUpdate();
  const row = await q.executeTakeFirst();
  if (!row) throw notFound(STORE_NOT_FOUND, "store_not_found");
  return row;
}

/** The store's terms as the console shows them (staff: their own; an admin: the one asked for). */
export async function storeSettings(db: Db, staff: Staff, asked: string | undefined) {
  const store = await workingStore(db, staff, asked);
  return readStore(db, store.id);
}

export interface TermsChange {
  hours?: Hours;
  min_order_cents?: number;
  delivery_fee_cents?: number;
  /** Kept of an order refused at the door (docs/adr/0062-the-handover-at-the-door.md). */
  return_fee_cents?: number;
  eta_minutes?: number;
}

export interface StoreChange extends TermsChange {
  name?: string;
  address?: string;
  city_code?: string | null;
  lat?: number;
  lng?: number;
  timezone?: string;
  is_shipping?: boolean;
}

/** An IANA time zone the runtime knows ("America/Chicago"). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return zone.includes("/") || zone === "UTC";
  } catch {
    return false;
  }
}

function checkChange(change: StoreChange): Partial<Record<keyof StoreChange, unknown>> {
  const problems: string[] = [];
  if (change.hours !== undefined) problems.push(...hoursProblems(change.hours));
  if (change.timezone !== undefined && !isTimeZone(change.timezone))
    problems.push(`"${change.timezone}" is not a time zone (like America/Chicago).`);
  if (problems.length > 0) throw badRequest(problems.join(" "), "invalid_store");
  const values: Partial<Record<keyof StoreChange, unknown>> = { ...change };
  if (change.hours !== undefined) values.hours = normaliseHours(change.hours);
  for (const k of Object.keys(values) as (keyof StoreChange)[]) if (values[k] === undefined) delete values[k];
  return values;
}

/** Fields of the row that changed, before and after (jsonb values compared as JSON). */
function diff(before: StoreRow, after: StoreRow, fields: string[]) {
  const b: Record<string, unknown> = {};
  const a: Record<string, unknown> = {};
  for (const f of fields) {
    const k = f as keyof StoreRow;
    if (JSON.stringify(before[k]) !== JSON.stringify(after[k])) {
      b[f] = before[k];
      a[f] = after[k];
    }
  }
  return { before: b, after: a };
}

async function updateStore(
  db: Db,
  staff: Staff,
  storeId: string,
  values: Partial<Record<keyof StoreChange | "zone", unknown>>,
  action: string,
) {
  const fields = Object.keys(values);
  if (fields.length === 0) throw badRequest("Nothing to change.", "nothing_to_change");
  const set: Record<string, unknown> = { ...values };
  for (const k of ["hours", "zone"]) if (k in set && set[k] !== null) set[k] = JSON.stringify(set[k]);
  const after = await db.transaction().execute(async (tx) => {
    const before = await readStore(tx, storeId, true);
    await tx.updateTable("stores").set(set).where("id", "=", storeId).execute();
    const after = await readStore(tx, storeId);
    const changed = diff(before, after, fields);
    if (Object.keys(changed.after).length > 0) {
      await recordAudit(tx, {
        actorId: staff.userId,
        storeId,
        orderId: null,
        action,
        detail: { fields: Object.keys(changed.after) },
        ...changed,
      });
      await announceShelfChange(tx, "store");
    }
    return after;
  });
  forgetShelf(db, "store");
  return after;
}

/** Staff: their store's hours, minimum order, delivery fee and ETA; an admin: any store's. */
export async function changeTerms(db: Db, staff: Staff, asked: string | undefined, change: TermsChange) {
  const store = await workingStore(db, staff, asked);
  const { hours, min_order_cents, delivery_fee_cents, return_fee_cents, eta_minutes } = change;
  return updateStore(
    db,
    staff,
    store.id,
    checkChange({ hours, min_order_cents, delivery_fee_cents, return_fee_cents, eta_minutes }),
    "store.update",
  );
}

/** Every store, for administrators. */
export async function listStores(db: Db, staff: Staff) {
  requireAdmin(staff);
  const stores = await db.selectFrom("stores").select(SETTINGS).orderBy("name").execute();
  return { stores };
}

/** Administrators: any field of a store's terms, name, place and kind. */
export async function editStore(db: Db, staff: Staff, storeId: string, change: StoreChange) {
  requireAdmin(staff);
  await readStore(db, storeId);
  if (change.city_code) await knownCity(db, change.city_code);
  return updateStore(db, staff, storeId, checkChange(change), "store.update");
}

async function knownCity(db: Db, code: string) {
  const city = await db.selectFrom("cities").select("code").where("code", "=", code).executeTakeFirst();
  if (!city) throw badRequest(`No city has the code ${code}.`, "unknown_city");
}

/** Administrators: a new store (its id from its name unless given); hours closed every day unless given. */
export async function createStore(
  db: Db,
  staff: Staff,
  input: Required<Pick<StoreChange, "name" | "address" | "lat" | "lng" | "timezone">> &
    StoreChange & { id?: string },
) {
  requireAdmin(staff);
  const id = input.id ?? `st_${slugify(input.name)}`;
  const values = checkChange({ ...input, hours: input.hours ?? {} });
  if (input.city_code) await knownCity(db, input.city_code);
  const created = await db.transaction().execute(async (tx) => {
    const taken = await tx.selectFrom("stores").select("id").where("id", "=", id).executeTakeFirst();
    if (taken) throw new AppError(409, "store_exists", `A store already has the id ${id}.`);
    await tx
      .insertInto("stores")
      .values({
        ...(values as StoreChange & {
          name: string;
          address: string;
          lat: number;
          lng: number;
          timezone: string;
        }),
        id,
        hours: JSON.stringify(values.hours),
      })
      .execute();
    const row = await readStore(tx, id);
    await recordAudit(tx, {
      actorId: staff.userId,
      storeId: id,
      orderId: null,
      action: "store.create",
      detail: { name: row.name },
      before: null,
      after: row,
    });
    await announceShelfChange(tx, "store");
    return row;
  });
  forgetShelf(db, "store");
  return created;
}

/** Administrators: the store's delivery zone replaced by a checked GeoJSON Polygon or MultiPolygon (null: none). */
export async function replaceZone(db: Db, staff: Staff, storeId: string, zone: unknown) {
  requireAdmin(staff);
  if (zone !== null) {
    const problems = zoneProblems(zone);
    if (problems.length > 0) throw badRequest(problems.join(" "), "invalid_zone");
  }
  const z = zone as { type: string; coordinates: unknown } | null;
  return updateStore(
    db,
    staff,
    storeId,
    { zone: z === null ? null : { type: z.type, coordinates: z.coordinates } },
    "store.zone",
  );
}
