import { prose } from "../prose.ts";
import { ORDER_STATUS, SHIPPING_STATUS } from "./status.ts";

/**
 * Substitutions (spec §2 /substitution/{orderId}, §3 Substitution line and update, §4 Substitution review;
 * docs/adr/0029-substitutions.md). While picking, the store finds a line short: it has `stock_level` of the
 * `quantity` ordered, and suggests replacements. The shopper decides per line: remove it, keep the in-stock part,
 * replace it (with or without keeping the in-stock part), or reset to what the store would do unasked. The order's
 * lines and money are then recomputed here; the server applies the result.
 */

export const SUBSTITUTION_STATUS = { proposed: "Proposed", viewing: "Viewing", done: "Done" } as const;
export type SubstitutionStatus = (typeof SUBSTITUTION_STATUS)[keyof typeof SUBSTITUTION_STATUS];

/** A line the store could not fill in full (spec §3: sku_id, title, quantity, stock_level). */
export interface SubstitutionLine {
  sku_id: string;
  title: string;
  /** Ordered. */
  quantity: number;
  /** On the store's shelf now (0 up to quantity − 1). */
  stock_level: number;
  /** The line's unit price as charged. */
  price: number;
}

/** The shopper's answer for one short line (spec §3 "Substitution update per sku: removed, kept, added"). */
export interface SubstitutionUpdate {
  sku_id: string;
  removed: boolean;
  /** How many of the in-stock part to keep (0 when removed). */
  kept: number;
  /** Replacements, each a product of the same store with its quantity. */
  added: { sku_id: string; qty: number }[];
}

/** A replacement product as the store offers it now. */
export interface Offered {
  sku_id: string;
  title: string;
  price: number;
  stock: number;
  /** Nicotine and tobacco: only into an order whose shopper's ID was checked at checkout for such a product. */
  needsIdCheck: boolean;
}

/** The order lines a substitution changes. */
export interface OrderLineQty {
  sku_id: string;
  qty: number;
  price: number;
}

/** Where substitutions may be proposed: while the store picks (in progress), or a shipped order not yet sent. */
export function mayProposeSubstitutions(order: {
  order_status: number;
  shipping: boolean;
  shipping_status: string | null;
}): boolean {
  if (order.shipping) return order.shipping_status === SHIPPING_STATUS.awaitingFulfillment;
  return order.order_status === ORDER_STATUS.inProgress;
}

/** What the store does for a line the shopper leaves unanswered (or resets): keep what it has, refund the rest. */
export function defaultUpdate(line: SubstitutionLine): SubstitutionUpdate {
  return {
    sku_id: line.sku_id,
    removed: line.stock_level === 0,
    kept: line.stock_level,
    added: [],
  };
}

/** The words the review records for an answer (spec §4: 'Removed {title}', 'Replaced {title}', 'Reset {title}'). */
export function recordedStatus(
  kind: "remove" | "replace" | "reset",
  title: string,
): `${"Removed" | "Replaced" | "Reset"} ${string}` {
  return `${kind === "remove" ? "Removed" : kind === "replace" ? "Replaced" : "Reset"} ${title}`;
}

/**
 * Which answer an update is, for its recorded status: a replacement; nothing kept (removed); or keeping what the
 * shelf has, which is also what the store does unasked (reset).
 */
export function updateKind(update: SubstitutionUpdate): "remove" | "replace" | "reset" {
  if (update.added.length > 0) return "replace";
  if (update.removed || update.kept === 0) return "remove";
  return "reset";
}

export type SubstitutionResult =
  | { ok: true; lines: OrderLineQty[]; added: { sku_id: string; qty: number; price: number }[] }
  | { ok: false; errors: Record<string, string> };

/** The most of one replacement a shopper may take in one answer. */
export const MAX_REPLACEMENT_QTY = 24;

/**
 * The order's lines after the shopper's answers. Lines not short are untouched; a short line without an answer
 * takes the default. Every problem is reported against the short line's sku (spec §8: the server message is
 * stored against that sku), so the page can show each where it belongs.
 */
export function applySubstitutions(input: {
  lines: readonly OrderLineQty[];
  short: readonly SubstitutionLine[];
  updates: readonly SubstitutionUpdate[];
  offered: ReadonlyMap<string, Offered>;
  /** Whether the order already holds a product that needed the ID check (so the check was passed). */
  idChecked: boolean;
}): SubstitutionResult {
  const errors: Record<string, string> = {};
  const shortBySku = new Map(input.short.map((l) => [l.sku_id, l]));
  for (const u of input.updates)
    if (!shortBySku.has(u.sku_id)) errors[u.sku_id] = "This item has no substitution to review.";
  const answers = new Map(input.updates.map((u) => [u.sku_id, u]));
  const wanted = new Map<string, number>();
  const addedBy = new Map<string, string>();

  const kept = new Map<string, number>();
  for (const line of input.short) {
    const u = answers.get(line.sku_id) ?? defaultUpdate(line);
    const keep = u.removed ? 0 : u.kept;
    if (!Number.isInteger(keep) || keep < 0) errors[line.sku_id] = "Choose how many to keep.";
    else if (keep > line.stock_level)
      errors[line.sku_id] =
        line.stock_level === 0
          ? `${line.title} is out of stock: remove it or choose a replacement.`
          : `Only ${line.stock_level} of ${line.title} ${line.stock_level === 1 ? "is" : "are"} in stock.`;
    kept.set(line.sku_id, keep);
    for (const a of u.added) {
      const product = input.offered.get(a.sku_id);
      if (a.sku_id === line.sku_id) errors[line.sku_id] = "Choose a different product as the replacement.";
      else if (!product) errors[line.sku_id] = "That replacement is not available at this store.";
      else if (product.needsIdCheck && !input.idChecked)
        errors[line.sku_id] = `${product.title} needs an ID check at checkout: choose another replacement.`;
      else if (!Number.isInteger(a.qty) || a.qty < 1 || a.qty > MAX_REPLACEMENT_QTY)
        errors[line.sku_id] = prose`Choose between 1 and ${MAX_REPLACEMENT_QTY} of ${product.title}.`;
      else {
        wanted.set(a.sku_id, (wanted.get(a.sku_id) ?? 0) + a.qty);
        if (!addedBy.has(a.sku_id)) addedBy.set(a.sku_id, line.sku_id);
      }
    }
  }
  for (const [sku, qty] of wanted) {
    const product = input.offered.get(sku);
    if (product && qty > product.stock) {
      const owner = addedBy.get(sku) ?? sku;
      errors[owner] =
        product.stock === 0
          ? `${product.title} is no longer in stock.`
          : `Only ${product.stock} of ${product.title} ${product.stock === 1 ? "is" : "are"} in stock.`;
    }
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };

  const lines: OrderLineQty[] = [];
  for (const l of input.lines) {
    const qty = shortBySku.has(l.sku_id) ? (kept.get(l.sku_id) ?? 0) : l.qty;
    if (qty > 0) lines.push({ ...l, qty });
  }
  const added: { sku_id: string; qty: number; price: number }[] = [];
  for (const [sku, qty] of wanted) {
    const price = input.offered.get(sku)?.price ?? 0;
    const existing = lines.find((l) => l.sku_id === sku);
    if (existing) existing.qty += qty;
    else lines.push({ sku_id: sku, qty, price });
    added.push({ sku_id: sku, qty, price });
  }
  return { ok: true, lines, added };
}

/** An order's money, as substitutions change it. */
export interface OrderMoney {
  subtotal: number;
  fee: number;
  discount: number;
  tip: number;
  /** The tax on the order's goods, fee and tip (domain/tax). */
  tax: number;
  credit: number;
  round_up: number;
  total: number;
}

/**
 * The order's money with a new subtotal and the tax on it (the caller re-taxes the new lines; unchanged by default).
 * Fee, tip and round-up were agreed at checkout and stay; the discount and the store credit it used shrink only
 * when the order no longer covers them (never below nothing); `creditBack` is what returns to the shopper's credit;
 * `difference` is what the card is charged more (positive) or given back.
 */
export function recharge(
  money: OrderMoney,
  subtotal: number,
  tax: number = money.tax,
): { money: OrderMoney; creditBack: number; difference: number } {
  const discount = Math.min(money.discount, subtotal + money.fee);
  const payable = subtotal + money.fee - discount + money.tip + tax;
  const credit = Math.min(money.credit, payable);
  const total = payable - credit + money.round_up;
  return {
    money: { ...money, subtotal, discount, tax, credit, total },
    creditBack: money.credit - credit,
    difference: total - money.total,
  };
}

export const subtotalOf = (lines: readonly OrderLineQty[]) => lines.reduce((s, l) => s + l.qty * l.price, 0);
