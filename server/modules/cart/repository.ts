import { randomUUID } from "node:crypto";
import { type QueryCreator, sql, type Transaction } from "kysely";
import { jsonArrayFrom, jsonObjectFrom } from "kysely/helpers/postgres";
import type { Database } from "#db/schema.ts";
import type { Engraving } from "#domain/cart/merge.ts";
import { compiledOnce, type Db } from "#server/platform/db.ts";
import { lifetimePointsOf } from "../loyalty/index.ts";

export type Tx = Transaction<Database>;

export interface CartRow {
  id: string;
  owner: string;
  split: boolean;
  multi_store_id: string | null;
  shipping_name: string | null;
  recommendations: string[];
  /** Checkout choices (promos module): the promo chosen, whether the shopper removed it, credit, round-up. */
  promo_code: string | null;
  promo_removed: boolean;
  use_credit: boolean;
  credit_limit: number | null;
  round_up: boolean;
}

/** What a change may write on the cart row itself. */
export type CartPatch = Partial<Omit<CartRow, "id" | "owner">>;

export interface StoredLine {
  id: string;
  store_id: string;
  sku: string;
  qty: number;
  engraving: Engraving | null;
  substitution_preference: "substitute" | "refund";
  group_mapping: string | null;
}

export const cartColumns = [
  "id",
  "owner",
  "split",
  "multi_store_id",
  "shipping_name",
  "recommendations",
  "promo_code",
  "promo_removed",
  "use_credit",
  "credit_limit",
  "round_up",
] as const;

export function findCart(db: Db | Tx, owner: string): Promise<CartRow | undefined> {
  return db.selectFrom("carts").select(cartColumns).where("owner", "=", owner).executeTakeFirst();
}

/**
 * The owner's cart, created if missing, locked for the rest of the transaction: concurrent writes to one
 * cart queue here, so three simultaneous first adds make one cart with all three lines.
 */
export async function lockCart(tx: Tx, owner: string): Promise<CartRow> {
  // An upsert that always updates takes the row lock in the same round trip, new cart or not.
  return lockingUpsert(tx, owner).executeTakeFirstOrThrow();
}

function lockingUpsert(tx: Tx, owner: string) {
  return tx
    .insertInto("carts")
    .values({ id: randomUUID(), owner })
    .onConflict((oc) => oc.column("owner").doUpdateSet({ updated_at: new Date() }))
    .returning(cartColumns);
}

/** What pricing reads of a signed-in owner: users.signup_promo and their loyalty lifetime points. */
export interface OwnerRead {
  signupPromo: string | null;
  lifetime: number;
}

/** A cart line's columns, as toStoredLine reads them. */
const STORED_LINE = [
  "id",
  "store_id",
  "sku_id",
  "qty",
  "line_1",
  "line_2",
  "line_3",
  "substitution_preference",
  "group_mapping",
] as const;

/** Read when an address changes (the relocation check) and when a guest cart moves in: compiled once (ADR 77). */
const cartLinesOf = compiledOnce((db, cartId: string) =>
  db.selectFrom("cart_lines").select(STORED_LINE).where("cart_id", "=", cartId).orderBy("seq"),
);

const ownerCartLinesOf = compiledOnce((db, owner: string) =>
  db
    .selectFrom("cart_lines as l")
    .innerJoin("carts as c", "c.id", "l.cart_id")
    .select(STORED_LINE.map((column) => `l.${column}` as const))
    .where("c.owner", "=", owner)
    .orderBy("l.seq"),
);

export async function cartLines(db: Db | Tx, cartId: string): Promise<StoredLine[]> {
  return (await cartLinesOf(db, cartId)).map(toStoredLine);
}

/** The lines of the owner's cart in order, in one statement; none when the owner has no cart. */
export async function ownerCartLines(db: Db | Tx, owner: string): Promise<StoredLine[]> {
  return (await ownerCartLinesOf(db, owner)).map(toStoredLine);
}

function toStoredLine(r: {
  id: string;
  store_id: string;
  sku_id: string;
  qty: number;
  line_1: string;
  line_2: string;
  line_3: string;
  substitution_preference: StoredLine["substitution_preference"];
  group_mapping: string | null;
}): StoredLine {
  return {
    id: r.id,
    store_id: r.store_id,
    sku: r.sku_id,
    qty: r.qty,
    engraving:
      r.line_1 || r.line_2 || r.line_3 ? { line_1: r.line_1, line_2: r.line_2, line_3: r.line_3 } : null,
    substitution_preference: r.substitution_preference,
    group_mapping: r.group_mapping,
  };
}

/** What a change does to the cart's lines: those dropped, those new, and those changed or moved to another store. */
function lineChanges(before: readonly StoredLine[], after: readonly StoredLine[]) {
  const keep = new Set(after.map((l) => l.id));
  const old = new Map(before.map((l) => [l.id, l]));
  return {
    dropped: before.filter((l) => !keep.has(l.id)).map((l) => l.id),
    added: after.filter((l) => !old.has(l.id)),
    // A line moves store when the delivery address does (ADR 0018); lines it merged with are dropped.
    changed: after.filter((l) => {
      const prev = old.get(l.id);
      return (
        prev !== undefined &&
        (prev.store_id !== l.store_id ||
          prev.qty !== l.qty ||
          prev.substitution_preference !== l.substitution_preference ||
          prev.group_mapping !== l.group_mapping)
      );
    }),
  };
}

/** A line as its row's columns (but its cart's). */
function lineColumns(line: StoredLine) {
  return {
    id: line.id,
    store_id: line.store_id,
    sku_id: line.sku,
    qty: line.qty,
    line_1: line.engraving?.line_1 ?? "",
    line_2: line.engraving?.line_2 ?? "",
    line_3: line.engraving?.line_3 ?? "",
    substitution_preference: line.substitution_preference,
    group_mapping: line.group_mapping,
  };
}

/**
 * Writes the cart's lines as computed, in the caller's transaction holding the cart's lock: deletes dropped ones,
 * inserts new ones, updates changed (or moved) ones.
 */
export async function saveLines(
  tx: Tx,
  cartId: string,
  before: readonly StoredLine[],
  after: readonly StoredLine[],
) {
  const { dropped, added, changed } = lineChanges(before, after);
  if (dropped.length) await tx.deleteFrom("cart_lines").where("id", "in", dropped).execute();
  for (const line of added) {
    await tx
      .insertInto("cart_lines")
      .values({ ...lineColumns(line), cart_id: cartId })
      .execute();
  }
  for (const { id, store_id, qty, substitution_preference, group_mapping } of changed) {
    await tx
      .updateTable("cart_lines")
      .set({ store_id, qty, substitution_preference, group_mapping })
      .where("id", "=", id)
      .execute();
  }
}

/** A product on one store's shelf, with the store's terms: everything a cart line shows. */
export interface ShelfDetail {
  sku_id: string;
  store_id: string;
  title: string;
  subtitle: string | null;
  company: string | null;
  type: string | null;
  volume_ml: number | null;
  volume_label: string | null;
  abv: number | null;
  image: string;
  package_qty: number;
  regular_price_cents: number;
  is_tobacco: boolean;
  etch_of: string | null;
  disabled: boolean;
  default_category: string;
  /** The product's navigation tags (promo scope). */
  tags: string[];
  /** Null when the store does not sell it (any more). */
  price_cents: number | null;
  package_item_price_cents: number | null;
  stock: number | null;
  store_name: string;
  /** The seeded city the store is in (its taxes); null for the shipping store. */
  city_code: string | null;
  is_shipping: boolean;
  min_order_cents: number;
  delivery_fee_cents: number;
  return_fee_cents: number;
  eta_minutes: number;
}

export const shelfKey = (storeId: string, sku: string) => `${storeId}|${sku}`;

const detailColumns = [
  "p.sku_id",
  "p.title",
  "p.subtitle",
  "p.company",
  "p.type",
  "p.volume_ml",
  "p.volume_label",
  "p.abv",
  "p.image",
  "p.package_qty",
  "p.regular_price_cents",
  "p.is_tobacco",
  "p.etch_of",
  "p.disabled",
  "p.default_category",
  "p.tags",
  "i.price_cents",
  "i.package_item_price_cents",
  "i.stock",
  "s.name as store_name",
  "s.city_code",
  "s.is_shipping",
  "s.min_order_cents",
  "s.delivery_fee_cents",
  "s.return_fee_cents",
  "s.eta_minutes",
] as const;

/** The cart's lines in order, each with its product and its store's current shelf row (no cart chosen yet). */
function detailedLinesFrom(db: QueryCreator<Database>) {
  return db
    .selectFrom("cart_lines as l")
    .innerJoin("products as p", "p.sku_id", "l.sku_id")
    .innerJoin("stores as s", "s.id", "l.store_id")
    .leftJoin("inventory as i", (j) =>
      j.onRef("i.sku_id", "=", "l.sku_id").onRef("i.store_id", "=", "l.store_id"),
    )
    .select([
      "l.id",
      "l.store_id",
      "l.qty",
      "l.line_1",
      "l.line_2",
      "l.line_3",
      "l.substitution_preference",
      "l.group_mapping",
      ...detailColumns,
    ])
    .orderBy("l.seq");
}

type DetailedLineRow = Awaited<ReturnType<ReturnType<typeof detailedLinesFrom>["execute"]>>[number];

function toDetailedLine(r: DetailedLineRow): { line: StoredLine; detail: ShelfDetail } {
  return {
    line: {
      id: r.id,
      store_id: r.store_id,
      sku: r.sku_id,
      qty: r.qty,
      engraving:
        r.line_1 || r.line_2 || r.line_3 ? { line_1: r.line_1, line_2: r.line_2, line_3: r.line_3 } : null,
      substitution_preference: r.substitution_preference,
      group_mapping: r.group_mapping,
    },
    detail: { ...r, store_id: r.store_id },
  };
}

/** The cart's lines in order, each with its product and its store's current shelf row, in one round trip. */
export async function detailedLines(
  db: Db | Tx,
  cartId: string,
): Promise<{ line: StoredLine; detail: ShelfDetail }[]> {
  const rows = await detailedLinesFrom(db).where("l.cart_id", "=", cartId).execute();
  return rows.map(toDetailedLine);
}

/**
 * A cart's version: its row's `xmin`, the transaction that last wrote it. Every write to a cart or its lines writes
 * the cart row, so a write made only while the row is still at a version read knows nothing changed since.
 */
export const CART_VERSION = sql<string>`carts.xmin::text`;

/** The owner's cart, its version and its detailed lines, as versionedCartWithLines answers them. */
export interface VersionedCart {
  cart: CartRow;
  /** CART_VERSION. */
  version: string;
  lines: { line: StoredLine; detail: ShelfDetail }[];
}

/**
 * The owner's cart with its version and detailed lines as one JSON value (null without a cart), for a statement of
 * the caller's: read in one statement, and so from one snapshot, a change made after it moves the version on.
 * `versionedCartFrom` reads the value.
 */
export function versionedCartOf(db: QueryCreator<Database>, owner: string) {
  return jsonObjectFrom(
    db
      .selectFrom("carts")
      .select(cartColumns)
      .select(CART_VERSION.as("version"))
      .select(() =>
        jsonArrayFrom(detailedLinesFrom(db).where("l.cart_id", "=", sql.ref<string>("carts.id"))).as("lines"),
      )
      .where("owner", "=", owner),
  );
}

/** Reads versionedCartOf's value. */
export function versionedCartFrom(
  value: (CartRow & { version: string; lines: DetailedLineRow[] }) | null,
): VersionedCart | undefined {
  if (!value) return undefined;
  const { version, lines, ...cart } = value;
  return { cart, version, lines: lines.map(toDetailedLine) };
}

/** versionedCartOf as a statement of its own, compiled once: every cart answer and every checkout quote reads it. */
const versionedCartRead = compiledOnce((db, owner: string) =>
  db.selectNoFrom(versionedCartOf(db, owner).as("found")),
);

/** The owner's cart, its version and its detailed lines (versionedCartOf), in one round trip. */
export async function versionedCartWithLines(db: Db | Tx, owner: string): Promise<VersionedCart | undefined> {
  const [{ found }] = await versionedCartRead(db, owner);
  return versionedCartFrom(found);
}

export interface Shelf {
  /** Products that exist, by SKU. */
  product: Map<string, { sku_id: string; title: string; disabled: boolean }>;
  /** Stores that exist, by id. */
  store: Map<string, { id: string; name: string }>;
  /** Every asked product against every asked store (price null where the store does not sell it). */
  details: Map<string, ShelfDetail>;
}

/** For each (sku, store) asked: whether the product and store exist and what the store has on its shelf. */
export async function shelfOf(
  db: Db | Tx,
  pairs: readonly { sku: string; store_id: string }[],
): Promise<Shelf> {
  const skus = [...new Set(pairs.map((p) => p.sku))];
  const storeIds = [...new Set(pairs.map((p) => p.store_id))];
  if (skus.length === 0 || storeIds.length === 0) return shelfFrom([]);
  // One round trip: every asked product against every asked store, with the shelf row when there is one.
  return shelfFrom(await shelfRowsFrom(db, skus, storeIds).execute());
}

/** The shelf of the products `skus` at the stores `storeIds` (each list one array parameter: one statement text). */
function shelfRowsFrom(db: QueryCreator<Database>, skus: readonly string[], storeIds: readonly string[]) {
  return db
    .selectFrom("products as p")
    .leftJoin("stores as s", (j) => j.on(sql<boolean>`s.id = any(${storeIds})`))
    .leftJoin("inventory as i", (j) => j.onRef("i.sku_id", "=", "p.sku_id").onRef("i.store_id", "=", "s.id"))
    .select(["s.id as store_id", ...detailColumns])
    .where(sql<boolean>`p.sku_id = any(${skus})`);
}

type ShelfRow = Awaited<ReturnType<ReturnType<typeof shelfRowsFrom>["execute"]>>[number];

function shelfFrom(rows: readonly ShelfRow[]): Shelf {
  const shelf: Shelf = { product: new Map(), store: new Map(), details: new Map() };
  for (const r of rows) {
    shelf.product.set(r.sku_id, { sku_id: r.sku_id, title: r.title, disabled: r.disabled });
    if (r.store_id === null || r.store_name === null) continue;
    shelf.store.set(r.store_id, { id: r.store_id, name: r.store_name });
    shelf.details.set(shelfKey(r.store_id, r.sku_id), {
      ...r,
      store_id: r.store_id,
      store_name: r.store_name,
      is_shipping: r.is_shipping ?? false,
      min_order_cents: r.min_order_cents ?? 0,
      delivery_fee_cents: r.delivery_fee_cents ?? 0,
      return_fee_cents: r.return_fee_cents ?? 0,
      eta_minutes: r.eta_minutes ?? 0,
    });
  }
  return shelf;
}

/** What a change reads before it computes, from one snapshot (one statement). */
export interface ChangeRead {
  /** Null when the owner has no cart yet: the change makes it. */
  cart: CartRow | null;
  /** CART_VERSION; null without a cart. */
  version: string | null;
  /** What pricing reads of a signed-in owner; null for a visitor's cart. */
  owner: OwnerRead | null;
  lines: { line: StoredLine; detail: ShelfDetail }[];
  /** The shelf of the (sku, store) pairs asked, when any were. */
  shelf: Shelf | null;
}

/**
 * The owner's cart with its version, its detailed lines, what pricing reads of a signed-in owner (`userId`) and the
 * shelf of the pairs a change will add, in one statement and so from one snapshot; no lock is taken.
 */
export async function readForChange(
  db: Db | Tx,
  owner: string,
  userId: string | null,
  pairs?: readonly { sku: string; store_id: string }[],
): Promise<ChangeRead> {
  const skus = [...new Set(pairs?.map((p) => p.sku))];
  const storeIds = [...new Set(pairs?.map((p) => p.store_id))];
  const asksShelf = skus.length > 0 && storeIds.length > 0;
  const [row] = userId
    ? asksShelf
      ? await changeRead.shopperAdding(db, owner, userId, skus, storeIds)
      : await changeRead.shopper(db, owner, userId)
    : asksShelf
      ? await changeRead.visitorAdding(db, owner, skus, storeIds)
      : await changeRead.visitor(db, owner);
  const { version = null, ...cart } = row.cart ?? {};
  return {
    cart: row.cart ? (cart as CartRow) : null,
    version,
    owner: userId ? { signupPromo: row.signup_promo, lifetime: row.lifetime ?? 0 } : null,
    lines: row.lines.map(toDetailedLine),
    shelf: row.shelf ? shelfFrom(row.shelf) : null,
  };
}

/** readForChange's one statement: `userId` for a signed-in owner, `shelf` when a change adds items. */
function changeReadQuery(
  db: QueryCreator<Database>,
  owner: string,
  userId: string | null,
  shelf: { skus: readonly string[]; storeIds: readonly string[] } | null,
) {
  const cartOf = () => db.selectFrom("carts").where("owner", "=", owner);
  return db.selectNoFrom([
    jsonObjectFrom(cartOf().select(cartColumns).select(CART_VERSION.as("version"))).as("cart"),
    jsonArrayFrom(detailedLinesFrom(db).where("l.cart_id", "=", cartOf().select("id"))).as("lines"),
    (shelf ? jsonArrayFrom(shelfRowsFrom(db, shelf.skus, shelf.storeIds)) : sql<ShelfRow[] | null>`null`).as(
      "shelf",
    ),
    (userId
      ? db.selectFrom("users").select("signup_promo").where("id", "=", userId)
      : sql<string | null>`null`
    ).as("signup_promo"),
    (userId ? lifetimePointsOf(db, userId) : sql<number | null>`null`).as("lifetime"),
  ]);
}

/**
 * readForChange's statement in its four shapes, each compiled once (ADR 77): every cart change reads it, and Kysely
 * built it again for each (the cart's lines with their shelf, the cart, the owner's standing).
 */
const changeRead = {
  visitor: compiledOnce((db, owner: string) => changeReadQuery(db, owner, null, null)),
  visitorAdding: compiledOnce((db, owner: string, skus: string[], storeIds: string[]) =>
    changeReadQuery(db, owner, null, { skus, storeIds }),
  ),
  shopper: compiledOnce((db, owner: string, userId: string) => changeReadQuery(db, owner, userId, null)),
  shopperAdding: compiledOnce((db, owner: string, userId: string, skus: string[], storeIds: string[]) =>
    changeReadQuery(db, owner, userId, { skus, storeIds }),
  ),
};

/**
 * Writes a change computed from readForChange in one statement, only if the cart is still at the version read (a
 * cart read without one is made, only if no other change made it first): the cart row's choices, then the dropped
 * lines, the changed ones and the new ones. False, and nothing written, when the cart moved on meanwhile.
 */
export async function writeChange(
  db: Db | Tx,
  change: {
    version: string | null;
    cart: CartRow;
    before: readonly StoredLine[];
    after: readonly StoredLine[];
  },
): Promise<boolean> {
  const { version, cart, before, after } = change;
  const { dropped, added, changed } = lineChanges(before, after);
  const asRecords = (lines: readonly StoredLine[]) => JSON.stringify(lines.map(lineColumns));
  const choices = [
    cart.split,
    cart.multi_store_id,
    cart.shipping_name,
    cart.promo_code,
    cart.promo_removed,
    cart.use_credit,
    cart.credit_limit,
    cart.round_up,
  ];
  const kept =
    version === null
      ? sql`insert into carts (id, owner, split, multi_store_id, shipping_name, promo_code, promo_removed,
            use_credit, credit_limit, round_up)
          values (${cart.id}, ${cart.owner}, ${sql.join(choices)})
          on conflict (owner) do nothing returning id`
      : sql`update carts set (split, multi_store_id, shipping_name, promo_code, promo_removed, use_credit,
            credit_limit, round_up, updated_at) = (${sql.join(choices)}, ${new Date()})
          where id = ${cart.id} and ${CART_VERSION} = ${version} returning id`;
  // Each step waits for the one before (its one-time filter reads the step's result): a line moved onto the key of
  // a line dropped, as a merge does, must find it gone, as the unique key (cart, store, SKU, engraving) requires.
  const { rows } = await sql<{ kept: number }>`
    with kept as (${kept}),
    dropped as (
      delete from cart_lines
      where id = any(${sql.val(dropped)}::text[]) and exists (select 1 from kept)
      returning id
    ),
    changed as (
      update cart_lines l
      set store_id = v.store_id, qty = v.qty, substitution_preference = v.substitution_preference,
        group_mapping = v.group_mapping
      from jsonb_to_recordset(${asRecords(changed)}::jsonb)
        as v(id text, store_id text, qty int, substitution_preference text, group_mapping text)
      where l.id = v.id and exists (select 1 from kept) and (select count(*) from dropped) >= 0
      returning l.id
    ),
    added as (
      insert into cart_lines (id, cart_id, store_id, sku_id, qty, line_1, line_2, line_3,
        substitution_preference, group_mapping)
      select v.id, ${cart.id}, v.store_id, v.sku_id, v.qty, v.line_1, v.line_2, v.line_3,
        v.substitution_preference, v.group_mapping
      from jsonb_to_recordset(${asRecords(added)}::jsonb)
        as v(id text, store_id text, sku_id text, qty int, line_1 text, line_2 text, line_3 text,
          substitution_preference text, group_mapping text)
      where exists (select 1 from kept) and (select count(*) from changed) >= 0
    )
    select count(*)::int as kept from kept`.execute(db);
  return rows[0]?.kept === 1;
}
