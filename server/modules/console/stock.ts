import { sql } from "kysely";
import { formatCents } from "#domain/money.ts";
import { AppError, badRequest, notFound } from "#server/errors.ts";
import type { Db } from "#server/platform/db.ts";
import { announceShelfChange, forgetShelf, setShelfValues } from "../catalogue/index.ts";
import type { Staff } from "./access.ts";
import { OTHER_STORE } from "./access.ts";
import { recordAudit } from "./audit.ts";

/**
 * The store's shelf in the console (issue 15: staff manage their store's stock and prices): a page of the store's
 * inventory, searched by title or SKU; one row's price, package item price and stock changed with the values the
 * staff member saw, so two people editing at once never lose an update (docs/adr/0032-store-admin.md).
 */
export const STORE_REQUIRED = "Administrators choose a store (store_id).";
export const NOT_ON_SHELF = "This store does not sell that product.";
export const STORE_NOT_FOUND = "No store has that id.";

/** The store a staff member works on: their own (another is 403, as the order queue answers); an admin's choice. */
export async function workingStore(db: Db, staff: Staff, asked: string | undefined) {
  let id: string;
  if (staff.role === "admin") {
    if (!asked) throw badRequest(STORE_REQUIRED, "store_required");
    id = asked;
  } else {
    if (asked !== undefined && asked !== staff.storeId) throw new AppError(403, "other_store", OTHER_STORE);
    id = staff.storeId ?? "-";
  }
  const store = await db.selectFrom("stores").select(["id", "name"]).where("id", "=", id).executeTakeFirst();
  if (!store) throw notFound(STORE_NOT_FOUND, "store_not_found");
  return store;
}

export interface StockRow {
  sku_id: string;
  title: string;
  volume_label: string | null;
  package_qty: number;
  image: string;
  price_cents: number;
  package_item_price_cents: number | null;
  stock: number;
}

const ROW = [
  "i.sku_id",
  "p.title",
  "p.volume_label",
  "p.package_qty",
  "p.image",
  "i.price_cents",
  "i.package_item_price_cents",
  "i.stock",
] as const;

/** A page of the store's inventory by title, searched by words of the title or the start of the SKU. */
export async function listStock(
  db: Db,
  staff: Staff,
  query: { store_id?: string; q?: string; limit: number; skip: number },
) {
  const store = await workingStore(db, staff, query.store_id);
  let rows = db
    .selectFrom("inventory as i")
    .innerJoin("products as p", "p.sku_id", "i.sku_id")
    .where("i.store_id", "=", store.id);
  const q = query.q?.trim();
  if (q) {
    const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    rows = rows.where((eb) =>
      eb.or([
        eb("p.title", "ilike", like),
        eb("i.sku_id", "ilike", `${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`),
      ]),
    );
  }
  const [items, count] = await Promise.all([
    rows.select(ROW).orderBy("p.title").orderBy("i.sku_id").limit(query.limit).offset(query.skip).execute(),
    rows.select(sql<number>`count(*)::int`.as("n")).executeTakeFirstOrThrow(),
  ]);
  return { store, items: items as StockRow[], total: count.n, limit: query.limit, skip: query.skip };
}

export interface StockChange {
  store_id?: string;
  price_cents?: number;
  package_item_price_cents?: number | null;
  stock?: number;
  /** The row as the staff member saw it: a field changed since answers 409 with the current row. */
  was: { price_cents: number; package_item_price_cents: number | null; stock: number };
}

const FIELDS = ["price_cents", "package_item_price_cents", "stock"] as const;

/** "$31.99", "none", "12 in stock": a row's values in the words the console shows. */
function valuesText(row: Pick<StockRow, "price_cents" | "package_item_price_cents" | "stock">) {
  const item =
    row.package_item_price_cents === null
      ? ""
      : `, ${formatCents(row.package_item_price_cents, true)} an item`;
  return `${formatCents(row.price_cents, true)}${item}, ${row.stock} in stock`;
}

/**
 * Changes one row of the store's shelf under a lock on it: each field given is set (a price above zero, stock zero
 * or more); a field that is no longer what the staff member saw refuses the whole change (409 `changed_meanwhile`,
 * the current values in the message and in `details`). Audited with the row before and after; shoppers' kept
 * answers are forgotten at commit.
 */
export async function changeStock(db: Db, staff: Staff, sku: string, change: StockChange) {
  const store = await workingStore(db, staff, change.store_id);
  const set: Partial<Record<(typeof FIELDS)[number], number | null>> = {};
  for (const f of FIELDS) if (change[f] !== undefined) set[f] = change[f];
  if (Object.keys(set).length === 0)
    throw badRequest("Change the price, the package item price or the stock.", "nothing_to_change");
  const after = await db.transaction().execute(async (tx) => {
    const row = await tx
      .selectFrom("inventory as i")
      .innerJoin("products as p", "p.sku_id", "i.sku_id")
      .select(ROW)
      .where("i.store_id", "=", store.id)
      .where("i.sku_id", "=", sku)
      .forUpdate("i")
      .executeTakeFirst();
    if (!row) throw notFound(NOT_ON_SHELF, "not_on_shelf");
    const moved = (Object.keys(set) as (keyof typeof set)[]).filter((f) => row[f] !== change.was[f]);
    if (moved.length > 0)
      throw new AppError(
        409,
        "changed_meanwhile",
        `Someone changed this just now: ${row.title} is ${valuesText(row)}. Check it and save again.`,
        {
          price_cents: String(row.price_cents),
          package_item_price_cents:
            row.package_item_price_cents === null ? "" : String(row.package_item_price_cents),
          stock: String(row.stock),
        },
      );
    const updated = await setShelfValues(
      tx,
      store.id,
      sku,
      set as { price_cents?: number; package_item_price_cents?: number | null; stock?: number },
    );
    const before = Object.fromEntries(Object.keys(set).map((f) => [f, row[f as keyof typeof set]]));
    await recordAudit(tx, {
      actorId: staff.userId,
      storeId: store.id,
      orderId: null,
      action: "stock.update",
      detail: { sku_id: sku },
      before,
      after: Object.fromEntries(Object.keys(set).map((f) => [f, updated[f as keyof typeof set]])),
    });
    await announceShelfChange(tx, "shelf");
    return { ...row, ...updated };
  });
  forgetShelf(db, "shelf");
  return { store, item: after as StockRow };
}
