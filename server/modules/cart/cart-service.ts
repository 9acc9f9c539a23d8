import { randomUUID } from "node:crypto";
import { emptyCart } from "../../../domain/cart/compose.ts";
import { MAX_LINE_QUANTITY } from "../../../domain/cart/constants.ts";
import { cleanEngraving, isEtchSku } from "../../../domain/cart/engraving.ts";
import { type Engraving, isSameLine, mergeCartLines } from "../../../domain/cart/merge.ts";
import { selectShippingOption } from "../../../domain/cart/shipping.ts";
import { isSplitCart } from "../../../domain/cart/split.ts";
import type { Tip } from "../../../domain/cart/totals.ts";
import {
  type Cart,
  type CartDeleteRequest,
  type CartSkuInput,
  type CartUpdateRequest,
  type CartWriteRequest,
  SPLIT_REQUIRED_CODE,
} from "../../../domain/cart/types.ts";
import { PRODUCT_NOT_FOUND } from "../../../domain/copy.ts";
import { AppError, badRequest, notFound } from "../../errors.ts";
import type { Db } from "../../platform/db.ts";
import { composeStored, viewCart } from "./cart-view.ts";
import {
  type CartRow,
  detailedLines,
  findCart,
  lockCart,
  type Shelf,
  type ShelfDetail,
  type StoredLine,
  saveLines,
  shelfKey,
  shelfOf,
  type Tx,
  updateCart,
} from "./repository.ts";

export const SPLIT_REQUIRED_MESSAGE =
  "This item comes from a different store than your cart. Confirm a split cart (x-multi-store: true) to add it.";
export const LINE_NOT_FOUND_MESSAGE = "That item is not in your cart.";

export async function readCart(db: Db, owner: string | null, tip: Tip = {}): Promise<Cart> {
  const cart = owner ? await findCart(db, owner) : undefined;
  return cart ? viewCart(db, cart, tip) : emptyCart();
}

/** The lines of a cart before a change, with the shelf details read for them and for any new items. */
export interface Working {
  tx: Tx;
  cart: CartRow;
  before: StoredLine[];
  details: Map<string, ShelfDetail>;
  /** Reads the shelf for new (sku, store) pairs and keeps their details for the answer. */
  shelf(pairs: readonly { sku: string; store_id: string }[]): Promise<Shelf>;
}

/**
 * Runs a change on the owner's locked cart and answers the cart as it now is, composed from the rows read
 * inside the transaction (no second read after commit).
 */
async function change(
  db: Db,
  owner: string,
  work: (w: Working) => Promise<{ lines: StoredLine[]; patch?: Partial<CartRow> }>,
): Promise<Cart> {
  const { cart, lines, details } = await db.transaction().execute(async (tx) => {
    const locked = await lockCart(tx, owner);
    const rows = await detailedLines(tx, locked.id);
    const before = rows.map((r) => r.line);
    const details = new Map(rows.map((r) => [shelfKey(r.line.store_id, r.line.sku), r.detail]));
    const shelf = async (pairs: readonly { sku: string; store_id: string }[]) => {
      const found = await shelfOf(tx, pairs);
      for (const [key, detail] of found.details) if (!details.has(key)) details.set(key, detail);
      return found;
    };
    const { lines, patch = {} } = await work({ tx, cart: locked, before, details, shelf });
    await saveLines(tx, locked.id, before, lines);
    // One store left (or none) clears the split (spec §4).
    const split = isSplitCart(lines) ? (patch.split ?? locked.split) : false;
    const multi = split ? (patch.multi_store_id ?? locked.multi_store_id ?? randomUUID()) : null;
    const next = { ...locked, ...patch, split, multi_store_id: multi };
    if (
      next.split !== locked.split ||
      next.multi_store_id !== locked.multi_store_id ||
      next.shipping_name !== locked.shipping_name
    ) {
      await updateCart(tx, locked.id, { split, multi_store_id: multi, shipping_name: next.shipping_name });
    }
    return { cart: next, lines, details };
  });
  return composeStored(db, cart, lines, details);
}

/** Checks an item against the catalogue and the store's shelf; returns its cleaned engraving. */
function checkItem(
  shelf: Shelf,
  item: { sku: string; store_id: string; meta?: CartSkuInput["meta"] },
): Engraving | null {
  const product = shelf.product.get(item.sku);
  if (!product) throw notFound(PRODUCT_NOT_FOUND, "product_not_found");
  const store = shelf.store.get(item.store_id);
  if (!store) throw badRequest(`Unknown store "${item.store_id}".`, "unknown_store");
  if (shelf.details.get(shelfKey(item.store_id, item.sku))?.price_cents == null) {
    throw badRequest(`${product.title} (${item.sku}) is not sold by ${store.name}.`, "not_sold_by_store");
  }
  if (product.disabled) throw badRequest(`${product.title} is not available.`, "product_unavailable");
  const cleaned = cleanEngraving(item.meta?.engraving);
  if (!cleaned.ok) throw badRequest(cleaned.problem.message, "engraving_too_long");
  if (cleaned.engraving && !isEtchSku(item.sku)) {
    throw badRequest(
      `${product.title} cannot be engraved: only engravable (_ETCH) products can.`,
      "not_engravable",
    );
  }
  return cleaned.engraving;
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
        ? `${title} is out of stock at ${storeName}.`
        : `Only ${stock} of ${title} left at ${storeName}.`,
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
export function addItems(db: Db, owner: string, body: CartWriteRequest, multiStore: boolean): Promise<Cart> {
  return change(db, owner, async ({ cart, before, details, shelf: readShelf }) => {
    const shelf = await readShelf(body.skus);
    let lines = before;
    for (const item of body.skus) {
      lines = mergeInto(lines, newLine(item, checkItem(shelf, item)));
    }
    for (const line of lines) {
      if (!before.some((b) => b.id === line.id && b.qty === line.qty)) checkQuantity(details, line);
    }
    const becomesSplit = isSplitCart(lines) && !cart.split;
    if (becomesSplit && !multiStore) throw new AppError(409, SPLIT_REQUIRED_CODE, SPLIT_REQUIRED_MESSAGE);
    return { lines, patch: { split: cart.split || becomesSplit, ...shippingPatch(body) } };
  });
}

/** PATCH /menu/cart/v2: sets quantities (and substitution preferences) of lines named by cart_id or SKU. */
export function updateItems(db: Db, owner: string, body: CartUpdateRequest): Promise<Cart> {
  return change(db, owner, async ({ before, details }) => {
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
      target.qty = item.qty;
      if (item.substitution_preference) target.substitution_preference = item.substitution_preference;
      if (item.group_mapping !== undefined) target.group_mapping = item.group_mapping;
      checkQuantity(details, target);
    }
    return { lines, patch: shippingPatch(body) };
  });
}

/** DELETE /menu/cart/v2: removes lines by id, or every line of the given SKUs. */
export function removeItems(db: Db, owner: string, body: CartDeleteRequest): Promise<Cart> {
  const ids = new Set(body.ids ?? []);
  const skus = new Set(body.skus ?? []);
  return change(db, owner, async ({ before }) => ({
    lines: before.filter((l) => !ids.has(l.id) && !skus.has(l.sku)),
  }));
}

/**
 * POST /menu/cart/sync/v2: brings the stored cart in line with the shelves (lines a store stopped selling are
 * dropped, quantities above stock lowered) after merging any lines the client held; says what changed.
 */
export async function syncCart(db: Db, owner: string, skus: CartSkuInput[], multiStore: boolean) {
  const changes: string[] = [];
  const cart = await change(db, owner, async ({ cart, before, details, shelf: readShelf }) => {
    const shelf = await readShelf(skus);
    let lines = before;
    for (const item of skus) {
      try {
        lines = mergeInto(lines, newLine(item, checkItem(shelf, item)));
      } catch (err) {
        changes.push(err instanceof Error ? err.message : `Could not add ${item.sku}.`);
      }
    }
    const kept: StoredLine[] = [];
    for (const line of lines) {
      const d = details.get(shelfKey(line.store_id, line.sku));
      const title = d?.title ?? line.sku;
      const onShelf = d && d.price_cents !== null && !d.disabled;
      const max = onShelf ? Math.min(d.stock ?? 0, MAX_LINE_QUANTITY) : 0;
      if (max === 0) {
        changes.push(`${title} is no longer available and was removed.`);
      } else if (line.qty > max) {
        changes.push(`Only ${max} of ${title} left: quantity lowered.`);
        kept.push({ ...line, qty: max });
      } else {
        kept.push(line);
      }
    }
    return { lines: kept, patch: { split: cart.split || (multiStore && isSplitCart(kept)) } };
  });
  return { ...cart, changes };
}

function shippingPatch(body: { shipping_name?: string }): Partial<CartRow> {
  return body.shipping_name === undefined ? {} : { shipping_name: body.shipping_name };
}

/** GET /menu/cart/shipping/v2. */
export async function shippingOf(db: Db, owner: string | null) {
  const cart = await readCart(db, owner);
  return {
    shippingOptions: cart.shippingOptions,
    selectedShippingOption: cart.selectedShippingOption,
    fee: cart.fee,
  };
}

/** POST /menu/cart/shipping/v2 {shipping_name}: must be one of the options the cart is offered. */
export async function chooseShipping(db: Db, owner: string, name: string): Promise<Cart> {
  const current = await readCart(db, owner);
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
  return change(db, owner, async ({ before }) => ({ lines: before, patch: { shipping_name: name } }));
}
