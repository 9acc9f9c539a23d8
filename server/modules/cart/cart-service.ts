import { randomUUID } from "node:crypto";
import { MAX_LINE_QUANTITY } from "#domain/cart/constants.ts";
import { emptyCart } from "#domain/cart/empty.ts";
import {
  cleanEngraving,
  engravingForItem,
  engravingRequiredMessage,
  lacksEngraving,
} from "#domain/cart/engraving.ts";
import { type Engraving, isSameLine, mergeCartLines } from "#domain/cart/merge.ts";
import { type LineMove, needsRelocation, relocateLines, type ShelfItem } from "#domain/cart/relocate.ts";
import { selectShippingOption } from "#domain/cart/shipping.ts";
import { isSplitCart } from "#domain/cart/split.ts";
import type { Tip } from "#domain/cart/totals.ts";
import {
  type Cart,
  type CartDeleteRequest,
  type CartRelocation,
  type CartSkuInput,
  type CartUpdateRequest,
  type CartWriteRequest,
  SPLIT_REQUIRED_CODE,
} from "#domain/cart/types.ts";
import { relocationMessage, unavailableReason } from "#domain/cart/unavailable.ts";
import { PRODUCT_NOT_FOUND } from "#domain/copy.ts";
import { prose } from "#domain/prose.ts";
import { AppError, badRequest, notFound } from "#server/errors.ts";
import type { Db } from "#server/platform/db.ts";
import type { ServingStores } from "../catalogue/index.ts";
import { freeDeliveryAt } from "../loyalty/index.ts";
import { composeStored } from "./cart-view.ts";
import { userIdOf } from "./owner.ts";
import {
  type CartPatch,
  type CartRow,
  lockCart,
  ownerCartLines,
  readForChange,
  type Shelf,
  type ShelfDetail,
  type StoredLine,
  shelfKey,
  shelfOf,
  type Tx,
  versionedCartWithLines,
  writeChange,
} from "./repository.ts";

export const SPLIT_REQUIRED_MESSAGE =
  "This item comes from a different store than your cart. Confirm a split cart (x-multi-store: true) to add it.";
export const LINE_NOT_FOUND_MESSAGE = "That item is not in your cart.";

export const STORE_NOT_SERVING_CODE = "store_not_serving";

/** Runs a change of the cart row's own choices (promo, credit, round-up), its lines as they are. */
export async function changeChoices(
  db: Db,
  owner: string,
  serving: Serving,
  patch: CartPatch,
): Promise<Cart> {
  return (await change(db, owner, serving, async ({ before }) => ({ lines: before, patch }))).cart;
}

/**
 * The stores serving the shopper's delivery address, when the request says where that is (lat/lng, or the
 * address cookie's position): a cart read or written with it first moves lines off stores that do not serve it
 * (ADR 0018). Null when the position is unknown: the cart is taken as it is.
 */
export type Serving = ServingStores | null;

/** GET /menu/cart/v2. A cart whose lines sit at a store that does not serve the address is moved first. */
export async function readCart(
  db: Db,
  owner: string | null,
  serving: Serving,
  tip: Tip = {},
  /** Choices to price the cart with instead of its own (a promo tried before it is kept). */
  trying: CartPatch = {},
): Promise<Cart> {
  const found = owner ? await versionedCartWithLines(db, owner) : undefined;
  if (!found || !owner) return emptyCart();
  const cart = { ...found.cart, ...trying };
  const rows = found.lines;
  const lines = rows.map((r) => r.line);
  if (serving && needsRelocation(lines, serving.ids)) {
    return (await change(db, owner, serving, async ({ before }) => ({ lines: before }), tip)).cart;
  }
  const details = new Map(rows.map((r) => [shelfKey(r.line.store_id, r.line.sku), r.detail]));
  return composeStored(db, cart, lines, details, tip, serving?.destination);
}

/** The lines of a cart before a change, with the shelf details read for them and for any new items. */
export interface Working {
  cart: CartRow;
  /** The lines as stored, moved first to the stores serving the address when the request knows it. */
  before: StoredLine[];
  details: Map<string, ShelfDetail>;
  /** Reads the shelf for new (sku, store) pairs and keeps their details for the answer. */
  shelf(pairs: readonly { sku: string; store_id: string }[]): Promise<Shelf>;
}

type Work = (w: Working) => Promise<{ lines: StoredLine[]; patch?: CartPatch }>;

/**
 * Tries of a change written only if its cart did not move on meanwhile, before it takes the cart's lock: a
 * shopper's cart is rarely written by two requests at once, and one of those racing always succeeds.
 */
const OPTIMISTIC_TRIES = 3;

/**
 * Runs a change on the owner's cart and answers the cart as it now is, composed from the rows the change read (no
 * read after the write). The cart, its lines and the shelf are read in one statement, the change is computed, and
 * it is written in one more, only if the cart is still as read; if not, it is computed again from a new read (after
 * OPTIMISTIC_TRIES, under the cart's lock). When the request knows the delivery address, lines at stores that do
 * not serve it move first (ADR 0018); `moves` says what moved.
 */
async function change(
  db: Db,
  owner: string,
  serving: Serving,
  work: Work,
  tip: Tip = {},
  /** The (sku, store) pairs `work` will ask the shelf for first: read with the cart's lines, in one statement. */
  shelfFor?: readonly { sku: string; store_id: string }[],
): Promise<{ cart: Cart; moves: LineMove<StoredLine>[]; details: ReadonlyMap<string, ShelfDetail> }> {
  for (let attempt = 1; ; attempt++) {
    const done =
      attempt <= OPTIMISTIC_TRIES
        ? // One pooled connection for the read and the write (no transaction): with 50 shoppers queued for 10
          // connections, taking one twice doubled the wait.
          await db.connection().execute((conn) => changeOnce(conn, owner, serving, work, shelfFor))
        : await db.transaction().execute(async (tx) => {
            await lockCart(tx, owner);
            return (
              (await changeOnce(tx, owner, serving, work, shelfFor)) ??
              Promise.reject(new Error(`The locked cart of ${owner} moved on during a change.`))
            );
          });
    if (!done) continue;
    const { cart, lines, details, moves, standing } = done;
    return {
      cart: await composeStored(db, cart, lines, details, tip, serving?.destination, standing ?? undefined),
      moves,
      details,
    };
  }
}

/** One read, computation and conditional write of a change; null when the cart moved on before the write. */
async function changeOnce(
  db: Db | Tx,
  owner: string,
  serving: Serving,
  work: Work,
  shelfFor?: readonly { sku: string; store_id: string }[],
) {
  const read = await readForChange(db, owner, userIdOf(owner), shelfFor);
  const current = read.cart ?? emptyCartRow(owner);
  const stored = read.lines.map((r) => r.line);
  const details = new Map(read.lines.map((r) => [shelfKey(r.line.store_id, r.line.sku), r.detail]));
  const shelf = async (pairs: readonly { sku: string; store_id: string }[]) => {
    const found = read.shelf && pairs === shelfFor ? read.shelf : await shelfOf(db, pairs);
    for (const [key, detail] of found.details) if (!details.has(key)) details.set(key, detail);
    return found;
  };
  const { lines: before, moves } = await relocated(stored, serving, shelf);
  const { lines, patch = {} } = await work({ cart: current, before, details, shelf });
  // One store left (or none) clears the split (spec §4).
  const split = isSplitCart(lines) ? (patch.split ?? current.split) : false;
  const multi = split ? (patch.multi_store_id ?? current.multi_store_id ?? randomUUID()) : null;
  const cart: CartRow = { ...current, ...patch, split, multi_store_id: multi };
  if (!(await writeChange(db, { version: read.version, cart, before: stored, after: lines }))) return null;
  const standing = read.owner && {
    freeDelivery: freeDeliveryAt(read.owner.lifetime),
    signupPromo: read.owner.signupPromo,
  };
  return { cart, lines, details, moves, standing };
}

/** A new cart as the database makes it (migrations 0005, 0013): no choices made. */
export function emptyCartRow(owner: string): CartRow {
  return {
    id: randomUUID(),
    owner,
    split: false,
    multi_store_id: null,
    shipping_name: null,
    recommendations: [],
    promo_code: null,
    promo_removed: false,
    use_credit: false,
    credit_limit: null,
    round_up: false,
  };
}

/** The cart's lines moved off stores that do not serve the address (domain/cart/relocate.ts), with what moved. */
export async function relocated(
  stored: StoredLine[],
  serving: Serving,
  readShelf: Working["shelf"],
): Promise<{ lines: StoredLine[]; moves: LineMove<StoredLine>[] }> {
  if (!serving || !needsRelocation(stored, serving.ids)) return { lines: stored, moves: [] };
  const target = serving.primary.id;
  const found = await readShelf(stored.map((l) => ({ sku: l.sku, store_id: target })));
  const shelf = new Map<string, ShelfItem>();
  for (const line of stored) {
    const d = found.details.get(shelfKey(target, line.sku));
    shelf.set(line.sku, { sells: d?.price_cents != null && !d.disabled, stock: d?.stock ?? 0 });
  }
  return relocateLines({ lines: stored, serving: serving.ids, target, shelf });
}

/**
 * Moves the owner's cart to the stores serving a new delivery address (POST /order/address), in one
 * transaction, and says what moved and what the new store lacks. Null when there is no cart or nothing moved.
 */
export async function relocateCart(db: Db, owner: string | null, serving: ServingStores) {
  // The owner's lines in one statement (an owner without a cart has none: nothing moves).
  if (!owner || !needsRelocation(await ownerCartLines(db, owner), serving.ids)) return null;
  const {
    cart: moved,
    moves,
    details,
  } = await change(db, owner, serving, async ({ before }) => ({
    lines: before,
  }));
  return { summary: relocationSummary(moves, details, serving.primary), cart: moved };
}

export function relocationSummary(
  moves: readonly LineMove<StoredLine>[],
  details: ReadonlyMap<string, ShelfDetail>,
  store: { id: string; name: string },
): CartRelocation {
  const item = (line: StoredLine) => ({
    cart_id: line.id,
    sku_id: line.sku,
    title: details.get(shelfKey(line.store_id, line.sku))?.title ?? line.sku,
  });
  const unavailable = moves.filter((m) => !m.available).map((m) => item(m.to));
  const lowered = [
    ...new Map(moves.filter((m) => m.loweredFrom !== null).map((m) => [m.to.id, m.to])).values(),
  ];
  const loweredItems = lowered.map((l) => ({ ...item(l), qty: l.qty }));
  return {
    store_id: store.id,
    moved: moves.filter((m) => m.available).length,
    unavailable: [...new Map(unavailable.map((u) => [u.cart_id, u])).values()],
    lowered: loweredItems,
    message: relocationMessage({
      storeName: store.name,
      unavailable: unavailable.map((u) => u.title),
      lowered: loweredItems,
    }),
  };
}

/**
 * Checks an item against the catalogue, the store's shelf and the delivery address (a store that does not serve
 * it cannot be added from: no split cart with it is ever offered); returns its cleaned engraving, which an
 * engravable "_ETCH" bottle must have.
 */
function checkItem(
  shelf: Shelf,
  item: { sku: string; store_id: string; meta?: CartSkuInput["meta"] },
  serving: Serving,
): Engraving | null {
  const product = shelf.product.get(item.sku);
  if (!product) throw notFound(PRODUCT_NOT_FOUND, "product_not_found");
  const store = shelf.store.get(item.store_id);
  if (!store) throw badRequest(`Unknown store "${item.store_id}".`, "unknown_store");
  if (serving && !serving.ids.includes(item.store_id)) {
    throw badRequest(
      `${store.name} does not deliver to your address: ${serving.primary.name} does.`,
      STORE_NOT_SERVING_CODE,
    );
  }
  if (shelf.details.get(shelfKey(item.store_id, item.sku))?.price_cents == null) {
    throw badRequest(
      prose`${product.title} (${item.sku}) is not sold by ${store.name}.`,
      "not_sold_by_store",
    );
  }
  if (product.disabled) throw badRequest(`${product.title} is not available.`, "product_unavailable");
  const checked = engravingForItem({ sku: item.sku, title: product.title }, item.meta?.engraving);
  if (!checked.ok) throw badRequest(checked.message, checked.code);
  return checked.engraving;
}

function checkQuantity(details: ReadonlyMap<string, ShelfDetail>, line: StoredLine) {
  const d = details.get(shelfKey(line.store_id, line.sku));
  const stock = d?.price_cents == null ? 0 : (d.stock ?? 0);
  const title = d?.title ?? line.sku;
  const storeName = d?.store_name ?? line.store_id;
  if (line.qty > MAX_LINE_QUANTITY) {
    throw badRequest(`At most ${MAX_LINE_QUANTITY} of one item per order.`, "quantity_limit");
  }
  if (line.qty > stock) {
    throw badRequest(
      stock === 0
        ? prose`${title} is out of stock at ${storeName}.`
        : prose`Only ${stock} of ${title} left at ${storeName}.`,
      "insufficient_stock",
    );
  }
}

/** A new cart line for an item the client sent, with its checked engraving. */
const newLine = (item: CartSkuInput, engraving: Engraving | null): StoredLine => ({
  id: randomUUID(),
  store_id: item.store_id,
  sku: item.sku,
  qty: item.qty,
  engraving,
  substitution_preference: item.substitution_preference ?? "substitute",
  group_mapping: item.group_mapping ?? null,
});

const mergeInto = (lines: StoredLine[], add: StoredLine) => [
  ...lines.filter((l) => l.store_id !== add.store_id),
  ...mergeCartLines(
    lines.filter((l) => l.store_id === add.store_id),
    add,
  ),
];

/** POST /menu/cart/v2: adds items, merging by the merge rule (same store, SKU and three engraving lines). */
export async function addItems(
  db: Db,
  owner: string,
  body: CartWriteRequest,
  multiStore: boolean,
  serving: Serving,
): Promise<Cart> {
  const done = await change(
    db,
    owner,
    serving,
    async ({ cart, before, details, shelf: readShelf }) => {
      const shelf = await readShelf(body.skus);
      let lines = before;
      for (const item of body.skus) {
        lines = mergeInto(lines, newLine(item, checkItem(shelf, item, serving)));
      }
      for (const line of lines) {
        if (!before.some((b) => b.id === line.id && b.qty === line.qty)) checkQuantity(details, line);
      }
      const becomesSplit = isSplitCart(lines) && !cart.split;
      if (becomesSplit && !multiStore) throw new AppError(409, SPLIT_REQUIRED_CODE, SPLIT_REQUIRED_MESSAGE);
      return { lines, patch: { split: cart.split || becomesSplit, ...flagsPatch(body) } };
    },
    {},
    body.skus,
  );
  return done.cart;
}

/** PATCH /menu/cart/v2: sets quantities (and substitution preferences) of lines named by cart_id or SKU. */
export async function updateItems(
  db: Db,
  owner: string,
  body: CartUpdateRequest,
  serving: Serving,
): Promise<Cart> {
  const done = await change(db, owner, serving, async ({ before, details }) => {
    const lines = before.map((l) => ({ ...l }));
    for (const item of body.skus) {
      const engraving = cleanEngraving(item.meta?.engraving);
      const target = lines.find((l) =>
        item.cart_id
          ? l.id === item.cart_id
          : l.store_id === item.store_id &&
            item.sku !== undefined &&
            isSameLine(l, { sku: item.sku, engraving: engraving.ok ? engraving.engraving : null }),
      );
      if (!target) throw notFound(LINE_NOT_FOUND_MESSAGE, "cart_item_not_found");
      // An engraved bottle kept from before engraving text was required can be removed, not bought more of.
      if (lacksEngraving(target)) {
        const title = details.get(shelfKey(target.store_id, target.sku))?.title ?? target.sku;
        throw badRequest(
          `${engravingRequiredMessage(title)} Remove it and add it again with your text.`,
          "engraving_required",
        );
      }
      target.qty = item.qty;
      if (item.substitution_preference) target.substitution_preference = item.substitution_preference;
      if (item.group_mapping !== undefined) target.group_mapping = item.group_mapping;
      checkQuantity(details, target);
    }
    return { lines, patch: flagsPatch(body) };
  });
  return done.cart;
}

/** DELETE /menu/cart/v2: removes lines by id, or every line of the given SKUs. */
export async function removeItems(
  db: Db,
  owner: string,
  body: CartDeleteRequest,
  serving: Serving,
): Promise<Cart> {
  const ids = new Set(body.ids ?? []);
  const skus = new Set(body.skus ?? []);
  const done = await change(db, owner, serving, async ({ before }) => ({
    lines: before.filter((l) => !ids.has(l.id) && !skus.has(l.sku)),
  }));
  return done.cart;
}

/**
 * POST /menu/cart/sync/v2: brings the stored cart in line with the shelves after merging any lines the client
 * held (and, with a known address, after moving lines to the stores serving it); says what changed. Quantities
 * above stock are lowered; a line its store cannot sell stays, unavailable and out of the total, and is named.
 */
export async function syncCart(
  db: Db,
  owner: string,
  skus: CartSkuInput[],
  multiStore: boolean,
  serving: Serving,
) {
  const changes: string[] = [];
  const done = await change(db, owner, serving, async ({ cart, before, details, shelf: readShelf }) => {
    const shelf = await readShelf(skus);
    let lines = before;
    for (const item of skus) {
      try {
        lines = mergeInto(lines, newLine(item, checkItem(shelf, item, serving)));
      } catch (err) {
        changes.push(err instanceof Error ? err.message : `Could not add ${item.sku}.`);
      }
    }
    const kept: StoredLine[] = [];
    for (const line of lines) {
      const d = details.get(shelfKey(line.store_id, line.sku));
      const title = d?.title ?? line.sku;
      const price = d && !d.disabled ? d.price_cents : null;
      const reason = unavailableReason({
        sku: line.sku,
        engraving: line.engraving,
        price,
        stock: d?.stock ?? 0,
      });
      const max = Math.min(d?.stock ?? 0, MAX_LINE_QUANTITY);
      if (reason === "engraving_required") {
        changes.push(`${engravingRequiredMessage(title)} Remove it and add it again with your text.`);
      } else if (reason !== null) {
        changes.push(
          `${title} is not available from ${d?.store_name ?? line.store_id}: it stays in your cart, left out of the total.`,
        );
      } else if (line.qty > max) {
        changes.push(`Only ${max} of ${title} left: quantity lowered.`);
        kept.push({ ...line, qty: max });
        continue;
      }
      kept.push(line);
    }
    return { lines: kept, patch: { split: cart.split || (multiStore && isSplitCart(kept)) } };
  });
  return { ...done.cart, changes };
}

/** The cart-level flags an add or update may carry (spec §7: shipping_name, roundUp). */
function flagsPatch(body: { shipping_name?: string; roundUp?: boolean }): CartPatch {
  return {
    ...(body.shipping_name === undefined ? {} : { shipping_name: body.shipping_name }),
    ...(body.roundUp === undefined ? {} : { round_up: body.roundUp }),
  };
}

/** GET /menu/cart/shipping/v2. */
export async function shippingOf(db: Db, owner: string | null, serving: Serving) {
  const cart = await readCart(db, owner, serving);
  return {
    shippingOptions: cart.shippingOptions,
    selectedShippingOption: cart.selectedShippingOption,
    fee: cart.fee,
  };
}

/** POST /menu/cart/shipping/v2 {shipping_name}: must be one of the options the cart is offered. */
export async function chooseShipping(db: Db, owner: string, name: string, serving: Serving): Promise<Cart> {
  const current = await readCart(db, owner, serving);
  if (current.shippingOptions.length === 0)
    throw badRequest("Nothing in your cart ships, so there is no shipping to choose.", "nothing_ships");
  if (
    !selectShippingOption(current.shippingOptions, name) ||
    !current.shippingOptions.some((o) => o.name === name)
  ) {
    throw badRequest(
      `Unknown shipping option "${name}". Choose one of: ${current.shippingOptions.map((o) => o.name).join(", ")}.`,
      "unknown_shipping_option",
    );
  }
  const done = await change(db, owner, serving, async ({ before }) => ({
    lines: before,
    patch: { shipping_name: name },
  }));
  return done.cart;
}
